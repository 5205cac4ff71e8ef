import { queryRows } from '@clima/common';
import { PLANS, SubscriptionPlan } from '@clima/contract';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The `billing.plan_prices` table: each plan's Pix price, set by the administrator (none: the plan's price). */
@Injectable()
export class PlanPricesRepository {
  constructor(private readonly ds: DataSource) {}

  async pixPrices(): Promise<Record<SubscriptionPlan, number | null>> {
    const rows = await queryRows<{ plan: SubscriptionPlan; pix_price_cents: number | null }>(this.ds, `SELECT plan, pix_price_cents FROM billing.plan_prices`);
    const of = (plan: SubscriptionPlan) => rows.find((r) => r.plan === plan)?.pix_price_cents ?? null;
    return { monthly: of('monthly'), annual: of('annual') };
  }

  /** What a period of the plan costs when paid this way. */
  async amountOf(plan: SubscriptionPlan, method: 'pix' | 'boleto'): Promise<number> {
    if (method === 'pix') return (await this.pixPrices())[plan] ?? PLANS[plan].price_cents;
    return PLANS[plan].price_cents;
  }

  async setPixPrice(plan: SubscriptionPlan, cents: number | null): Promise<void> {
    await this.ds.query(
      `INSERT INTO billing.plan_prices (plan, pix_price_cents) VALUES ($1, $2)
       ON CONFLICT (plan) DO UPDATE SET pix_price_cents = EXCLUDED.pix_price_cents, updated_at = now()`,
      [plan, cents],
    );
  }
}
