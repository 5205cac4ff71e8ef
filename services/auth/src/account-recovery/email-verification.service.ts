import { Injectable } from '@nestjs/common';
import { isUniqueViolation, Outbox, rootLogger } from '@clima/common';
import type { EntityManager } from 'typeorm';
import { SessionStore } from '../sessions/session.store';
import { User } from '../users/user.entity';
import { toUpserted } from '../users/user.mapper';
import { UsersRepository } from '../users/users.repository';
import { AccountMail } from './account-mail';
import { AccountTokens } from './account-tokens';
import { RecoveryRateLimiter } from './recovery-rate-limiter';
import { authError, AuthError } from '../auth.errors';

const lower = (v: string) => v.trim().toLowerCase();

/**
 * E-mail verification (issue 14): a link (48 h, single use, the newest only) sent at registration, on
 * request, and to the new address of an e-mail change. A link proves the address it was sent to: the
 * current e-mail becomes verified, or the pending one replaces it.
 */
@Injectable()
export class EmailVerificationService {
  private readonly log = rootLogger('auth');

  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: AccountTokens,
    private readonly mail: AccountMail,
    private readonly limits: RecoveryRateLimiter,
    private readonly sessions: SessionStore,
    private readonly outbox: Outbox,
  ) {}

  /** After registration. The account already exists: a failure here is logged, and the profile can send the link again. */
  async sendForNewAccount(user: Pick<User, 'id' | 'email' | 'name'>): Promise<void> {
    try {
      const token = await this.users.transaction(async (m) => {
        await this.users.lockRow(m, user.id);
        return this.tokens.issue(m, user.id, 'email_verification', lower(user.email));
      });
      await this.mail.verification(user.email, user.name, token, 'new-account');
    } catch (err) {
      this.log.error({ err, userId: user.id }, 'verification e-mail not queued');
    }
  }

  /** Counts one verification e-mail a signed-in user asked for (resend or e-mail change); 429 past the limit. */
  limitRequests(userId: string): Promise<void> {
    return this.limits.assertVerificationMail(userId);
  }

  /** A link for a new address of the account; call in the transaction that locked the user's row and set `pending_email`. */
  issueForEmailChange(m: EntityManager, userId: string, newEmail: string): Promise<string> {
    return this.tokens.issue(m, userId, 'email_verification', lower(newEmail));
  }

  /** The link to the new address, and a notice to the current one (its owner hears of it before anything changes). */
  async sendEmailChange(user: { email: string; name: string | null }, newEmail: string, token: string): Promise<void> {
    await this.mail.verification(newEmail, user.name, token, 'email-change');
    await this.mail.emailChangeNotice(user.email, user.name, newEmail);
  }

  /**
   * POST /api/users/me/verification-email: a new link for the pending e-mail when a change waits,
   * otherwise for the current one; 409 when there is nothing to prove.
   */
  async resend(userId: string): Promise<{ email: string }> {
    const account = await this.users.emailState(userId);
    if (!account) throw authError(AuthError.SignedOut);
    const target = account.pending_email ?? (account.email_verified_at ? null : account.email);
    if (!target) throw authError(AuthError.EmailAlreadyVerified);
    await this.limits.assertVerificationMail(userId);
    const token = await this.users.transaction(async (m) => {
      const locked = await this.users.emailState(userId, m);
      if (!locked) throw authError(AuthError.SignedOut);
      return this.tokens.issue(m, userId, 'email_verification', lower(target));
    });
    await this.mail.verification(target, account.name, token, account.pending_email ? 'email-change' : 'resend');
    return { email: target };
  }

  /**
   * POST /api/auth/verify-email. The token's address is the account's current e-mail → it is verified;
   * it is the pending one → it replaces the current e-mail (409 when another account took it meanwhile).
   * Any other address (the account changed its e-mail since) makes the link invalid.
   */
  async verify(token: string, requestId?: string): Promise<{ email: string }> {
    let swapped: string | null = null;
    try {
      const email = await this.users.transaction(async (m) => {
        const t = await this.tokens.consume(m, token, 'email_verification');
        const account = await this.users.emailState(t.user_id, m);
        if (!account) throw authError(AuthError.LinkInvalid);
        if (lower(account.email) === t.email) {
          await this.users.markEmailVerified(m, account.id);
          return account.email;
        }
        if (!account.pending_email || lower(account.pending_email) !== t.email) throw authError(AuthError.LinkInvalid);
        if (await this.users.emailTaken(m, t.email, account.id)) throw authError(AuthError.EmailInUse);
        await this.users.swapInPendingEmail(m, account.id);
        const updated = (await this.users.findById(account.id, m))!;
        await this.outbox.write(m, 'user.upserted', toUpserted(updated), requestId);
        swapped = account.id;
        return updated.email;
      });
      if (swapped) {
        // the identity the gateway passes on carries the e-mail
        await this.sessions.forgetIdentity('user', swapped);
        this.outbox.kick();
      }
      return { email };
    } catch (err) {
      if (isUniqueViolation(err)) throw authError(AuthError.EmailInUse);
      throw err;
    }
  }
}
