import { queryRows } from '@clima/common';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface CustomerExportRow {
  provider: string;
  provider_customer_id: string;
  created_at: Date;
}

export interface SubscriptionExportRow {
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
}

export interface PaymentExportRow {
  provider: string;
  provider_payment_id: string;
  amount_cents: number;
  currency: string;
  paid_at: Date;
}

/** One user's rows in the billing tables, for the LGPD export. */
@Injectable()
export class UserDataRepository {
  constructor(private readonly ds: DataSource) {}

  customers(userId: string): Promise<CustomerExportRow[]> {
    return queryRows(this.ds, `SELECT provider, provider_customer_id, created_at FROM billing.customers WHERE user_id = $1 ORDER BY created_at, id`, [userId]);
  }

  subscriptions(userId: string): Promise<SubscriptionExportRow[]> {
    return queryRows(
      this.ds,
      `SELECT provider, provider_subscription_id, plan, status, provider_status, current_period_end, cancel_at_period_end,
                trial_end, ended_reason, payment_failed_at, created_at
           FROM billing.subscriptions WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    );
  }

  payments(userId: string): Promise<PaymentExportRow[]> {
    return queryRows(
      this.ds,
      `SELECT provider, provider_payment_id, amount_cents, currency, paid_at FROM billing.payments WHERE user_id = $1 ORDER BY paid_at, id`,
      [userId],
    );
  }
}
