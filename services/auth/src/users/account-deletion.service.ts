import { Outbox } from '@clima/common';
import { Injectable } from '@nestjs/common';
import { SessionStore } from '../sessions/session.store';
import { AccountContact, UsersRepository } from './users.repository';

/** Who the deleted account belonged to (for the confirmation e-mail). */
export type DeletedAccount = AccountContact;

/**
 * The one way a user is deleted, by an administrator or by the user: the row and, in the same
 * transaction, the `user.deleted` fact every service acts on (their data elsewhere is removed by those
 * services; billing cancels at the provider first); the user's sessions end at once.
 */
@Injectable()
export class AccountDeletion {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionStore,
    private readonly outbox: Outbox,
  ) {}

  /** Null when there is no such user (already deleted). */
  async remove(userId: string, requestId?: string): Promise<DeletedAccount | null> {
    const deleted = await this.users.transaction(async (m) => {
      const row = await this.users.delete(m, userId);
      if (row) await this.outbox.write(m, 'user.deleted', { userId }, requestId);
      return row ?? null;
    });
    if (!deleted) return null;
    await this.sessions.revokeAll('user', userId);
    await this.sessions.forgetIdentity('user', userId);
    this.outbox.kick();
    return deleted;
  }
}
