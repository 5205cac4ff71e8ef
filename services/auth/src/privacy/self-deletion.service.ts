import { Injectable, Logger } from '@nestjs/common';
import { DeleteAccountBody } from '@clima/contract';
import { PasswordHasher } from '../infra/passwords';
import { LoginRateLimiter } from '../sessions/login-rate-limiter';
import { AccountDeletion } from '../users/account-deletion.service';
import { UsersRepository } from '../users/users.repository';
import { GoogleReauth } from './google-reauth';
import { PrivacyMail } from './privacy-mail';
import { authError, AuthError } from '../auth.errors';

/**
 * DELETE /api/users/me: the owner proves it is them (the password, or for an account without one a
 * Google sign-in of this session less than GOOGLE_REAUTH_MINUTES old), then the account goes through
 * the same deletion as an administrator's, and a confirmation is mailed to the address it had.
 */
@Injectable()
export class SelfDeletion {
  private readonly log = new Logger(SelfDeletion.name);

  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly limiter: LoginRateLimiter,
    private readonly googleReauth: GoogleReauth,
    private readonly deletion: AccountDeletion,
    private readonly mail: PrivacyMail,
  ) {}

  async deleteOwnAccount(userId: string, body: DeleteAccountBody, sessionId: string | undefined, ip: string, requestId?: string): Promise<void> {
    const user = await this.users.findWithPasswordById(userId);
    if (!user) throw authError(AuthError.SignedOut);
    if (user.passwordHash) {
      if (!body.password) throw authError(AuthError.DeletionPasswordRequired);
      // guessing the password from a stolen session is limited like the password change (same counters)
      await this.limiter.assertAllowed('password', userId, ip);
      if (!(await this.hasher.verify(user.passwordHash, body.password))) {
        await this.limiter.recordFailure('password', userId, ip);
        throw authError(AuthError.DeletionWrongPassword);
      }
      await this.limiter.recordSuccess('password', userId, ip);
    } else if (!(await this.googleReauth.signedInAt(sessionId, userId))) {
      throw authError(AuthError.GoogleReauthRequired);
    }
    const deleted = await this.deletion.remove(userId, requestId);
    // deleted meanwhile by another request (an administrator, a second tab): this session is gone either way
    if (!deleted) throw authError(AuthError.SignedOut);
    try {
      await this.mail.accountDeleted(deleted);
    } catch (err) {
      // the account is gone and the answer must say so; a lost confirmation is logged, not undone
      this.log.error({ err, userId, msg: 'account deleted, confirmation e-mail not queued' });
    }
  }
}
