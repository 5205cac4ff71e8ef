import { Injectable } from '@nestjs/common';
import { AdminIdentity, AppError, auditBefore, likePattern } from '@clima/common';
import { AdminUsersQuery, AdminUserUpdateBody, AdminUserView, AUTH_MESSAGES } from '@clima/contract';
import { DataSource } from 'typeorm';
import { Outbox } from '../events/outbox';
import { isUniqueViolation } from '../infra/sql';
import { SessionStore } from '../sessions/session.store';
import { AccountDeletion } from '../users/account-deletion.service';
import { isGoogleAccount, User } from '../users/user.entity';
import { toAdminUserView, toUpserted } from '../users/user.mapper';
import { normalizeEmail } from '../users/users.service';

/** Statuses the panel has a badge for; anything else is shown (and filtered) as 'Inativo'. */
const KNOWN_STATUSES = ['active', 'canceled', 'expired'];

/** The admin panel's user management: list, edit, delete. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly ds: DataSource,
    private readonly sessions: SessionStore,
    private readonly outbox: Outbox,
    private readonly deletion: AccountDeletion,
  ) {}

  /** Newest first; search over name and e-mail ignoring accents and case. */
  async list(q: AdminUsersQuery): Promise<AdminUserView[]> {
    const qb = this.ds.getRepository(User).createQueryBuilder('u').orderBy('u.created_at', 'DESC').addOrderBy('u.id', 'DESC');
    if (q.search) {
      qb.andWhere(`public.f_unaccent(lower(coalesce(u.name, '') || ' ' || u.email)) LIKE public.f_unaccent(lower(:search))`, {
        search: likePattern(q.search),
      });
    }
    if (q.status === 'inactive') qb.andWhere('u.subscription_status NOT IN (:...known)', { known: KNOWN_STATUSES });
    else if (q.status) qb.andWhere('u.subscription_status = :status', { status: q.status });
    return (await qb.getMany()).map(toAdminUserView);
  }

  /** Edits any of the user's fields; a change of subscription or is_admin takes effect at once. */
  async update(id: string, body: AdminUserUpdateBody, requestId?: string): Promise<AdminUserView> {
    try {
      const user = await this.ds.transaction(async (m) => {
        const repo = m.getRepository(User);
        const current = await repo.findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!current) throw AppError.notFound(AUTH_MESSAGES.userNotFoundAdmin);
        auditBefore(toAdminUserView(current));
        const sets: string[] = [];
        const params: unknown[] = [id];
        const set = (column: string, value: unknown) => {
          params.push(value);
          sets.push(`${column} = $${params.length}`);
        };
        if (body.name !== undefined) set('name', body.name);
        if (body.email !== undefined) {
          const email = normalizeEmail(body.email);
          if (email !== current.email.toLowerCase()) {
            if (isGoogleAccount(current)) throw AppError.badRequest(AUTH_MESSAGES.googleEmailAdminReadOnly);
            set('email', email);
            // a new address is not proven by the old one's proof
            sets.push('email_verified_at = NULL');
          }
        }
        const subscription = body.subscription_status !== undefined || body.subscription_plan !== undefined || body.subscription_expires_at !== undefined;
        if (body.subscription_status !== undefined) set('subscription_status', body.subscription_status);
        if (body.subscription_plan !== undefined) set('subscription_plan', body.subscription_plan);
        if (body.subscription_expires_at !== undefined) set('subscription_expires_at', body.subscription_expires_at ? new Date(body.subscription_expires_at) : null);
        // an administrator's edit is the newest fact about the subscription
        if (subscription) sets.push('subscription_updated_at = now()');
        if (body.is_admin !== undefined) set('is_admin', body.is_admin);
        if (!sets.length) return current;
        await m.query(`UPDATE auth.users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
        const updated = (await repo.findOneBy({ id }))!;
        await this.outbox.write(m, 'user.upserted', toUpserted(updated), requestId);
        return updated;
      });
      await this.sessions.forgetIdentity('user', id);
      this.outbox.kick();
      return toAdminUserView(user);
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.conflict(AUTH_MESSAGES.emailInUse, 'email-already-in-use');
      throw err;
    }
  }

  /** Deletes the user everywhere, through the same path as a user deleting their own account (AccountDeletion). */
  async remove(id: string, actor: AdminIdentity, requestId?: string): Promise<void> {
    if (actor.id === `user:${id}`) throw AppError.forbidden(AUTH_MESSAGES.selfDeleteUser);
    const current = await this.ds.getRepository(User).findOneBy({ id });
    if (current) auditBefore(toAdminUserView(current));
    if (!(await this.deletion.remove(id, requestId))) throw AppError.notFound(AUTH_MESSAGES.userNotFoundAdmin);
  }
}
