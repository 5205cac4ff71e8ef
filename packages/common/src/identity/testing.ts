import { signAssertion, SigningKey, signingKeyFromEnv } from './assertion';
import type { Identity } from './identity';
import { ASSERTION_HEADER } from './assertion';

let cached: { text: string; key: SigningKey } | undefined;

/**
 * The header the gateway would send for this identity, signed with IDENTITY_PRIVATE_KEY of this process's
 * environment. For tests and benchmarks that call a service directly as the gateway would.
 */
export function signedIdentityHeaders(identity: Identity, ip = '127.0.0.1'): Record<string, string> {
  const text = process.env.IDENTITY_PRIVATE_KEY;
  if (!text) throw new Error('IDENTITY_PRIVATE_KEY não definida: o ambiente de teste deve gerar as chaves de identidade');
  if (cached?.text !== text) cached = { text, key: signingKeyFromEnv(text) };
  if (!identity.user && !identity.admin) return {};
  return { [ASSERTION_HEADER]: signAssertion(identity, ip, cached.key) };
}
