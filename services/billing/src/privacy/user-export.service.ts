import { isoOrNull } from '@clima/common';
import type { BillingExport } from '@clima/contract';
import { Injectable } from '@nestjs/common';
import { UserDataRepository } from './user-data.repository';


/** What billing holds about one user, for the LGPD export: the provider customer links, subscriptions, payments (receipts) and Pix/boleto charges (with a boleto payer's CPF). */
@Injectable()
export class UserExportService {
  constructor(private readonly data: UserDataRepository) {}

  async export(userId: string): Promise<BillingExport> {
    const [customers, subscriptions, payments, charges] = await Promise.all([
      this.data.customers(userId),
      this.data.subscriptions(userId),
      this.data.payments(userId),
      this.data.charges(userId),
    ]);
    return {
      customers: customers.map((c) => ({ ...c, created_at: c.created_at.toISOString() })),
      subscriptions: subscriptions.map((s) => ({
        ...s,
        current_period_end: isoOrNull(s.current_period_end),
        trial_end: isoOrNull(s.trial_end),
        payment_failed_at: isoOrNull(s.payment_failed_at),
        created_at: s.created_at.toISOString(),
      })),
      payments: payments.map((p) => ({ ...p, paid_at: p.paid_at.toISOString() })),
      charges: charges.map((c) => ({
        ...c,
        due_at: c.due_at.toISOString(),
        expires_at: c.expires_at.toISOString(),
        paid_at: isoOrNull(c.paid_at),
        created_at: c.created_at.toISOString(),
      })),
    };
  }
}
