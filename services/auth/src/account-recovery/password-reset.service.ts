import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { rootLogger } from '@clima/common';
import { isCommonPassword, PasswordResetConfirmBody } from '@clima/contract';
import { PasswordHasher } from '../infra/passwords';
import { LoginRateLimiter } from '../sessions/login-rate-limiter';
import { SessionStore } from '../sessions/session.store';
import { isGoogleAccount } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { normalizeEmail } from '../users/users.service';
import { AccountMail } from './account-mail';
import { AccountTokens } from './account-tokens';
import { RecoveryRateLimiter } from './recovery-rate-limiter';
import { authError, AuthError } from '../auth.errors';

/**
 * 'Esqueci minha senha': a link e-mailed to the account's address (30 minutes, single use, the newest
 * only) that sets a new password and ends every session of the account.
 */
@Injectable()
export class PasswordResetService implements OnModuleDestroy {
  private readonly log = rootLogger('auth');
  /** Deliveries still running after their request was answered (awaited on shutdown). */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: AccountTokens,
    private readonly mail: AccountMail,
    private readonly limits: RecoveryRateLimiter,
    private readonly signInLimits: LoginRateLimiter,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStore,
  ) {}

  /**
   * POST /api/auth/password-reset. Only the per-address limit can refuse; everything that depends on
   * whether the e-mail has an account (the lookup, the per-account limit, the token, the message) runs
   * after the answer, so neither the answer nor its timing tells.
   */
  async request(email: string, ip: string): Promise<void> {
    await this.limits.assertResetFromAddress(ip);
    const delivery = this.deliver(normalizeEmail(email)).catch((err: unknown) => this.log.error({ err }, 'password reset e-mail not queued'));
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
  }

  private async deliver(email: string): Promise<void> {
    const account = await this.users.contactByEmail(email);
    if (!account || !(await this.limits.allowResetMail(email))) return;
    // an account created through Google has no password to reset (spec: its password is not managed here)
    if (isGoogleAccount(account)) return this.mail.passwordResetGoogleAccount(account.email, account.name);
    const token = await this.users.transaction(async (m) => {
      // one issuer at a time per account, so "the newest link" is well defined
      const locked = await this.users.lockContact(m, account.id);
      if (!locked || locked.email.toLowerCase() !== email) return null;
      return this.tokens.issue(m, account.id, 'password_reset', email);
    });
    if (token) await this.mail.passwordReset(account.email, account.name, token);
  }

  /** POST /api/auth/password-reset/check: 400 for a used, replaced, unknown or expired link; nothing is used up. */
  async check(token: string): Promise<void> {
    await this.tokens.check(token, 'password_reset');
  }

  /**
   * POST /api/auth/password-reset/confirm. The link proves the address is the owner's, so the e-mail
   * counts as verified from now on; an e-mail change in progress is dropped (whoever asked for it may be
   * the session being ended), every session ends, and the account's sign-in failures are forgotten.
   */
  async confirm(body: PasswordResetConfirmBody, ip: string): Promise<void> {
    // a dead link is refused before the argon2 work
    await this.tokens.check(body.token, 'password_reset');
    // after the link's own check: a dead link is said first
    if (isCommonPassword(body.password)) throw authError(AuthError.CommonPassword);
    const hash = await this.hasher.hash(body.password);
    const account = await this.users.transaction(async (m) => {
      const token = await this.tokens.consume(m, body.token, 'password_reset');
      const updated = await this.users.resetPassword(m, token.user_id, hash, token.email);
      // the account's e-mail changed since the link was sent: the link no longer proves anything
      if (!updated) throw authError(AuthError.LinkInvalid);
      return updated;
    });
    await this.sessions.revokeAll('user', account.id);
    await this.sessions.forgetIdentity('user', account.id);
    await this.signInLimits.recordSuccess('signin', account.email.toLowerCase(), ip);
    await this.mail.passwordChanged(account.email, account.name);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }
}
