import { Injectable } from '@nestjs/common';
import { AdminIdentity, auditBefore, isUniqueViolation, Outbox } from '@clima/common';
import { AdminUsersQuery, AdminUserUpdateBody, AdminUserView } from '@clima/contract';
import { SessionStore } from '../sessions/session.store';
import { AccountDeletion } from '../users/account-deletion.service';
import { isGoogleAccount } from '../users/user.entity';
import { toAdminUserView, toUpserted } from '../users/user.mapper';
import { AdminUserEdit, UsersRepository } from '../users/users.repository';
import { normalizeEmail } from '../users/users.service';
import { authError, AuthError } from '../auth.errors';

/** The admin panel's user management: list, edit, delete. */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionStore,
    private readonly outbox: Outbox,
    private readonly deletion: AccountDeletion,
  ) {}

  /** Newest first; search over name and e-mail ignoring accents and case. */
  async list(q: AdminUsersQuery): Promise<AdminUserView[]> {
    return (await this.users.listForAdmin(q)).map(toAdminUserView);
  }

  /** Edits any of the user's fields; a change of subscription or is_admin takes effect at once. */
  async update(id: string, body: AdminUserUpdateBody, requestId?: string): Promise<AdminUserView> {
    try {
      const user = await this.users.transaction(async (m) => {
        const current = await this.users.lockById(m, id);
        if (!current) throw authError(AuthError.UserNotFoundAdmin);
        auditBefore(toAdminUserView(current));
        const edit: AdminUserEdit = {
          name: body.name,
          subscription_status: body.subscription_status,
          subscription_plan: body.subscription_plan,
          subscription_expires_at:
            body.subscription_expires_at === undefined ? undefined : body.subscription_expires_at ? new Date(body.subscription_expires_at) : null,
          is_admin: body.is_admin,
        };
        if (body.email !== undefined) {
          const email = normalizeEmail(body.email);
          if (email !== current.email.toLowerCase()) {
            if (isGoogleAccount(current)) throw authError(AuthError.GoogleEmailAdminReadOnly);
            edit.email = email;
          }
        }
        if (!(await this.users.applyAdminEdit(m, id, edit))) return current;
        const updated = (await this.users.findById(id, m))!;
        await this.outbox.write(m, 'user.upserted', toUpserted(updated), requestId);
        return updated;
      });
      await this.sessions.forgetIdentity('user', id);
      this.outbox.kick();
      return toAdminUserView(user);
    } catch (err) {
      if (isUniqueViolation(err)) throw authError(AuthError.EmailInUse);
      throw err;
    }
  }

  /** Deletes the user everywhere, through the same path as a user deleting their own account (AccountDeletion). */
  async remove(id: string, actor: AdminIdentity, requestId?: string): Promise<void> {
    if (actor.id === `user:${id}`) throw authError(AuthError.SelfDeleteUser);
    const current = await this.users.findById(id);
    if (current) auditBefore(toAdminUserView(current));
    if (!(await this.deletion.remove(id, requestId))) throw authError(AuthError.UserNotFoundAdmin);
  }
}
