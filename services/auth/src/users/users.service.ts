import { Injectable } from '@nestjs/common';
import { AppError } from '@clima/common';
import { AUTH_MESSAGES, PasswordBody, ProfileBody, RegisterBody } from '@clima/contract';
import { DataSource, EntityManager } from 'typeorm';
import { Outbox } from '../events/outbox';
import { PasswordHasher } from '../infra/passwords';
import { isUniqueViolation, returning } from '../infra/sql';
import { LoginRateLimiter } from '../sessions/login-rate-limiter';
import { SessionStore } from '../sessions/session.store';
import { isGoogleAccount, User } from './user.entity';
import { toUpserted } from './user.mapper';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** End-user accounts: creation, profile, password. */
@Injectable()
export class UsersService {
  constructor(
    private readonly ds: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly outbox: Outbox,
    private readonly sessions: SessionStore,
    private readonly limiter: LoginRateLimiter,
  ) {}

  findById(id: string, manager: EntityManager = this.ds.manager): Promise<User | null> {
    return manager.getRepository(User).findOneBy({ id });
  }

  /** The account of an e-mail with its password hash (for sign-in). */
  findWithPassword(email: string): Promise<User | null> {
    return this.ds
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.email) = :email', { email: normalizeEmail(email) })
      .getOne();
  }

  /** Registers an e-mail account ('email_<n>'); the new session counts as a sign-in. Limited per address. */
  async register(body: RegisterBody, ip: string, requestId?: string): Promise<User> {
    // counted before the password is hashed: attempts on an e-mail in use cost as much and probe for accounts
    await this.limiter.assertRegistrationAllowed(ip);
    const email = normalizeEmail(body.email);
    const passwordHash = await this.hasher.hash(body.password);
    try {
      const user = await this.ds.transaction(async (m) => {
        const [row] = await returning<{ id: string }>(
          m,
          `INSERT INTO auth.users (id, email, name, password_hash) VALUES ('email_' || nextval('auth.user_email_seq'), $1, $2, $3) RETURNING id`,
          [email, body.name, passwordHash],
        );
        const created = (await this.findById(row!.id, m))!;
        await this.outbox.write(m, 'user.upserted', toUpserted(created), requestId);
        await this.recordSignIn(m, created.id, requestId);
        return created;
      });
      this.outbox.kick();
      return user;
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.conflict(AUTH_MESSAGES.emailInUse, 'email-already-in-use');
      throw err;
    }
  }

  recordSignIn(manager: EntityManager, userId: string, requestId?: string): Promise<void> {
    return this.outbox.write(manager, 'user.signed_in', { userId, at: new Date().toISOString() }, requestId);
  }

  /** PUT /api/users/profile: name and e-mail (the e-mail of a Google account is read-only). */
  async updateProfile(userId: string, body: ProfileBody, requestId?: string): Promise<User> {
    const email = normalizeEmail(body.email);
    try {
      const user = await this.ds.transaction(async (m) => {
        const current = await m.getRepository(User).findOne({ where: { id: userId }, lock: { mode: 'pessimistic_write' } });
        if (!current) throw AppError.unauthorized(AUTH_MESSAGES.signedOut);
        if (isGoogleAccount(current) && email !== current.email.toLowerCase()) throw AppError.badRequest(AUTH_MESSAGES.googleEmailReadOnly);
        if (current.name === body.name && current.email === email) return current;
        // a new address is not proven by the old one's proof
        await m.query(
          `UPDATE auth.users SET name = $2, email = $3, email_verified_at = CASE WHEN lower(email) = $3 THEN email_verified_at END, updated_at = now() WHERE id = $1`,
          [userId, body.name, email],
        );
        const updated = (await this.findById(userId, m))!;
        await this.outbox.write(m, 'user.upserted', toUpserted(updated), requestId);
        return updated;
      });
      await this.sessions.forgetIdentity('user', userId);
      this.outbox.kick();
      return user;
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.conflict(AUTH_MESSAGES.emailInUse, 'email-already-in-use');
      throw err;
    }
  }

  /** PUT /api/users/password: refused for Google accounts; every other session of the user ends. */
  async changePassword(userId: string, body: PasswordBody, keepSessionId: string | undefined, ip: string): Promise<void> {
    const user = await this.ds
      .getRepository(User)
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.id = :id', { id: userId })
      .getOne();
    if (!user) throw AppError.unauthorized(AUTH_MESSAGES.signedOut);
    if (isGoogleAccount(user) || !user.passwordHash) throw AppError.forbidden(AUTH_MESSAGES.googlePasswordForbidden);
    // guessing the current password from a stolen session is limited like a sign-in
    await this.limiter.assertAllowed('password', userId, ip);
    if (!(await this.hasher.verify(user.passwordHash, body.currentPassword))) {
      await this.limiter.recordFailure('password', userId, ip);
      throw AppError.badRequest(AUTH_MESSAGES.wrongCurrentPassword);
    }
    await this.limiter.recordSuccess('password', userId, ip);
    const hash = await this.hasher.hash(body.newPassword);
    await this.ds.query(`UPDATE auth.users SET password_hash = $2, updated_at = now() WHERE id = $1`, [userId, hash]);
    await this.sessions.revokeAll('user', userId, keepSessionId);
  }
}
