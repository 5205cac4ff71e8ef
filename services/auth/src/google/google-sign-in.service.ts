import { Injectable } from '@nestjs/common';
import { isUniqueViolation, Outbox, REDIS } from '@clima/common';
import { Inject } from '@nestjs/common';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { RedisKeys } from '../infra/redis-keys';
import { SessionStore } from '../sessions/session.store';
import { User } from '../users/user.entity';
import { toUpserted } from '../users/user.mapper';
import { UsersRepository } from '../users/users.repository';
import { UsersService } from '../users/users.service';
import { AuthorizationRequest, GoogleOidc, GoogleProfile } from './google-oidc';
import { authError, AuthError } from '../auth.errors';

/** How long a started Google sign-in may take to come back. */
export const PENDING_TTL_SECONDS = 600;
const PENDING_KEY_RE = /^[A-Za-z0-9_-]{32}$/;

type Pending = Omit<AuthorizationRequest, 'url'>;

/**
 * Google sign-in: the pending request (state, PKCE verifier, nonce) lives in Redis under a random key
 * that only the browser's HttpOnly cookie knows, and is used once.
 */
@Injectable()
export class GoogleSignInService {
  constructor(
    private readonly google: GoogleOidc,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly repo: UsersRepository,
    private readonly users: UsersService,
    private readonly outbox: Outbox,
    private readonly sessions: SessionStore,
  ) {}

  /** Starts a sign-in: returns the provider's address and the key of the pending request. */
  async start(): Promise<{ redirectUrl: string; pendingKey: string }> {
    if (!this.google.enabled) throw authError(AuthError.GoogleNotConfigured);
    const { url, ...pending } = await this.google.authorizationRequest();
    const pendingKey = randomBytes(24).toString('base64url');
    await this.redis.set(this.keys.oauthPending(pendingKey), JSON.stringify(pending satisfies Pending), 'EX', PENDING_TTL_SECONDS);
    return { redirectUrl: url, pendingKey };
  }

  /** Finishes a sign-in with the returned code; returns the signed-in user. */
  async complete(pendingKey: string | undefined, code: string, state: string, requestId?: string): Promise<User> {
    if (!this.google.enabled) throw authError(AuthError.GoogleNotConfigured);
    if (!pendingKey || !PENDING_KEY_RE.test(pendingKey)) throw authError(AuthError.GoogleLoginExpired);
    const raw = await this.redis.getdel(this.keys.oauthPending(pendingKey));
    if (!raw) throw authError(AuthError.GoogleLoginExpired);
    const pending = JSON.parse(raw) as Pending;
    // the state the provider sent back must be the one this browser's sign-in started with (no login CSRF)
    if (state !== pending.state) throw authError(AuthError.GoogleStateMismatch);
    const profile = await this.google.exchange(code, pending);
    if (!profile.email) throw authError(AuthError.GoogleNoEmail);
    const { user, passwordRemoved } = await this.findOrCreate(profile, requestId).catch(async (err: unknown) => {
      // two callbacks of the same new account at once: the second finds the first's row
      if (isUniqueViolation(err, 'users_pkey') || isUniqueViolation(err, 'users_google_sub_key')) return this.findOrCreate(profile, requestId);
      throw err;
    });
    // whoever set the removed password may be signed in: those sessions end before the owner's begins
    if (passwordRemoved) await this.sessions.revokeAll('user', user.id);
    await this.sessions.forgetIdentity('user', user.id);
    this.outbox.kick();
    return user;
  }

  /**
   * The account of a Google subject. First sign-in: an e-mail account with the same, Google-verified
   * e-mail is linked; otherwise a 'google_<sub>' account is created. An unverified e-mail that belongs
   * to another account is refused. A verified Google e-mail equal to the account's proves it
   * (`email_verified_at`).
   *
   * Linking an account whose e-mail was never proven also removes its password (`passwordRemoved`):
   * anyone could have registered that address with a password before its owner came through Google,
   * and would otherwise keep a way into the owner's account. A proven account keeps its password.
   */
  private findOrCreate(p: GoogleProfile, requestId?: string): Promise<{ user: User; passwordRemoved: boolean }> {
    const email = p.email!;
    const googleData = { name: p.name, picture: p.picture };
    return this.repo.transaction(async (m) => {
      let user = await this.repo.lockByGoogleSub(m, p.sub);
      let passwordRemoved = false;
      if (user) {
        const emailChanged = user.id.startsWith('google_') && p.emailVerified && email !== user.email && !(await this.repo.emailTaken(m, email, user.id));
        const newEmail = emailChanged ? email : user.email;
        const proven = p.emailVerified && newEmail.toLowerCase() === email;
        await this.repo.recordGoogleSignIn(m, user.id, googleData, newEmail, { emailChanged, proven });
        user = (await this.users.findById(user.id, m))!;
        if (emailChanged) await this.outbox.write(m, 'user.upserted', toUpserted(user), requestId);
      } else {
        const sameEmail = await this.repo.lockByEmail(m, email);
        if (sameEmail) {
          if (!p.emailVerified || sameEmail.googleSub) throw authError(AuthError.EmailInUse);
          passwordRemoved = !sameEmail.emailVerifiedAt;
          await this.repo.linkGoogle(m, sameEmail.id, p.sub, googleData);
          user = (await this.users.findById(sameEmail.id, m))!;
        } else {
          const id = await this.repo.insertGoogleAccount(m, { sub: p.sub, email, name: p.name, googleData, emailVerified: p.emailVerified });
          user = (await this.users.findById(id, m))!;
          await this.outbox.write(m, 'user.upserted', toUpserted(user), requestId);
        }
      }
      await this.users.recordSignIn(m, user.id, requestId);
      return { user, passwordRemoved };
    });
  }
}
