import { Inject, Injectable } from '@nestjs/common';
import { ASSERTION_TTL_SECONDS, CONFIG, ConfigError, Identity, signAssertion, SigningKey, signingKeyFromEnv } from '@clima/common';
import type { AuthConfig } from '../config';

/** An assertion is handed out again while it has at least this many seconds left. */
const REUSE_SECONDS = ASSERTION_TTL_SECONDS - 20;
const MAX_ENTRIES = 20_000;

/**
 * Signs the identity answer of the gateway's check. The same identity from the same address gets the
 * same token for a few seconds, so services verify it once and then find it in their cache. Revocation
 * does not depend on this: the identity itself is looked up on every request, and a changed identity
 * is a different key here.
 */
@Injectable()
export class AssertionSigner {
  private readonly key: SigningKey;
  private readonly recent = new Map<string, { token: string; until: number }>();

  constructor(@Inject(CONFIG) config: AuthConfig) {
    if (!config.IDENTITY_PRIVATE_KEY) {
      throw new ConfigError('Configuração inválida para o serviço auth:\n  IDENTITY_PRIVATE_KEY: obrigatória (chave que assina a identidade enviada aos serviços)');
    }
    try {
      this.key = signingKeyFromEnv(config.IDENTITY_PRIVATE_KEY);
    } catch (err) {
      throw new ConfigError(`Configuração inválida para o serviço auth:\n  ${(err as Error).message}`);
    }
  }

  sign(identity: Identity, ip: string): string {
    const now = Math.floor(Date.now() / 1000);
    const u = identity.user;
    const a = identity.admin;
    const cacheKey = `${ip}|${u ? `${u.id}|${u.email}|${u.name ?? ''}|${u.subscriptionStatus}|${u.isAdmin ? 1 : 0}` : '-'}|${a ? `${a.id}|${a.username}` : '-'}`;
    const hit = this.recent.get(cacheKey);
    if (hit && hit.until > now) return hit.token;
    const token = signAssertion(identity, ip, this.key, now);
    if (this.recent.size >= MAX_ENTRIES) this.recent.clear();
    this.recent.set(cacheKey, { token, until: now + REUSE_SECONDS });
    return token;
  }
}
