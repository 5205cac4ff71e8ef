import { queryRows } from '@clima/common';
import type { PaymentMethod, SubscriptionPlan } from '@clima/contract';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export type ChargeStatus = 'pending' | 'processing' | 'paid' | 'expired' | 'failed';

/** A Pix or boleto charge (a provider PaymentIntent) for one period of a plan. */
export interface ChargeRow {
  id: string;
  user_id: string | null;
  provider: string;
  provider_charge_id: string;
  method: Exclude<PaymentMethod, 'card'>;
  plan: SubscriptionPlan;
  amount_cents: number;
  currency: string;
  status: ChargeStatus;
  code: string;
  pdf_url: string | null;
  hosted_url: string | null;
  payer_cpf: string | null;
  due_at: Date;
  expires_at: Date;
  paid_at: Date | null;
  created_at: Date;
}

export type NewCharge = Omit<ChargeRow, 'id' | 'status' | 'paid_at' | 'created_at' | 'currency'>;

/** The `billing.charges` table. */
@Injectable()
export class ChargesRepository {
  constructor(private readonly ds: DataSource) {}

  get dataSource(): DataSource {
    return this.ds;
  }

  async insert(m: EntityManager | DataSource, c: NewCharge): Promise<ChargeRow> {
    const [row] = await queryRows<ChargeRow>(
      m,
      `INSERT INTO billing.charges (user_id, provider, provider_charge_id, method, plan, amount_cents, code, pdf_url, hosted_url, payer_cpf, due_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (provider, provider_charge_id) DO UPDATE SET updated_at = billing.charges.updated_at
       RETURNING *`,
      [c.user_id, c.provider, c.provider_charge_id, c.method, c.plan, c.amount_cents, c.code, c.pdf_url, c.hosted_url, c.payer_cpf, c.due_at, c.expires_at],
    );
    return row!;
  }

  async byProviderId(m: EntityManager | DataSource, provider: string, chargeId: string): Promise<ChargeRow | null> {
    const [row] = await queryRows<ChargeRow>(m, `SELECT * FROM billing.charges WHERE provider = $1 AND provider_charge_id = $2`, [provider, chargeId]);
    return row ?? null;
  }

  async byIdOfUser(id: string, userId: string): Promise<ChargeRow | null> {
    if (!/^\d{1,18}$/.test(id)) return null;
    const [row] = await queryRows<ChargeRow>(this.ds, `SELECT * FROM billing.charges WHERE id = $1 AND user_id = $2`, [id, userId]);
    return row ?? null;
  }

  async setStatus(m: EntityManager, id: string, status: ChargeStatus, paidAt: Date | null = null): Promise<void> {
    await m.query(`UPDATE billing.charges SET status = $2, paid_at = COALESCE($3, paid_at), updated_at = now() WHERE id = $1`, [id, status, paidAt]);
  }

  /** The user's charges still payable at `now`, newest first. */
  open(userId: string, now: Date, m: EntityManager | DataSource = this.ds): Promise<ChargeRow[]> {
    return queryRows<ChargeRow>(
      m,
      `SELECT * FROM billing.charges WHERE user_id = $1 AND status IN ('pending', 'processing') AND expires_at > $2 ORDER BY created_at DESC, id DESC`,
      [userId, now],
    );
  }

  /** A payable charge of the user for the same method, plan and period: a second click shows it again. */
  async reusable(m: EntityManager, o: { userId: string; method: string; plan: string; dueAt: Date | null; now: Date }): Promise<ChargeRow | null> {
    const [row] = await queryRows<ChargeRow>(
      m,
      `SELECT * FROM billing.charges
        WHERE user_id = $1 AND method = $2 AND plan = $3 AND status = 'pending' AND expires_at > $4::timestamptz + interval '10 minutes'
          AND (($5::timestamptz IS NULL AND due_at <= $4::timestamptz) OR due_at = $5::timestamptz)
        ORDER BY created_at DESC LIMIT 1`,
      [o.userId, o.method, o.plan, o.now, o.dueAt],
    );
    return row ?? null;
  }

  /** Whether a charge for the period starting at `dueAt` was already issued (paid, waiting or expired). */
  async issuedFor(m: EntityManager, userId: string, dueAt: Date): Promise<boolean> {
    const rows = await queryRows<{ one: number }>(m, `SELECT 1 AS one FROM billing.charges WHERE user_id = $1 AND due_at = $2 LIMIT 1`, [userId, dueAt]);
    return rows.length > 0;
  }

  /** The CPF of the user's newest boleto (a renewal boleto is issued to the same payer). */
  async lastCpf(m: EntityManager, userId: string): Promise<string | null> {
    const [row] = await queryRows<{ payer_cpf: string }>(
      m,
      `SELECT payer_cpf FROM billing.charges WHERE user_id = $1 AND payer_cpf IS NOT NULL ORDER BY created_at DESC LIMIT 1`,
      [userId],
    );
    return row?.payer_cpf ?? null;
  }

  async deleteOfUser(m: EntityManager, userId: string): Promise<void> {
    await m.query(`DELETE FROM billing.charges WHERE user_id = $1`, [userId]);
  }
}
