import { Injectable } from '@nestjs/common';
import { AdminIdentity } from '@clima/common';
import { AdminLoginBody, AdminMe } from '@clima/contract';
import { AdministratorsRepository } from '../administrators/administrators.repository';
import { PasswordHasher } from '../infra/passwords';
import { LoginRateLimiter } from '../sessions/login-rate-limiter';
import { SessionStore } from '../sessions/session.store';
import { authError, AuthError } from '../auth.errors';

export const toAdminMe = (a: AdminIdentity): AdminMe => ({
  id: a.id,
  username: a.username,
  kind: a.id.startsWith('user:') ? 'user' : 'administrator',
});

/** Administrator sign-in: its own sessions and cookie, its own rate-limit counters. */
@Injectable()
export class AdminAuthService {
  constructor(
    private readonly administrators: AdministratorsRepository,
    private readonly hasher: PasswordHasher,
    private readonly limiter: LoginRateLimiter,
    private readonly sessions: SessionStore,
  ) {}

  /** Checks the credentials; unknown username and wrong password get the same answer in the same time. */
  async login(body: AdminLoginBody, ip: string): Promise<{ admin: AdminMe; sid: string }> {
    const username = body.username.toLowerCase();
    await this.limiter.assertAllowed('admin', username, ip);
    const found = await this.administrators.findWithPassword(username);
    const ok = await this.hasher.check(found?.passwordHash, body.password);
    if (!found || !ok) {
      await this.limiter.recordFailure('admin', username, ip);
      throw authError(AuthError.InvalidCredentials);
    }
    await this.limiter.recordSuccess('admin', username, ip);
    const sid = await this.sessions.create('admin', String(found.id));
    return { admin: toAdminMe({ id: String(found.id), username: found.username }), sid };
  }
}
