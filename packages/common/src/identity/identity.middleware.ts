import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ConfigError } from '../config/config';
import { ANONYMOUS_IDENTITY, ASSERTION_HEADER, AssertedIdentity, AssertionVerifier, verifyingKeysFromEnv } from './assertion';

declare module 'fastify' {
  interface FastifyRequest {
    identity?: AssertedIdentity;
  }
}

/** One verifier per set of keys in a process: the pipeline and the paths answered before it share its cache of checked assertions. */
const verifiers = new Map<string, AssertionVerifier>();

/** The verifier of a service, from IDENTITY_PUBLIC_KEYS; start-up fails naming the variable when it is missing or wrong. */
export function verifierFromEnv(env: NodeJS.ProcessEnv = process.env): AssertionVerifier {
  const text = env.IDENTITY_PUBLIC_KEYS?.trim();
  if (!text) throw new ConfigError('Configuração inválida:\n  IDENTITY_PUBLIC_KEYS: obrigatória (chaves públicas que verificam a identidade assinada pelo gateway)');
  const known = verifiers.get(text);
  if (known) return known;
  try {
    const verifier = new AssertionVerifier(verifyingKeysFromEnv(text));
    verifiers.set(text, verifier);
    return verifier;
  } catch (err) {
    throw new ConfigError(`Configuração inválida:\n  ${(err as Error).message}`);
  }
}

/**
 * Reads the caller's identity from the gateway's signed assertion, once per request, before any guard.
 * Anything else a caller sends (plain identity headers, a forged or expired assertion) makes it anonymous.
 */
export function identityFromAssertion(verifier: AssertionVerifier) {
  return (req: FastifyRequest, _reply: FastifyReply, next: HookHandlerDoneFunction) => {
    const raw = req.headers[ASSERTION_HEADER];
    const token = Array.isArray(raw) ? undefined : raw;
    if (token) {
      const result = verifier.verify(token);
      if (typeof result === 'string') req.log.debug({ problem: result }, 'identity assertion refused');
      req.identity = typeof result === 'string' ? ANONYMOUS_IDENTITY : result;
    } else {
      req.identity = ANONYMOUS_IDENTITY;
    }
    next();
  };
}
