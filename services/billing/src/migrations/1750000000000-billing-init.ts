import { OUTBOX_SQL } from '@clima/common';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Customers, subscriptions, processed provider events, payments and the outbox of the billing schema. */
export class BillingInit1750000000000 implements MigrationInterface {
  name = 'BillingInit1750000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE billing.customers (
      id bigserial PRIMARY KEY,
      user_id text NOT NULL,
      provider text NOT NULL,
      provider_customer_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT customers_provider_customer_uq UNIQUE (provider, provider_customer_id)
    )`);
    await q.query(`CREATE INDEX customers_user_idx ON billing.customers (user_id, created_at DESC)`);

    await q.query(`CREATE TABLE billing.subscriptions (
      id bigserial PRIMARY KEY,
      user_id text,
      provider text NOT NULL,
      provider_subscription_id text NOT NULL,
      provider_customer_id text,
      plan text CHECK (plan IN ('monthly', 'annual')),
      provider_status text NOT NULL,
      status text NOT NULL CHECK (status IN ('inactive', 'active', 'canceled', 'expired')),
      current_period_end timestamptz,
      cancel_at_period_end boolean NOT NULL DEFAULT false,
      trial_end timestamptz,
      ended_reason text,
      payment_failed_at timestamptz,
      last_event_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT subscriptions_provider_sub_uq UNIQUE (provider, provider_subscription_id)
    )`);
    await q.query(`CREATE INDEX subscriptions_user_idx ON billing.subscriptions (user_id)`);
    await q.query(`CREATE INDEX subscriptions_customer_idx ON billing.subscriptions (provider, provider_customer_id)`);
    // the expiry job scans the rows that still grant access, by period end
    await q.query(`CREATE INDEX subscriptions_active_end_idx ON billing.subscriptions (current_period_end) WHERE status = 'active'`);

    await q.query(`CREATE TABLE billing.processed_events (
      provider text NOT NULL,
      event_id text NOT NULL,
      type text NOT NULL,
      event_created_at timestamptz NOT NULL,
      outcome text NOT NULL,
      note text,
      processed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (provider, event_id)
    )`);
    // operators look for the events that need attention (unknown user, unknown plan)
    await q.query(`CREATE INDEX processed_events_outcome_idx ON billing.processed_events (outcome, processed_at DESC) WHERE outcome <> 'applied'`);

    await q.query(`CREATE TABLE billing.payments (
      id bigserial PRIMARY KEY,
      user_id text,
      provider text NOT NULL,
      provider_payment_id text NOT NULL,
      provider_subscription_id text,
      amount_cents integer NOT NULL CHECK (amount_cents >= 0),
      currency text NOT NULL,
      paid_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT payments_provider_payment_uq UNIQUE (provider, provider_payment_id)
    )`);
    await q.query(`CREATE INDEX payments_paid_at_idx ON billing.payments (paid_at)`);
    await q.query(`CREATE INDEX payments_user_idx ON billing.payments (user_id)`);

    for (const sql of OUTBOX_SQL('billing')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['outbox', 'payments', 'processed_events', 'subscriptions', 'customers']) await q.query(`DROP TABLE IF EXISTS billing.${t}`);
  }
}
