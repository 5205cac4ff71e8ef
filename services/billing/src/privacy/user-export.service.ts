import type { BillingExport } from '@clima/contract';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What billing holds about one user, for the LGPD export: the provider customer links, subscriptions and payments. */
@Injectable()
export class UserExportService {
  constructor(private readonly ds: DataSource) {}

  async export(userId: string): Promise<BillingExport> {
    const [customers, subscriptions, payments] = await Promise.all([
      this.ds.query(`SELECT provider, provider_customer_id, created_at FROM billing.customers WHERE user_id = $1 ORDER BY created_at, id`, [userId]) as Promise<
        { provider: string; provider_customer_id: string; created_at: Date }[]
      >,
      this.ds.query(
        `SELECT provider, provider_subscription_id, plan, status, provider_status, current_period_end, cancel_at_period_end,
                trial_end, ended_reason, payment_failed_at, created_at
           FROM billing.subscriptions WHERE user_id = $1 ORDER BY created_at, id`,
        [userId],
      ) as Promise<
        {
          provider: string;
          provider_subscription_id: string;
          plan: string | null;
          status: string;
          provider_status: string;
          current_period_end: Date | null;
          cancel_at_period_end: boolean;
          trial_end: Date | null;
          ended_reason: string | null;
          payment_failed_at: Date | null;
          created_at: Date;
        }[]
      >,
      this.ds.query(
        `SELECT provider, provider_payment_id, amount_cents, currency, paid_at FROM billing.payments WHERE user_id = $1 ORDER BY paid_at, id`,
        [userId],
      ) as Promise<{ provider: string; provider_payment_id: string; amount_cents: number; currency: string; paid_at: Date }[]>,
    ]);
    return {
      customers: customers.map((c) => ({ ...c, created_at: c.created_at.toISOString() })),
      subscriptions: subscriptions.map((s) => ({
        ...s,
        current_period_end: iso(s.current_period_end),
        trial_end: iso(s.trial_end),
        payment_failed_at: iso(s.payment_failed_at),
        created_at: s.created_at.toISOString(),
      })),
      payments: payments.map((p) => ({ ...p, paid_at: p.paid_at.toISOString() })),
    };
  }
}
