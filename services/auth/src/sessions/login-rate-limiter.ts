import { createHash } from 'node:crypto';
import { BlockList, isIPv6 } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, REDIS } from '@clima/common';
import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { AuthConfig } from '../config';
import { RedisKeys } from '../infra/redis-keys';
import { authError, AuthError } from '../auth.errors';

/** Which sign-in form is counted: end users and administrators have separate counters. */
export type LoginScope = 'signin' | 'admin' | 'password';

/** How much longer a slowed-down address waits for each further account that failed from it. */
export const SLOWDOWN_STEP_MS = 250;

// accounts and addresses are kept hashed: the counters need neither in clear
const digest = (v: string) => createHash('sha256').update(v).digest('base64url').slice(0, 32);

interface ScopeLimiters {
  /** Failures per account, from any address. */
  account: RateLimiterRedis;
  /** One point per (account, address): tells a new account failing from an address from a repeated one. */
  pair: RateLimiterRedis;
  /** Distinct accounts that failed from an address. */
  address: RateLimiterRedis;
}

/**
 * Sign-in and registration limits, counted in Redis (rate-limiter-flexible) in windows that start
 * at the first event.
 *
 * - An account with SIGNIN_MAX_FAILURES_PER_ACCOUNT failures in the window is refused (429) before
 *   any password is checked, from every address.
 * - An address is judged by how many distinct accounts failed from it, not by raw failures: many
 *   people behind one office address mistyping their own passwords stay few accounts, while credential
 *   stuffing shows as many. From SIGNIN_SLOWDOWN_ACCOUNTS_PER_IP accounts on, its answers wait a delay
 *   that grows up to SIGNIN_SLOWDOWN_MAX_MS; from SIGNIN_MAX_ACCOUNTS_PER_IP on, it is refused.
 *   An account that already signed in successfully from that address (within a session lifetime) is
 *   exempt from both: a stuffing run cannot use that, it does not know which accounts those are, and
 *   the people of that office keep working.
 * - Registrations: REGISTER_MAX_PER_IP per address per REGISTER_WINDOW_MINUTES.
 * - Addresses in RATE_LIMIT_EXEMPT_NETWORKS are never limited per address (per-account limits apply).
 */
@Injectable()
export class LoginRateLimiter {
  private readonly windowSeconds: number;
  private readonly maxPerAccount: number;
  private readonly slowdownAt: number;
  private readonly slowdownMaxMs: number;
  private readonly maxAccountsPerIp: number;
  private readonly knownSeconds: number;
  private readonly scopes = new Map<LoginScope, ScopeLimiters>();
  private readonly registrations: RateLimiterRedis;
  private readonly exempt = new BlockList();

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    @Inject(CONFIG) config: AuthConfig,
  ) {
    this.windowSeconds = config.SIGNIN_WINDOW_MINUTES * 60;
    this.maxPerAccount = config.SIGNIN_MAX_FAILURES_PER_ACCOUNT;
    this.slowdownAt = config.SIGNIN_SLOWDOWN_ACCOUNTS_PER_IP;
    this.slowdownMaxMs = config.SIGNIN_SLOWDOWN_MAX_MS;
    this.maxAccountsPerIp = config.SIGNIN_MAX_ACCOUNTS_PER_IP;
    this.knownSeconds = config.SESSION_TTL_DAYS * 24 * 3600;
    this.registrations = this.limiter('register', 'ip', config.REGISTER_MAX_PER_IP, config.REGISTER_WINDOW_MINUTES * 60);
    for (const n of config.RATE_LIMIT_EXEMPT_NETWORKS) this.exempt.addSubnet(n.address, n.prefix, n.type);
  }

  private limiter(scope: string, kind: string, points: number, duration: number): RateLimiterRedis {
    return new RateLimiterRedis({ storeClient: this.redis, keyPrefix: this.keys.rateLimitPrefix(scope, kind), points, duration });
  }

  private of(scope: LoginScope): ScopeLimiters {
    let l = this.scopes.get(scope);
    if (!l) {
      l = {
        account: this.limiter(scope, 'account', this.maxPerAccount, this.windowSeconds),
        pair: this.limiter(scope, 'pair', 1, this.windowSeconds),
        address: this.limiter(scope, 'ip', this.maxAccountsPerIp, this.windowSeconds),
      };
      this.scopes.set(scope, l);
    }
    return l;
  }

  private isExempt(ip: string): boolean {
    try {
      return this.exempt.check(ip, isIPv6(ip) ? 'ipv6' : 'ipv4');
    } catch {
      // not an address (a socket without one): limited like any other
      return false;
    }
  }

  private knownKey(scope: LoginScope, account: string, ip: string) {
    return this.keys.rateLimit(scope, 'known', digest(`${account}\n${ip}`));
  }

  /**
   * Throws 429 when the account has used up its failures, or the address is over its limit for an
   * account that never signed in from it; waits first when the address is being slowed down.
   */
  async assertAllowed(scope: LoginScope, account: string, ip: string): Promise<void> {
    const l = this.of(scope);
    const id = account.toLowerCase();
    const byAddress = !this.isExempt(ip);
    const [a, n] = await Promise.all([l.account.get(digest(id)), byAddress ? l.address.get(digest(ip)) : null]);
    if ((a?.consumedPoints ?? 0) >= this.maxPerAccount) throw authError(AuthError.TooManyAttempts);
    const accounts = n?.consumedPoints ?? 0;
    if (accounts < this.slowdownAt && accounts < this.maxAccountsPerIp) return;
    if (await this.redis.exists(this.knownKey(scope, id, ip))) return;
    if (accounts >= this.maxAccountsPerIp) throw authError(AuthError.TooManyAttempts);
    await sleep(Math.min(this.slowdownMaxMs, SLOWDOWN_STEP_MS * (accounts - this.slowdownAt + 1)));
  }

  async recordFailure(scope: LoginScope, account: string, ip: string): Promise<void> {
    const l = this.of(scope);
    const id = digest(account.toLowerCase());
    const [, pair] = await Promise.all([l.account.penalty(id), this.isExempt(ip) ? null : l.pair.penalty(digest(`${id}\n${ip}`))]);
    // the first failure of this account from this address in the window makes one more account
    if (pair?.consumedPoints === 1) await l.address.penalty(digest(ip));
  }

  /** A successful sign-in clears the account's counter and lets it past its address's limits from now on. */
  async recordSuccess(scope: LoginScope, account: string, ip: string): Promise<void> {
    const id = account.toLowerCase();
    await Promise.all([
      this.of(scope).account.delete(digest(id)),
      this.isExempt(ip) ? null : this.redis.set(this.knownKey(scope, id, ip), '1', 'EX', this.knownSeconds),
    ]);
  }

  /** Counts one registration attempt from the address; throws 429 past REGISTER_MAX_PER_IP. */
  async assertRegistrationAllowed(ip: string): Promise<void> {
    if (this.isExempt(ip)) return;
    try {
      await this.registrations.consume(digest(ip));
    } catch (err) {
      if (err instanceof RateLimiterRes) throw authError(AuthError.TooManyRegistrations);
      throw err;
    }
  }
}
