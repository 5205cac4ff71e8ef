import { BillingStats } from '@clima/contract';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

const TZ = 'America/Sao_Paulo';
const reais = (cents: number | string | null) => Math.round(Number(cents ?? 0)) / 100;

/** The admin dashboard's billing figures (money in BRL, São Paulo calendar days). */
@Injectable()
export class BillingStatsService {
  constructor(private readonly ds: DataSource) {}

  async stats(): Promise<BillingStats> {
    const [days, month, plans] = await Promise.all([
      this.ds.query(
        `WITH today AS (SELECT (now() AT TIME ZONE '${TZ}')::date AS d),
              days AS (SELECT generate_series((SELECT d FROM today) - 29, (SELECT d FROM today), interval '1 day')::date AS d)
         SELECT to_char(days.d, 'YYYY-MM-DD') AS date, COALESCE(SUM(p.amount_cents), 0) AS cents
           FROM days
           LEFT JOIN billing.payments p
             ON p.currency = 'BRL'
            AND p.paid_at >= (days.d::timestamp AT TIME ZONE '${TZ}')
            AND p.paid_at < ((days.d + 1)::timestamp AT TIME ZONE '${TZ}')
          GROUP BY days.d ORDER BY days.d`,
      ) as Promise<{ date: string; cents: string }[]>,
      this.ds.query(
        `SELECT COALESCE(SUM(amount_cents), 0) AS cents FROM billing.payments
          WHERE currency = 'BRL' AND paid_at >= (date_trunc('month', now() AT TIME ZONE '${TZ}') AT TIME ZONE '${TZ}')`,
      ) as Promise<{ cents: string }[]>,
      this.ds.query(
        `SELECT plan, COUNT(DISTINCT user_id) AS n FROM billing.subscriptions
          WHERE status = 'active' AND user_id IS NOT NULL AND plan IS NOT NULL GROUP BY plan`,
      ) as Promise<{ plan: string; n: string }[]>,
    ]);
    const count = (plan: string) => Number(plans.find((p) => p.plan === plan)?.n ?? 0);
    return {
      monthlyRevenue: reais(month[0]?.cents ?? 0),
      revenuePerDay: days.map((d) => ({ date: d.date, revenue: reais(d.cents) })),
      subscriptionStats: { monthly: count('monthly'), annual: count('annual') },
    };
  }
}
