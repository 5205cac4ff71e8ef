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
  method: string;
}

export interface PaymentExportRow {
  provider: string;
  provider_payment_id: string;
  amount_cents: number;
  currency: string;
  paid_at: Date;
  method: string;
  plan: string | null;
  payer: string | null;
  receipt_number: string;
}

export interface ChargeExportRow {
  provider: string;
  provider_charge_id: string;
  method: string;
  plan: string;
  amount_cents: number;
  status: string;
  payer_cpf: string | null;
  due_at: Date;
  expires_at: Date;
  paid_at: Date | null;
  created_at: Date;
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
                trial_end, ended_reason, payment_failed_at, created_at, method
           FROM billing.subscriptions WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    );
  }

  payments(userId: string): Promise<PaymentExportRow[]> {
    return queryRows(
      this.ds,
      `SELECT provider, provider_payment_id, amount_cents, currency, paid_at, method, plan, payer, receipt_number
         FROM billing.payments WHERE user_id = $1 ORDER BY paid_at, id`,
      [userId],
    );
  }

  charges(userId: string): Promise<ChargeExportRow[]> {
    return queryRows(
      this.ds,
      `SELECT provider, provider_charge_id, method, plan, amount_cents, status, payer_cpf, due_at, expires_at, paid_at, created_at
         FROM billing.charges WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
    );
  }
}
