import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@clima/common';
import { DataSource } from 'typeorm';
import { returning } from '../infra/sql';
import { SessionStore } from '../sessions/session.store';

/**
 * `subscription.changed` (from billing): the user's subscription fields follow the payment provider.
 * Idempotent and order-proof: a fact older than the last one applied (subscription_updated_at) is
 * ignored, a replay of the same fact writes the same values.
 */
@Injectable()
export class SubscriptionEvents {
  constructor(
    private readonly ds: DataSource,
    private readonly sessions: SessionStore,
  ) {}

  async onSubscriptionChanged(p: EventPayloads['subscription.changed']): Promise<boolean> {
    const occurredAt = new Date(p.occurredAt);
    if (Number.isNaN(occurredAt.getTime())) return false;
    const expiresAt = p.expiresAt ? new Date(p.expiresAt) : null;
    const rows = await returning<{ id: string }>(
      this.ds.manager,
      `UPDATE auth.users
          SET subscription_status = $2, subscription_plan = $3, subscription_expires_at = $4,
              subscription_updated_at = $5, updated_at = now()
        WHERE id = $1 AND (subscription_updated_at IS NULL OR subscription_updated_at <= $5)
        RETURNING id`,
      [p.userId, p.status, p.plan, expiresAt && !Number.isNaN(expiresAt.getTime()) ? expiresAt : null, occurredAt],
    );
    if (rows.length) await this.sessions.forgetIdentity('user', p.userId);
    return rows.length > 0;
  }
}
