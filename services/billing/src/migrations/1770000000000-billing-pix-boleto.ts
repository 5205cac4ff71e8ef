import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Pix and boleto beside the card: how each subscription and payment was paid (`method`), the Pix and
 * boleto charges (`charges`, the CPF only on boleto ones), a receipt number for every payment, and the
 * plans' Pix prices set by the administrator (`plan_prices`).
 */
export class BillingPixBoleto1770000000000 implements MigrationInterface {
  name = 'BillingPixBoleto1770000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE billing.subscriptions ADD COLUMN method text NOT NULL DEFAULT 'card' CHECK (method IN ('card', 'pix', 'boleto'))`);
    await q.query(`CREATE SEQUENCE billing.receipt_number_seq`);
    // every payment already received gets its receipt number too (a volatile default is evaluated per row)
    await q.query(`ALTER TABLE billing.payments
      ADD COLUMN method text NOT NULL DEFAULT 'card' CHECK (method IN ('card', 'pix', 'boleto')),
      ADD COLUMN plan text,
      ADD COLUMN payer text,
      ADD COLUMN receipt_number text NOT NULL DEFAULT ('CP-' || lpad(nextval('billing.receipt_number_seq')::text, 8, '0'))`);
    await q.query(`ALTER TABLE billing.payments ADD CONSTRAINT payments_receipt_number_uq UNIQUE (receipt_number)`);
    await q.query(`CREATE TABLE billing.charges (
      id bigserial PRIMARY KEY,
      user_id text,
      provider text NOT NULL,
      provider_charge_id text NOT NULL,
      method text NOT NULL CHECK (method IN ('pix', 'boleto')),
      plan text NOT NULL,
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      currency text NOT NULL DEFAULT 'BRL',
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'paid', 'expired', 'failed')),
      code text NOT NULL,
      pdf_url text,
      hosted_url text,
      payer_cpf text,
      due_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      paid_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT charges_provider_charge_uq UNIQUE (provider, provider_charge_id)
    )`);
    await q.query(`CREATE INDEX charges_user_idx ON billing.charges (user_id, created_at DESC)`);
    await q.query(`CREATE INDEX subscriptions_renewal_idx ON billing.subscriptions (current_period_end) WHERE method <> 'card' AND status = 'active'`);
    await q.query(`CREATE TABLE billing.plan_prices (
      plan text PRIMARY KEY,
      pix_price_cents integer CHECK (pix_price_cents > 0),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS billing.plan_prices`);
    await q.query(`DROP TABLE IF EXISTS billing.charges`);
    await q.query(`DROP INDEX IF EXISTS billing.subscriptions_renewal_idx`);
    await q.query(`ALTER TABLE billing.payments DROP COLUMN IF EXISTS method, DROP COLUMN IF EXISTS plan, DROP COLUMN IF EXISTS payer, DROP COLUMN IF EXISTS receipt_number`);
    await q.query(`DROP SEQUENCE IF EXISTS billing.receipt_number_seq`);
    await q.query(`ALTER TABLE billing.subscriptions DROP COLUMN IF EXISTS method`);
  }
}
