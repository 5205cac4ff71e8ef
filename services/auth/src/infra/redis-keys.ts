import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@clima/common';
import type { AuthConfig } from '../config';

/** Every Redis key of the auth service, under the deployment's prefix. */
@Injectable()
export class RedisKeys {
  readonly base: string;

  constructor(@Inject(CONFIG) config: Pick<AuthConfig, 'KEY_PREFIX'>) {
    this.base = `${config.KEY_PREFIX}:auth`;
  }

  userSession = (sid: string) => `${this.base}:sess:${sid}`;
  userSessionIndex = (userId: string) => `${this.base}:user-sessions:${userId}`;
  adminSession = (sid: string) => `${this.base}:asess:${sid}`;
  adminSessionIndex = (adminId: number | string) => `${this.base}:admin-sessions:${adminId}`;
  /** Prefixes the identity script appends an id to. */
  get userIdentityPrefix() {
    return `${this.base}:ident:u:`;
  }
  get adminIdentityPrefix() {
    return `${this.base}:ident:a:`;
  }
  userIdentity = (userId: string) => `${this.userIdentityPrefix}${userId}`;
  adminIdentity = (adminId: number | string) => `${this.adminIdentityPrefix}${adminId}`;
  /**
   * Counter bumped by every change that drops a cached identity: an identity read from Postgres is stored
   * only if it did not move since the read began (a change in between would otherwise leave the old one).
   */
  get identityEpoch() {
    return `${this.base}:ident-epoch`;
  }
  /** Pub/sub channel on which auth processes tell each other what to forget at once. */
  get identityRevocations() {
    return `${this.base}:identity-revoked`;
  }
  oauthPending = (key: string) => `${this.base}:oauth:${key}`;
  /** A session created by a Google sign-in, for GOOGLE_REAUTH_MINUTES (a Google-only account proves itself with it). */
  googleSignIn = (sid: string) => `${this.base}:google-signin:${sid}`;
  /** Prefix under which a limiter (rate-limiter-flexible adds ':<id>') keeps one kind of counter of one scope. */
  rateLimitPrefix = (scope: string, kind: string) => `${this.base}:rl:${scope}:${kind}`;
  rateLimit = (scope: string, kind: string, id: string) => `${this.rateLimitPrefix(scope, kind)}:${id}`;
}
