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
/** The first wait of an account and address past its free failures; each further failure doubles it. */
export const BACKOFF_FIRST_SECONDS = 1;
/** The first delay of an account that failed often from everywhere; each further failure doubles it. */
export const ACCOUNT_SLOWDOWN_FIRST_MS = 250;

// accounts and addresses are kept hashed: the counters need neither in clear
const digest = (v: string) => createHash('sha256').update(v).digest('base64url').slice(0, 32);

interface ScopeLimiters {
  /** Failures per account, from any address (slows down addresses the account never signed in from). */
  account: RateLimiterRedis;
  /** Distinct accounts that failed from an address. */
  address: RateLimiterRedis;
}

/**
 * Sign-in and registration limits, counted in Redis in windows that start at the first event. Nothing
 * here can lock an account's owner out: failures slow down, they never close the account.
 *
 * - Per account and address: SIGNIN_FREE_FAILURES failures are free; then each further attempt from that
 *   address must wait BACKOFF_FIRST_SECONDS after the last failure, doubled with each failure, up to
 *   SIGNIN_BACKOFF_MAX_SECONDS — sooner it is answered 429 with Retry-After, before any password is checked.
 *   Someone guessing from one address slows only that address.
 * - Per account, from everywhere: past SIGNIN_ACCOUNT_SLOWDOWN_AFTER failures in the window, a sign-in from an
 *   address the account never signed in from waits ACCOUNT_SLOWDOWN_FIRST_MS, doubled with each further
 *   failure, up to SIGNIN_ACCOUNT_SLOWDOWN_MAX_MS — never refused: the owner on a new network is slowed a
 *   little, and on one it signed in from before not at all.
 * - An address is judged by how many distinct accounts failed from it, not by raw failures: many
 *   people behind one office address mistyping their own passwords stay few accounts, while credential
 *   stuffing shows as many. From SIGNIN_SLOWDOWN_ACCOUNTS_PER_IP accounts on, its answers wait a delay
 *   that grows up to SIGNIN_SLOWDOWN_MAX_MS; from SIGNIN_MAX_ACCOUNTS_PER_IP on, it is refused.
 *   An account that already signed in successfully from that address (within a session lifetime) is
 *   exempt from both: a stuffing run cannot use that, it does not know which accounts those are, and
 *   the people of that office keep working.
 * - Registrations: REGISTER_MAX_PER_IP per address per REGISTER_WINDOW_MINUTES.
 * - Addresses in RATE_LIMIT_EXEMPT_NETWORKS are never limited per address (the per-account limits apply).
 */
@Injectable()
export class LoginRateLimiter {
  private readonly windowSeconds: number;
  private readonly freeFailures: number;
  private readonly backoffMaxSeconds: number;
  private readonly accountSlowdownAfter: number;
  private readonly accountSlowdownMaxMs: number;
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
    this.freeFailures = config.SIGNIN_FREE_FAILURES;
    this.backoffMaxSeconds = config.SIGNIN_BACKOFF_MAX_SECONDS;
    this.accountSlowdownAfter = config.SIGNIN_ACCOUNT_SLOWDOWN_AFTER;
    this.accountSlowdownMaxMs = config.SIGNIN_ACCOUNT_SLOWDOWN_MAX_MS;
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
        // only counted (penalty/get), never consumed: the points are no limit
        account: this.limiter(scope, 'account', 1_000_000, this.windowSeconds),
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

  /** The failures of one account from one address: a hash of their count (n) and the last one's time (t, ms). */
  private backoffKey(scope: LoginScope, account: string, ip: string) {
    return this.keys.rateLimit(scope, 'backoff', digest(`${account}\n${ip}`));
  }

  /** Seconds an account and address waits after `failures` failures (0 while they are free). */
  private backoffSeconds(failures: number): number {
    if (failures < this.freeFailures) return 0;
    return Math.min(this.backoffMaxSeconds, BACKOFF_FIRST_SECONDS * 2 ** Math.min(30, failures - this.freeFailures));
  }

  /**
   * Throws 429 (with Retry-After) while the account and address is backing off, or when the address is over its
   * limit for an account that never signed in from it; waits first when the account or the address is being
   * slowed down.
   */
  async assertAllowed(scope: LoginScope, account: string, ip: string): Promise<void> {
    const l = this.of(scope);
    const id = account.toLowerCase();
    const byAddress = !this.isExempt(ip);
    const [backoff, a, n] = await Promise.all([
      this.redis.hmget(this.backoffKey(scope, id, ip), 'n', 't'),
      l.account.get(digest(id)),
      byAddress ? l.address.get(digest(ip)) : null,
    ]);
    const waitMs = this.backoffSeconds(Number(backoff[0] ?? 0)) * 1000 - (Date.now() - Number(backoff[1] ?? 0));
    if (waitMs > 0) throw authError(AuthError.TooManyAttempts).retryAfter(waitMs / 1000);

    const accountFailures = a?.consumedPoints ?? 0;
    const accounts = n?.consumedPoints ?? 0;
    const accountSlow = accountFailures >= this.accountSlowdownAfter;
    const addressSlow = accounts >= this.slowdownAt || accounts >= this.maxAccountsPerIp;
    if (!accountSlow && !addressSlow) return;
    if (await this.redis.exists(this.knownKey(scope, id, ip))) return;
    if (accounts >= this.maxAccountsPerIp) throw authError(AuthError.TooManyAttempts).retryAfter(this.windowSeconds);
    const delays = [
      accountSlow ? Math.min(this.accountSlowdownMaxMs, ACCOUNT_SLOWDOWN_FIRST_MS * 2 ** Math.min(30, accountFailures - this.accountSlowdownAfter)) : 0,
      accounts >= this.slowdownAt ? Math.min(this.slowdownMaxMs, SLOWDOWN_STEP_MS * (accounts - this.slowdownAt + 1)) : 0,
    ];
    await sleep(Math.max(...delays));
  }

  async recordFailure(scope: LoginScope, account: string, ip: string): Promise<void> {
    const l = this.of(scope);
    const id = account.toLowerCase();
    const key = this.backoffKey(scope, id, ip);
    const res = await this.redis
      .multi()
      .hincrby(key, 'n', 1)
      .hset(key, 't', Date.now())
      // kept for the window, and at least as long as its longest wait
      .expire(key, this.windowSeconds + this.backoffMaxSeconds)
      .exec();
    const failures = Number(res?.[0]?.[1] ?? 0);
    await l.account.penalty(digest(id));
    // the first failure of this account from this address makes one more account for the address
    if (failures === 1 && !this.isExempt(ip)) await l.address.penalty(digest(ip));
  }

  /** A successful sign-in clears the account's counters and lets it past its address's limits from now on. */
  async recordSuccess(scope: LoginScope, account: string, ip: string): Promise<void> {
    const id = account.toLowerCase();
    await Promise.all([
      this.of(scope).account.delete(digest(id)),
      this.redis.del(this.backoffKey(scope, id, ip)),
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
