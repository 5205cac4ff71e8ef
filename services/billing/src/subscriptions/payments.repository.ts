import { queryRows } from '@clima/common';
import type { PaymentMethod, SubscriptionPlan } from '@clima/contract';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Payment } from './payment.entity';

export type NewPayment = Pick<Payment, 'userId' | 'provider' | 'providerPaymentId' | 'providerSubscriptionId' | 'amountCents' | 'currency' | 'paidAt' | 'method' | 'plan' | 'payer'>;

export interface ReceiptRow {
  receipt_number: string;
  user_id: string | null;
  paid_at: Date;
  plan: SubscriptionPlan | null;
  method: PaymentMethod;
  amount_cents: number;
  currency: string;
  payer: string | null;
}

/** The `billing.payments` table (payments received, each with its receipt). */
@Injectable()
export class PaymentsRepository {
  constructor(private readonly ds: DataSource) {}

  /** Records a payment once: a payment id already stored is left as it is. The new receipt, or null when it was known. */
  async record(m: EntityManager, p: NewPayment): Promise<ReceiptRow | null> {
    const [row] = await queryRows<ReceiptRow>(
      m,
      `INSERT INTO billing.payments (user_id, provider, provider_payment_id, provider_subscription_id, amount_cents, currency, paid_at, method, plan, payer)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (provider, provider_payment_id) DO NOTHING
       RETURNING receipt_number, user_id, paid_at, plan, method, amount_cents, currency, payer`,
      [p.userId, p.provider, p.providerPaymentId, p.providerSubscriptionId, p.amountCents, p.currency, p.paidAt, p.method, p.plan, p.payer],
    );
    return row ?? null;
  }

  /** A user's receipts, newest first. */
  receiptsOfUser(userId: string, limit = 100): Promise<ReceiptRow[]> {
    return queryRows<ReceiptRow>(
      this.ds,
      `SELECT receipt_number, user_id, paid_at, plan, method, amount_cents, currency, payer FROM billing.payments
        WHERE user_id = $1 ORDER BY paid_at DESC, id DESC LIMIT $2`,
      [userId, limit],
    );
  }

  /** A user's payments with a boleto payer's CPF (for the admin, who sees it masked), newest first. */
  historyOfUser(userId: string, limit = 200): Promise<(ReceiptRow & { payer_cpf: string | null })[]> {
    return queryRows(
      this.ds,
      `SELECT p.receipt_number, p.user_id, p.paid_at, p.plan, p.method, p.amount_cents, p.currency, p.payer, c.payer_cpf
         FROM billing.payments p
         LEFT JOIN billing.charges c ON c.provider = p.provider AND c.provider_charge_id = p.provider_payment_id
        WHERE p.user_id = $1 ORDER BY p.paid_at DESC, p.id DESC LIMIT $2`,
      [userId, limit],
    );
  }

  async receipt(number: string): Promise<ReceiptRow | null> {
    if (!/^CP-\d{8,12}$/.test(number)) return null;
    const [row] = await queryRows<ReceiptRow>(
      this.ds,
      `SELECT receipt_number, user_id, paid_at, plan, method, amount_cents, currency, payer FROM billing.payments WHERE receipt_number = $1`,
      [number],
    );
    return row ?? null;
  }

  /** Removes the user (and the payer's name) from their payments, which stay for the revenue figures. */
  async anonymiseOfUser(m: EntityManager, userId: string): Promise<void> {
    await m.getRepository(Payment).update({ userId }, { userId: null, payer: null });
  }
}
