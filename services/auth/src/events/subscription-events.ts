import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@clima/common';
import { SessionStore } from '../sessions/session.store';
import { UsersRepository } from '../users/users.repository';

/**
 * `subscription.changed` (from billing): the user's subscription fields follow the payment provider.
 * Idempotent and order-proof: a fact older than the last one applied (subscription_updated_at) is
 * ignored, a replay of the same fact writes the same values.
 */
@Injectable()
export class SubscriptionEvents {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionStore,
  ) {}

  async onSubscriptionChanged(p: EventPayloads['subscription.changed']): Promise<boolean> {
    const occurredAt = new Date(p.occurredAt);
    if (Number.isNaN(occurredAt.getTime())) return false;
    const expiresAt = p.expiresAt ? new Date(p.expiresAt) : null;
    const applied = await this.users.applySubscription(p.userId, {
      status: p.status,
      plan: p.plan,
      expiresAt: expiresAt && !Number.isNaN(expiresAt.getTime()) ? expiresAt : null,
      occurredAt,
    });
    if (applied) await this.sessions.forgetIdentity('user', p.userId);
    return applied;
  }
}
