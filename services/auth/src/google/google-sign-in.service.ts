import { Injectable } from '@nestjs/common';
import { AppError, REDIS } from '@clima/common';
import { AUTH_MESSAGES } from '@clima/contract';
import { Inject } from '@nestjs/common';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { Outbox } from '../events/outbox';
import { RedisKeys } from '../infra/redis-keys';
import { isUniqueViolation } from '../infra/sql';
import { SessionStore } from '../sessions/session.store';
import { User } from '../users/user.entity';
import { toUpserted } from '../users/user.mapper';
import { UsersService } from '../users/users.service';
import { AuthorizationRequest, GoogleOidc, GoogleProfile } from './google-oidc';

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
    private readonly ds: DataSource,
    private readonly users: UsersService,
    private readonly outbox: Outbox,
    private readonly sessions: SessionStore,
  ) {}

  /** Starts a sign-in: returns the provider's address and the key of the pending request. */
  async start(): Promise<{ redirectUrl: string; pendingKey: string }> {
    if (!this.google.enabled) throw AppError.unavailable(AUTH_MESSAGES.googleNotConfigured);
    const { url, ...pending } = await this.google.authorizationRequest();
    const pendingKey = randomBytes(24).toString('base64url');
    await this.redis.set(this.keys.oauthPending(pendingKey), JSON.stringify(pending satisfies Pending), 'EX', PENDING_TTL_SECONDS);
    return { redirectUrl: url, pendingKey };
  }

  /** Finishes a sign-in with the returned code; returns the signed-in user. */
  async complete(pendingKey: string | undefined, code: string, state: string | null | undefined, requestId?: string): Promise<User> {
    if (!this.google.enabled) throw AppError.unavailable(AUTH_MESSAGES.googleNotConfigured);
    if (!pendingKey || !PENDING_KEY_RE.test(pendingKey)) throw AppError.badRequest(AUTH_MESSAGES.googleLoginExpired);
    const raw = await this.redis.getdel(this.keys.oauthPending(pendingKey));
    if (!raw) throw AppError.badRequest(AUTH_MESSAGES.googleLoginExpired);
    const pending = JSON.parse(raw) as Pending;
    if (state && state !== pending.state) throw AppError.badRequest(AUTH_MESSAGES.googleStateMismatch);
    const profile = await this.google.exchange(code, pending);
    if (!profile.email) throw AppError.badRequest(AUTH_MESSAGES.googleNoEmail);
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
    return this.ds.transaction(async (m) => {
      const repo = m.getRepository(User);
      let user = await repo.findOne({ where: { googleSub: p.sub }, lock: { mode: 'pessimistic_write' } });
      let passwordRemoved = false;
      if (user) {
        const emailChanged = user.id.startsWith('google_') && p.emailVerified && email !== user.email && !(await this.emailTaken(m, email, user.id));
        const newEmail = emailChanged ? email : user.email;
        const proven = p.emailVerified && newEmail.toLowerCase() === email;
        await m.query(
          `UPDATE auth.users SET google_user_data = $2, email = $3,
             email_verified_at = CASE WHEN $4 THEN now() WHEN $5 THEN coalesce(email_verified_at, now()) ELSE email_verified_at END,
             updated_at = now()
           WHERE id = $1`,
          [user.id, JSON.stringify(googleData), newEmail, emailChanged, proven],
        );
        user = (await this.users.findById(user.id, m))!;
        if (emailChanged) await this.outbox.write(m, 'user.upserted', toUpserted(user), requestId);
      } else {
        const sameEmail = await repo
          .createQueryBuilder('u')
          .setLock('pessimistic_write')
          .where('lower(u.email) = :email', { email })
          .getOne();
        if (sameEmail) {
          if (!p.emailVerified || sameEmail.googleSub) throw AppError.conflict(AUTH_MESSAGES.emailInUse, 'email-already-in-use');
          passwordRemoved = !sameEmail.emailVerifiedAt;
          await m.query(
            `UPDATE auth.users SET google_sub = $2, google_user_data = $3,
               password_hash = CASE WHEN email_verified_at IS NULL THEN NULL ELSE password_hash END,
               email_verified_at = coalesce(email_verified_at, now()),
               updated_at = now()
             WHERE id = $1`,
            [sameEmail.id, p.sub, JSON.stringify(googleData)],
          );
          user = (await this.users.findById(sameEmail.id, m))!;
        } else {
          await m.query(
            `INSERT INTO auth.users (id, email, name, password_hash, google_sub, google_user_data, email_verified_at)
             VALUES ($1, $2, $3, NULL, $4, $5, CASE WHEN $6 THEN now() END)`,
            [`google_${p.sub}`, email, p.name, p.sub, JSON.stringify(googleData), p.emailVerified],
          );
          user = (await this.users.findById(`google_${p.sub}`, m))!;
          await this.outbox.write(m, 'user.upserted', toUpserted(user), requestId);
        }
      }
      await this.users.recordSignIn(m, user.id, requestId);
      return { user, passwordRemoved };
    });
  }

  private async emailTaken(m: EntityManager, email: string, exceptId: string): Promise<boolean> {
    const rows: unknown[] = await m.query(`SELECT 1 FROM auth.users WHERE lower(email) = $1 AND id <> $2`, [email, exceptId]);
    return rows.length > 0;
  }
}
