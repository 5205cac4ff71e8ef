import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AppError, CONFIG, REDIS } from '@clima/common';
import { AUTH_MESSAGES } from '@clima/contract';
import { Redis } from 'ioredis';
import type { AuthConfig } from '../config';
import { RedisKeys } from '../infra/redis-keys';

/** Which sign-in form is counted: end users and administrators have separate counters. */
export type LoginScope = 'signin' | 'admin' | 'password';

const digest = (v: string) => createHash('sha256').update(v).digest('base64url').slice(0, 32);

/**
 * Failed sign-in attempts counted per account and per IP in fixed windows in Redis. When either
 * counter is at its limit, further attempts are refused with 429 before any password is checked.
 */
@Injectable()
export class LoginRateLimiter {
  private readonly windowSeconds: number;
  private readonly maxPerAccount: number;
  private readonly maxPerIp: number;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    @Inject(CONFIG) config: AuthConfig,
  ) {
    this.windowSeconds = config.SIGNIN_WINDOW_MINUTES * 60;
    this.maxPerAccount = config.SIGNIN_MAX_FAILURES_PER_ACCOUNT;
    this.maxPerIp = config.SIGNIN_MAX_FAILURES_PER_IP;
  }

  private accountKey(scope: LoginScope, account: string) {
    return this.keys.rateLimit(scope, 'account', digest(account.toLowerCase()));
  }
  private ipKey(scope: LoginScope, ip: string) {
    return this.keys.rateLimit(scope, 'ip', digest(ip));
  }

  /** Throws 429 when the account or the IP has used up its failures for the window. */
  async assertAllowed(scope: LoginScope, account: string, ip: string): Promise<void> {
    const [a, i] = await this.redis.mget(this.accountKey(scope, account), this.ipKey(scope, ip));
    if (Number(a ?? 0) >= this.maxPerAccount || Number(i ?? 0) >= this.maxPerIp) throw AppError.tooMany(AUTH_MESSAGES.tooManyAttempts);
  }

  async recordFailure(scope: LoginScope, account: string, ip: string): Promise<void> {
    const m = this.redis.multi();
    for (const key of [this.accountKey(scope, account), this.ipKey(scope, ip)]) {
      m.incr(key);
      // the window starts at the first failure
      m.expire(key, this.windowSeconds, 'NX');
    }
    await m.exec();
  }

  /** A successful sign-in clears the account's counter (the IP's stays). */
  async recordSuccess(scope: LoginScope, account: string): Promise<void> {
    await this.redis.del(this.accountKey(scope, account));
  }
}
