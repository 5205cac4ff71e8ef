import { Injectable, Logger } from '@nestjs/common';
import { AppError } from '@clima/common';
import { AUTH_MESSAGES, DeleteAccountBody, PRIVACY_MESSAGES } from '@clima/contract';
import { DataSource } from 'typeorm';
import { PasswordHasher } from '../infra/passwords';
import { LoginRateLimiter } from '../sessions/login-rate-limiter';
import { AccountDeletion } from '../users/account-deletion.service';
import { User } from '../users/user.entity';
import { GoogleReauth } from './google-reauth';
import { PrivacyMail } from './privacy-mail';

/**
 * DELETE /api/users/me: the owner proves it is them (the password, or for an account without one a
 * Google sign-in of this session less than GOOGLE_REAUTH_MINUTES old), then the account goes through
 * the same deletion as an administrator's, and a confirmation is mailed to the address it had.
 */
@Injectable()
export class SelfDeletion {
  private readonly log = new Logger(SelfDeletion.name);

  constructor(
    private readonly ds: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly limiter: LoginRateLimiter,
    private readonly googleReauth: GoogleReauth,
    private readonly deletion: AccountDeletion,
    private readonly mail: PrivacyMail,
  ) {}

  async deleteOwnAccount(userId: string, body: DeleteAccountBody, sessionId: string | undefined, ip: string, requestId?: string): Promise<void> {
    const user = await this.ds.getRepository(User).createQueryBuilder('u').addSelect('u.passwordHash').where('u.id = :id', { id: userId }).getOne();
    if (!user) throw AppError.unauthorized(AUTH_MESSAGES.signedOut);
    if (user.passwordHash) {
      if (!body.password) throw AppError.badRequest(PRIVACY_MESSAGES.passwordRequired);
      // guessing the password from a stolen session is limited like the password change (same counters)
      await this.limiter.assertAllowed('password', userId, ip);
      if (!(await this.hasher.verify(user.passwordHash, body.password))) {
        await this.limiter.recordFailure('password', userId, ip);
        throw AppError.badRequest(PRIVACY_MESSAGES.wrongPassword);
      }
      await this.limiter.recordSuccess('password', userId, ip);
    } else if (!(await this.googleReauth.signedInAt(sessionId, userId))) {
      throw AppError.forbidden(PRIVACY_MESSAGES.googleReauthRequired);
    }
    const deleted = await this.deletion.remove(userId, requestId);
    // deleted meanwhile by another request (an administrator, a second tab): this session is gone either way
    if (!deleted) throw AppError.unauthorized(AUTH_MESSAGES.signedOut);
    try {
      await this.mail.accountDeleted(deleted);
    } catch (err) {
      // the account is gone and the answer must say so; a lost confirmation is logged, not undone
      this.log.error({ err, userId, msg: 'account deleted, confirmation e-mail not queued' });
    }
  }
}
