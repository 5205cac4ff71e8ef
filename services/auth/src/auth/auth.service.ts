import { Outbox } from '@clima/common';
import { Injectable } from '@nestjs/common';
import { SignInBody } from '@clima/contract';
import { PasswordHasher } from '../infra/passwords';
import { LoginRateLimiter } from '../sessions/login-rate-limiter';
import { SessionStore } from '../sessions/session.store';
import { isGoogleAccount, User } from '../users/user.entity';
import { normalizeEmail, UsersService } from '../users/users.service';
import { authError, AuthError } from '../auth.errors';

/** E-mail sign-in and end-user sessions. */
@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly hasher: PasswordHasher,
    private readonly limiter: LoginRateLimiter,
    private readonly sessions: SessionStore,
    private readonly outbox: Outbox,
  ) {}

  /**
   * Checks e-mail and password. An unknown e-mail costs the same argon2 work as a wrong password, so
   * the answer time does not tell them apart; failures count toward the per-account and per-address limits.
   */
  async signIn(body: SignInBody, ip: string, requestId?: string): Promise<User> {
    const email = normalizeEmail(body.email);
    await this.limiter.assertAllowed('signin', email, ip);
    const found = await this.users.findWithPassword(email);
    const ok = await this.hasher.check(found?.passwordHash, body.password);
    if (!found || !ok) {
      await this.limiter.recordFailure('signin', email, ip);
      if (!found) throw authError(AuthError.UserNotFound);
      if (!found.passwordHash && isGoogleAccount(found)) throw authError(AuthError.GoogleAccountUsePassword);
      throw authError(AuthError.WrongPassword);
    }
    await this.limiter.recordSuccess('signin', email, ip);
    await this.users.recordSignInAlone(found.id, requestId);
    this.outbox.kick();
    found.passwordHash = null;
    return found;
  }

  startSession(userId: string): Promise<string> {
    return this.sessions.create('user', userId);
  }

  endSession(sid: string | undefined): Promise<string | null> {
    return this.sessions.destroy('user', sid);
  }
}
