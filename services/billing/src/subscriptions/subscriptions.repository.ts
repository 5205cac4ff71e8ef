import { queryRows, withTransaction } from '@clima/common';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { Subscription } from './subscription.entity';

/** The row fields a subscription is created with before its snapshot is applied. */
export type NewSubscription = Pick<Subscription, 'provider' | 'providerSubscriptionId' | 'paymentFailedAt' | 'pastDueSince' | 'graceUntil' | 'lastPaidAt'>;

/** The grace and access fields a payment, a failed charge or the expiry job change. */
export type SubscriptionPatch = Partial<Pick<Subscription, 'lastPaidAt' | 'paymentFailedAt' | 'pastDueSince' | 'graceUntil' | 'status'>>;

/**
 * The `billing.subscriptions` table and the service's advisory locks. Methods taking a manager run inside
 * the caller's transaction (the lifecycle's locks and writes stay in one).
 */
@Injectable()
export class SubscriptionsRepository {
  constructor(private readonly ds: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return withTransaction(this.ds, work);
  }

  /** A transaction-scoped advisory lock on a name. */
  async lock(m: EntityManager, key: string): Promise<void> {
    await m.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`billing:${key}`]);
  }

  /** The database clock now (not the transaction's start). */
  async clock(m: EntityManager): Promise<Date> {
    const [{ t }] = await queryRows<{ t: Date }>(m, 'SELECT clock_timestamp() AS t');
    return t;
  }

  /** Every subscription of the user, at any provider. */
  ofUser(userId: string, m: EntityManager | DataSource = this.ds): Promise<Subscription[]> {
    return m.getRepository(Subscription).find({ where: { userId } });
  }

  ofUserAtProvider(userId: string, provider: string): Promise<Subscription[]> {
    return this.ds.getRepository(Subscription).find({ where: { userId, provider } });
  }

  ofUserAndCustomer(provider: string, userId: string, customerId: string): Promise<Subscription[]> {
    return this.ds.getRepository(Subscription).find({ where: { provider, userId, providerCustomerId: customerId } });
  }

  byProviderId(provider: string, subscriptionId: string, m: EntityManager | DataSource = this.ds): Promise<Subscription | null> {
    return m.getRepository(Subscription).findOne({ where: { provider, providerSubscriptionId: subscriptionId } });
  }

  byId(m: EntityManager, id: string): Promise<Subscription | null> {
    return m.getRepository(Subscription).findOne({ where: { id } });
  }

  /** Gives the user to the subscription, or to the customer's subscriptions, still without one. */
  async claimUnmatched(m: EntityManager, provider: string, userId: string, by: { subscriptionId: string | null; customerId: string | null }): Promise<void> {
    const subs = m.getRepository(Subscription);
    if (by.subscriptionId) await subs.update({ provider, providerSubscriptionId: by.subscriptionId, userId: IsNull() }, { userId });
    if (by.customerId) await subs.update({ provider, providerCustomerId: by.customerId, userId: IsNull() }, { userId });
  }

  /** A row not stored yet, for `save`. */
  build(m: EntityManager, fields: NewSubscription): Subscription {
    return m.getRepository(Subscription).create(fields);
  }

  async save(m: EntityManager, row: Subscription): Promise<void> {
    await m.getRepository(Subscription).save(row);
  }

  async update(m: EntityManager, id: string, patch: SubscriptionPatch): Promise<void> {
    await m.getRepository(Subscription).update({ id }, patch);
  }

  /**
   * The user's Pix/boleto subscriptions stop renewing: they end with the period already paid (a switch to
   * the card), without the grace of a renewal charge.
   */
  async endPeriodicOfUser(m: EntityManager, userId: string): Promise<void> {
    await m.query(
      `UPDATE billing.subscriptions SET cancel_at_period_end = true, past_due_since = NULL, grace_until = NULL, updated_at = now()
        WHERE user_id = $1 AND method <> 'card' AND NOT cancel_at_period_end`,
      [userId],
    );
  }

  /** Up to 100 Pix/boleto subscriptions whose period ends within `ahead` of `now` and still renew. */
  async dueForRenewal(now: Date, aheadMs: number): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      this.ds,
      `SELECT id FROM billing.subscriptions
        WHERE method <> 'card' AND status = 'active' AND provider_status = 'active' AND NOT cancel_at_period_end
          AND grace_until IS NULL AND current_period_end <= $1
        ORDER BY current_period_end LIMIT 100`,
      [new Date(now.getTime() + aheadMs)],
    );
    return rows.map((r) => r.id);
  }

  async deleteOfUser(m: EntityManager, userId: string): Promise<void> {
    await m.getRepository(Subscription).delete({ userId });
  }

  /**
   * Up to 200 ids of subscriptions granting access past their end at `now`, oldest end first: the same
   * ends as accessEnd/accessStatus — the grace's end while a payment is pending, else the period's.
   */
  async dueForExpiry(now: Date, graceSeconds: number): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      this.ds,
      `SELECT id FROM (
           SELECT id, current_period_end AS due FROM billing.subscriptions
            WHERE status = 'active' AND grace_until IS NULL AND current_period_end IS NOT NULL
              AND current_period_end + CASE WHEN cancel_at_period_end THEN interval '0' ELSE make_interval(secs => $2) END <= $1
           UNION ALL
           SELECT id, grace_until AS due FROM billing.subscriptions
            WHERE status = 'active' AND grace_until IS NOT NULL
              AND LEAST(grace_until, CASE WHEN cancel_at_period_end THEN current_period_end END) <= $1
         ) due ORDER BY due LIMIT 200`,
      [now, graceSeconds],
    );
    return rows.map((r) => r.id);
  }
}
