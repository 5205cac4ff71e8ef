import { Injectable } from '@nestjs/common';
import { likePattern, queryOne, queryRows, withTransaction, type Queryable } from '@clima/common';
import type { AdminUsersQuery } from '@clima/contract';
import { DataSource, EntityManager } from 'typeorm';
import { User } from './user.entity';
import type { MeFields } from './user.mapper';

/** Statuses the panel has a badge for; anything else is shown (and filtered) as 'Inativo'. */
const KNOWN_STATUSES = ['active', 'canceled', 'expired'];

/** Who an account is, for mail and deletion. */
export interface AccountContact {
  id: string;
  email: string;
  name: string | null;
}

/** The e-mail state of an account (verification and e-mail change). */
export interface AccountEmailState extends AccountContact {
  pending_email: string | null;
  email_verified_at: Date | null;
}

/** What the gateway's identity carries of a user. */
export interface UserIdentityRow {
  id: string;
  email: string;
  name: string | null;
  subscription_status: string;
  is_admin: boolean;
}

/** An administrator's edit of a user; only the fields present change. `email` is given only when it changes. */
export interface AdminUserEdit {
  name?: string | null;
  email?: string;
  subscription_status?: string;
  subscription_plan?: string | null;
  subscription_expires_at?: Date | null;
  is_admin?: boolean;
}

/**
 * The account as GET /api/users/me and /api/session show it (toMe), under the entity's names: one plain statement
 * on the hottest signed-in read, without the query builder's work on every call.
 */
export const ME_SELECT = `
  SELECT id, email, name, google_user_data AS "googleUserData", subscription_status AS "subscriptionStatus",
         subscription_plan AS "subscriptionPlan", subscription_expires_at AS "subscriptionExpiresAt", is_admin AS "isAdmin",
         created_at AS "createdAt", email_verified_at AS "emailVerifiedAt", pending_email AS "pendingEmail"
    FROM auth.users WHERE id = $1`;

/** The `auth.users` table. */
@Injectable()
export class UsersRepository {
  constructor(private readonly ds: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return withTransaction(this.ds, work);
  }

  /** The account as the user sees it (ME_SELECT), or undefined. */
  me(id: string): Promise<MeFields | undefined> {
    return queryOne<MeFields>(this.ds, ME_SELECT, [id]);
  }

  findById(id: string, m: EntityManager = this.ds.manager): Promise<User | null> {
    return m.getRepository(User).findOneBy({ id });
  }

  /** The row locked until the transaction ends. */
  lockById(m: EntityManager, id: string): Promise<User | null> {
    return m.getRepository(User).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  lockByGoogleSub(m: EntityManager, sub: string): Promise<User | null> {
    return m.getRepository(User).findOne({ where: { googleSub: sub }, lock: { mode: 'pessimistic_write' } });
  }

  /** `email` already lower-case. */
  lockByEmail(m: EntityManager, email: string): Promise<User | null> {
    return m.getRepository(User).createQueryBuilder('u').setLock('pessimistic_write').where('lower(u.email) = :email', { email }).getOne();
  }

  /** With the password hash (sign-in); `email` already lower-case. */
  findWithPasswordByEmail(email: string): Promise<User | null> {
    return this.ds.getRepository(User).createQueryBuilder('u').addSelect('u.passwordHash').where('lower(u.email) = :email', { email }).getOne();
  }

  /** With the password hash (password change, export, self-deletion). */
  findWithPasswordById(id: string): Promise<User | null> {
    return this.ds.getRepository(User).createQueryBuilder('u').addSelect('u.passwordHash').where('u.id = :id', { id }).getOne();
  }

  /** One query: the gateway's hot path. */
  identityRow(id: string): Promise<UserIdentityRow | undefined> {
    return queryOne<UserIdentityRow>(this.ds, `SELECT id, email, name, subscription_status, is_admin FROM auth.users WHERE id = $1`, [id]);
  }

  contactById(id: string): Promise<Pick<AccountContact, 'email' | 'name'> | undefined> {
    return queryOne(this.ds, `SELECT email, name FROM auth.users WHERE id = $1`, [id]);
  }

  /** `email` already lower-case. */
  contactByEmail(email: string): Promise<AccountContact | undefined> {
    return queryOne<AccountContact>(this.ds, `SELECT id, email, name FROM auth.users WHERE lower(email) = $1`, [email]);
  }

  lockContact(m: EntityManager, id: string): Promise<AccountContact | undefined> {
    return queryOne<AccountContact>(m, `SELECT id, email, name FROM auth.users WHERE id = $1 FOR UPDATE`, [id]);
  }

  async lockRow(m: EntityManager, id: string): Promise<void> {
    await m.query(`SELECT 1 FROM auth.users WHERE id = $1 FOR UPDATE`, [id]);
  }

  /** Without `m`, read outside any transaction; with it, locked until the transaction ends. */
  emailState(id: string, m?: EntityManager): Promise<AccountEmailState | undefined> {
    return queryOne<AccountEmailState>(
      m ?? this.ds,
      `SELECT id, email, name, pending_email, email_verified_at FROM auth.users WHERE id = $1${m ? ' FOR UPDATE' : ''}`,
      [id],
    );
  }

  /** Whether another account has the (lower-case) e-mail; without `db`, read outside any transaction. */
  async emailTaken(db: Queryable | undefined, email: string, exceptId: string): Promise<boolean> {
    db ??= this.ds;
    return (await queryRows(db, `SELECT 1 FROM auth.users WHERE lower(email) = $1 AND id <> $2`, [email, exceptId])).length > 0;
  }

  /** A new e-mail account ('email_<n>'); its id. */
  async insertEmailAccount(m: EntityManager, email: string, name: string, passwordHash: string): Promise<string> {
    const row = await queryOne<{ id: string }>(
      m,
      `INSERT INTO auth.users (id, email, name, password_hash) VALUES ('email_' || nextval('auth.user_email_seq'), $1, $2, $3) RETURNING id`,
      [email, name, passwordHash],
    );
    return row!.id;
  }

  async updateProfile(m: EntityManager, id: string, name: string, pendingEmail: string | null): Promise<void> {
    await m.query(`UPDATE auth.users SET name = $2, pending_email = $3, updated_at = now() WHERE id = $1`, [id, name, pendingEmail]);
  }

  async setPasswordHash(id: string, hash: string): Promise<void> {
    await this.ds.query(`UPDATE auth.users SET password_hash = $2, updated_at = now() WHERE id = $1`, [id, hash]);
  }

  /** The reset link's password; undefined when the account's e-mail is no longer `email`. */
  resetPassword(m: EntityManager, id: string, hash: string, email: string): Promise<AccountContact | undefined> {
    return queryOne<AccountContact>(
      m,
      `UPDATE auth.users SET password_hash = $2, email_verified_at = coalesce(email_verified_at, now()), pending_email = NULL, updated_at = now()
        WHERE id = $1 AND lower(email) = $3 RETURNING id, email, name`,
      [id, hash, email],
    );
  }

  async markEmailVerified(m: EntityManager, id: string): Promise<void> {
    await m.query(`UPDATE auth.users SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1`, [id]);
  }

  async swapInPendingEmail(m: EntityManager, id: string): Promise<void> {
    await m.query(`UPDATE auth.users SET email = pending_email, pending_email = NULL, email_verified_at = now(), updated_at = now() WHERE id = $1`, [id]);
  }

  /** A Google sign-in of a linked account: its Google data, and the e-mail when `emailChanged`. */
  async recordGoogleSignIn(
    m: EntityManager,
    id: string,
    googleData: unknown,
    email: string,
    flags: { emailChanged: boolean; proven: boolean },
  ): Promise<void> {
    await m.query(
      `UPDATE auth.users SET google_user_data = $2, email = $3,
         email_verified_at = CASE WHEN $4 THEN now() WHEN $5 THEN coalesce(email_verified_at, now()) ELSE email_verified_at END,
         updated_at = now()
       WHERE id = $1`,
      [id, JSON.stringify(googleData), email, flags.emailChanged, flags.proven],
    );
  }

  /** Links an e-mail account to a Google subject; an unproven account loses its password. */
  async linkGoogle(m: EntityManager, id: string, sub: string, googleData: unknown): Promise<void> {
    await m.query(
      `UPDATE auth.users SET google_sub = $2, google_user_data = $3,
         password_hash = CASE WHEN email_verified_at IS NULL THEN NULL ELSE password_hash END,
         email_verified_at = coalesce(email_verified_at, now()),
         updated_at = now()
       WHERE id = $1`,
      [id, sub, JSON.stringify(googleData)],
    );
  }

  /** A new 'google_<sub>' account; its id. */
  async insertGoogleAccount(
    m: EntityManager,
    p: { sub: string; email: string; name: string | null; googleData: unknown; emailVerified: boolean },
  ): Promise<string> {
    const id = `google_${p.sub}`;
    await m.query(
      `INSERT INTO auth.users (id, email, name, password_hash, google_sub, google_user_data, email_verified_at)
       VALUES ($1, $2, $3, NULL, $4, $5, CASE WHEN $6 THEN now() END)`,
      [id, p.email, p.name, p.sub, JSON.stringify(p.googleData), p.emailVerified],
    );
    return id;
  }

  /** Newest first; search over name and e-mail ignoring accents and case. */
  listForAdmin(q: AdminUsersQuery): Promise<User[]> {
    const qb = this.ds.getRepository(User).createQueryBuilder('u').orderBy('u.created_at', 'DESC').addOrderBy('u.id', 'DESC');
    if (q.search) {
      qb.andWhere(`public.f_unaccent(lower(coalesce(u.name, '') || ' ' || u.email)) LIKE public.f_unaccent(lower(:search))`, {
        search: likePattern(q.search),
      });
    }
    if (q.status === 'inactive') qb.andWhere('u.subscription_status NOT IN (:...known)', { known: KNOWN_STATUSES });
    else if (q.status) qb.andWhere('u.subscription_status = :status', { status: q.status });
    return qb.getMany();
  }

  /**
   * Applies an administrator's edit; false when it changes nothing. A new e-mail is not proven by the
   * old one's proof; a subscription edit is the newest fact about the subscription.
   */
  async applyAdminEdit(m: EntityManager, id: string, edit: AdminUserEdit): Promise<boolean> {
    const sets: string[] = [];
    const params: unknown[] = [id];
    const set = (column: string, value: unknown) => {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    };
    if (edit.name !== undefined) set('name', edit.name);
    if (edit.email !== undefined) {
      set('email', edit.email);
      sets.push('email_verified_at = NULL');
    }
    if (edit.subscription_status !== undefined) set('subscription_status', edit.subscription_status);
    if (edit.subscription_plan !== undefined) set('subscription_plan', edit.subscription_plan);
    if (edit.subscription_expires_at !== undefined) set('subscription_expires_at', edit.subscription_expires_at);
    if (edit.subscription_status !== undefined || edit.subscription_plan !== undefined || edit.subscription_expires_at !== undefined) {
      sets.push('subscription_updated_at = now()');
    }
    if (edit.is_admin !== undefined) set('is_admin', edit.is_admin);
    if (!sets.length) return false;
    await m.query(`UPDATE auth.users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
    return true;
  }

  /** Follows a subscription fact unless a newer one was applied; whether the row changed. */
  async applySubscription(
    userId: string,
    s: { status: string; plan: string | null; expiresAt: Date | null; occurredAt: Date },
  ): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.ds,
      `UPDATE auth.users
          SET subscription_status = $2, subscription_plan = $3, subscription_expires_at = $4,
              subscription_updated_at = $5, updated_at = now()
        WHERE id = $1 AND (subscription_updated_at IS NULL OR subscription_updated_at <= $5)
        RETURNING id`,
      [userId, s.status, s.plan, s.expiresAt, s.occurredAt],
    );
    return rows.length > 0;
  }

  delete(m: EntityManager, id: string): Promise<AccountContact | undefined> {
    return queryOne<AccountContact>(m, `DELETE FROM auth.users WHERE id = $1 RETURNING id, email, name`, [id]);
  }
}
