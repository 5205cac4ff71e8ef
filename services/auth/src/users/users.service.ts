import { Injectable } from '@nestjs/common';
import { isUniqueViolation, Outbox } from '@clima/common';
import { isCommonPassword, PasswordBody, ProfileBody, RegisterBody } from '@clima/contract';
import type { EntityManager } from 'typeorm';
import { EmailVerificationService } from '../account-recovery/email-verification.service';
import { PasswordHasher } from '../infra/passwords';
import { LoginRateLimiter } from '../sessions/login-rate-limiter';
import { SessionStore } from '../sessions/session.store';
import { isGoogleAccount, User } from './user.entity';
import { type MeFields, toUpserted } from './user.mapper';
import { UsersRepository } from './users.repository';
import { authError, AuthError } from '../auth.errors';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** End-user accounts: creation, profile, password. */
@Injectable()
export class UsersService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly outbox: Outbox,
    private readonly sessions: SessionStore,
    private readonly limiter: LoginRateLimiter,
    private readonly verification: EmailVerificationService,
  ) {}

  findById(id: string, manager?: EntityManager): Promise<User | null> {
    return this.repo.findById(id, manager);
  }

  /** The account as GET /api/users/me shows it, or undefined. */
  findMe(id: string): Promise<MeFields | undefined> {
    return this.repo.me(id);
  }

  /** The account of an e-mail with its password hash (for sign-in). */
  findWithPassword(email: string): Promise<User | null> {
    return this.repo.findWithPasswordByEmail(normalizeEmail(email));
  }

  /** Registers an e-mail account ('email_<n>'); the new session counts as a sign-in. Limited per address. */
  async register(body: RegisterBody, ip: string, requestId?: string): Promise<User> {
    // counted before the password is hashed: attempts on an e-mail in use cost as much and probe for accounts
    await this.limiter.assertRegistrationAllowed(ip);
    const email = normalizeEmail(body.email);
    // a common password is refused after the spec's checks: an e-mail in use is said first
    if (isCommonPassword(body.password)) {
      if (await this.repo.emailTaken(undefined, email, '')) throw authError(AuthError.EmailInUse);
      throw authError(AuthError.CommonPassword);
    }
    const passwordHash = await this.hasher.hash(body.password);
    try {
      const user = await this.repo.transaction(async (m) => {
        const id = await this.repo.insertEmailAccount(m, email, body.name, passwordHash);
        const created = (await this.findById(id, m))!;
        await this.outbox.write(m, 'user.upserted', toUpserted(created), requestId);
        await this.recordSignIn(m, created.id, requestId);
        return created;
      });
      this.outbox.kick();
      // anyone can type any address: it counts as the owner's only once the link sent to it is used
      await this.verification.sendForNewAccount(user);
      return user;
    } catch (err) {
      if (isUniqueViolation(err)) throw authError(AuthError.EmailInUse);
      throw err;
    }
  }

  recordSignIn(manager: EntityManager, userId: string, requestId?: string): Promise<void> {
    return this.outbox.write(manager, 'user.signed_in', { userId, at: new Date().toISOString() }, requestId);
  }

  /** A sign-in outside any other change, in its own transaction. */
  recordSignInAlone(userId: string, requestId?: string): Promise<void> {
    return this.repo.transaction((m) => this.recordSignIn(m, userId, requestId));
  }

  /**
   * PUT /api/users/profile. The name applies at once. A new e-mail only becomes `pending_email`: a link
   * goes to the new address (and a notice to the current one), and the e-mail changes when that link is
   * used (EmailVerificationService.verify); until then the account keeps signing in with the current
   * one. Sending the pending e-mail again keeps that request as it is (the profile form shows it), sending
   * the current one cancels it. The e-mail of a Google account is read-only.
   */
  async updateProfile(userId: string, body: ProfileBody, requestId?: string): Promise<{ user: User; emailChangeRequested: boolean }> {
    const email = normalizeEmail(body.email);
    const result = await this.repo.transaction(async (m) => {
      const current = await this.repo.lockById(m, userId);
      if (!current) throw authError(AuthError.SignedOut);
      const changeEmail = email !== current.email.toLowerCase();
      if (isGoogleAccount(current) && changeEmail) throw authError(AuthError.GoogleEmailReadOnly);
      const samePending = changeEmail && email === current.pendingEmail?.toLowerCase();
      if (changeEmail && !samePending) {
        if (await this.repo.emailTaken(m, email, userId)) throw authError(AuthError.EmailInUse);
        // each change sends two messages to addresses the caller chose: counted like a resend
        await this.verification.limitRequests(userId);
      }
      const pending = changeEmail ? email : null;
      const nameChanged = current.name !== body.name;
      if (!nameChanged && pending === (current.pendingEmail?.toLowerCase() ?? null)) return { user: current, token: null, nameChanged, previous: current };
      await this.repo.updateProfile(m, userId, body.name, pending);
      const token = changeEmail && !samePending ? await this.verification.issueForEmailChange(m, userId, email) : null;
      const updated = (await this.findById(userId, m))!;
      if (nameChanged) await this.outbox.write(m, 'user.upserted', toUpserted(updated), requestId);
      return { user: updated, token, nameChanged, previous: current };
    });
    if (result.nameChanged) {
      await this.sessions.forgetIdentity('user', userId);
      this.outbox.kick();
    }
    if (result.token) await this.verification.sendEmailChange(result.previous, email, result.token);
    return { user: result.user, emailChangeRequested: result.token !== null };
  }

  /** PUT /api/users/password: refused for Google accounts; every session of the user ends; returns the caller's new session id. */
  async changePassword(userId: string, body: PasswordBody, ip: string): Promise<string> {
    const user = await this.repo.findWithPasswordById(userId);
    if (!user) throw authError(AuthError.SignedOut);
    if (isGoogleAccount(user) || !user.passwordHash) throw authError(AuthError.GooglePasswordForbidden);
    // guessing the current password from a stolen session is limited like a sign-in
    await this.limiter.assertAllowed('password', userId, ip);
    if (!(await this.hasher.verify(user.passwordHash, body.currentPassword))) {
      await this.limiter.recordFailure('password', userId, ip);
      throw authError(AuthError.WrongCurrentPassword);
    }
    await this.limiter.recordSuccess('password', userId, ip);
    if (isCommonPassword(body.newPassword)) throw authError(AuthError.CommonPassword);
    const hash = await this.hasher.hash(body.newPassword);
    await this.repo.setPasswordHash(userId, hash);
    // every session ends, the caller's too: it goes on under a new session id (a stolen old one is dead)
    await this.sessions.revokeAll('user', userId);
    return this.sessions.create('user', userId);
  }
}
