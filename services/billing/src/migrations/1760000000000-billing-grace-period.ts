import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Grace period of a failed renewal: when it started (`past_due_since`, the first failure not yet paid),
 * when access ends unless a payment goes through (`grace_until`), and the newest paid invoice
 * (`last_paid_at`), which tells an old failure delivered late from a new one.
 */
export class BillingGracePeriod1760000000000 implements MigrationInterface {
  name = 'BillingGracePeriod1760000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE billing.subscriptions
      ADD COLUMN past_due_since timestamptz,
      ADD COLUMN grace_until timestamptz,
      ADD COLUMN last_paid_at timestamptz`);
    // subscriptions already past due get the grace they would have had (the default 7 days from the failure)
    await q.query(`UPDATE billing.subscriptions
      SET past_due_since = COALESCE(payment_failed_at, last_event_at), grace_until = COALESCE(payment_failed_at, last_event_at) + interval '7 days'
      WHERE status = 'active' AND (provider_status = 'past_due' OR payment_failed_at IS NOT NULL)`);
    // the expiry job also looks for graces that ran out
    await q.query(`CREATE INDEX subscriptions_active_grace_idx ON billing.subscriptions (grace_until) WHERE status = 'active' AND grace_until IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS billing.subscriptions_active_grace_idx`);
    await q.query(`ALTER TABLE billing.subscriptions DROP COLUMN IF EXISTS past_due_since, DROP COLUMN IF EXISTS grace_until, DROP COLUMN IF EXISTS last_paid_at`);
  }
}
