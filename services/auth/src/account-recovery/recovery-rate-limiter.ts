import { Inject, Injectable } from '@nestjs/common';
import { CONFIG, REDIS } from '@clima/common';
import { Redis } from 'ioredis';
import { createHash } from 'node:crypto';
import { BlockList, isIPv6 } from 'node:net';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { AuthConfig } from '../config';
import { RedisKeys } from '../infra/redis-keys';
import { authError, AuthError } from '../auth.errors';

// addresses, e-mails and user ids are kept hashed: the counters need none of them in clear
const digest = (v: string) => createHash('sha256').update(v).digest('base64url').slice(0, 32);

/**
 * Limits of the e-mails anyone can make the service send (rate-limiter-flexible over Redis, windows that
 * start at the first event, as the sign-in limits):
 * - password-reset requests per address → 429 past PASSWORD_RESET_MAX_PER_IP (never for
 *   RATE_LIMIT_EXEMPT_NETWORKS);
 * - reset e-mails per account → past PASSWORD_RESET_MAX_PER_EMAIL nothing more is sent, and the answer
 *   stays the same, so the limit does not tell which e-mails have an account;
 * - verification e-mails a signed-in user asks for (resends, e-mail changes) → 429 past
 *   VERIFICATION_EMAILS_PER_HOUR.
 */
@Injectable()
export class RecoveryRateLimiter {
  private readonly resetsPerIp: RateLimiterRedis;
  private readonly resetsPerEmail: RateLimiterRedis;
  private readonly verificationsPerUser: RateLimiterRedis;
  private readonly exempt = new BlockList();

  constructor(@Inject(REDIS) redis: Redis, keys: RedisKeys, @Inject(CONFIG) config: AuthConfig) {
    const limiter = (scope: string, kind: string, points: number, duration: number) =>
      new RateLimiterRedis({ storeClient: redis, keyPrefix: keys.rateLimitPrefix(scope, kind), points, duration });
    const window = config.PASSWORD_RESET_WINDOW_MINUTES * 60;
    this.resetsPerIp = limiter('reset', 'ip', config.PASSWORD_RESET_MAX_PER_IP, window);
    this.resetsPerEmail = limiter('reset', 'account', config.PASSWORD_RESET_MAX_PER_EMAIL, window);
    this.verificationsPerUser = limiter('verify', 'account', config.VERIFICATION_EMAILS_PER_HOUR, 3600);
    for (const n of config.RATE_LIMIT_EXEMPT_NETWORKS) this.exempt.addSubnet(n.address, n.prefix, n.type);
  }

  private isExempt(ip: string): boolean {
    try {
      return this.exempt.check(ip, isIPv6(ip) ? 'ipv6' : 'ipv4');
    } catch {
      // not an address (a socket without one): limited like any other
      return false;
    }
  }

  /** Counts one reset request from the address; 429 past the limit. */
  async assertResetFromAddress(ip: string): Promise<void> {
    if (this.isExempt(ip)) return;
    await this.consume(this.resetsPerIp, ip, AuthError.TooManyPasswordResets);
  }

  /** Counts one reset e-mail for the account; false when its limit is used up (send nothing, answer the same). */
  async allowResetMail(email: string): Promise<boolean> {
    try {
      await this.resetsPerEmail.consume(digest(email.toLowerCase()));
      return true;
    } catch (err) {
      if (err instanceof RateLimiterRes) return false;
      throw err;
    }
  }

  /** Counts one verification e-mail asked for by a signed-in user; 429 past the limit. */
  async assertVerificationMail(userId: string): Promise<void> {
    await this.consume(this.verificationsPerUser, userId, AuthError.TooManyVerificationEmails);
  }

  private async consume(limiter: RateLimiterRedis, key: string, code: AuthError): Promise<void> {
    try {
      await limiter.consume(digest(key));
    } catch (err) {
      if (err instanceof RateLimiterRes) throw authError(code);
      throw err;
    }
  }
}
