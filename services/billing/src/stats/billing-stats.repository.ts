import { queryRows } from '@clima/common';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** São Paulo calendar days: the dashboard's figures follow the business's day, not UTC. */
const TZ = 'America/Sao_Paulo';

/** The revenue and subscriber figures of the admin dashboard, read from payments and subscriptions. */
@Injectable()
export class BillingStatsRepository {
  constructor(private readonly ds: DataSource) {}

  /** BRL cents paid on each of the last 30 São Paulo days, oldest first, zeros included. */
  revenuePerDay(): Promise<{ date: string; cents: string }[]> {
    return queryRows(
      this.ds,
      `WITH today AS (SELECT (now() AT TIME ZONE '${TZ}')::date AS d),
              days AS (SELECT generate_series((SELECT d FROM today) - 29, (SELECT d FROM today), interval '1 day')::date AS d)
         SELECT to_char(days.d, 'YYYY-MM-DD') AS date, COALESCE(SUM(p.amount_cents), 0) AS cents
           FROM days
           LEFT JOIN billing.payments p
             ON p.currency = 'BRL'
            AND p.paid_at >= (days.d::timestamp AT TIME ZONE '${TZ}')
            AND p.paid_at < ((days.d + 1)::timestamp AT TIME ZONE '${TZ}')
          GROUP BY days.d ORDER BY days.d`,
    );
  }

  /** BRL cents paid since the start of the São Paulo calendar month, by payment method. */
  revenueThisMonth(): Promise<{ method: string; cents: string }[]> {
    return queryRows(
      this.ds,
      `SELECT method, COALESCE(SUM(amount_cents), 0) AS cents FROM billing.payments
          WHERE currency = 'BRL' AND paid_at >= (date_trunc('month', now() AT TIME ZONE '${TZ}') AT TIME ZONE '${TZ}')
          GROUP BY method`,
    );
  }

  /** Users with a subscription granting access, by plan. */
  subscribersByPlan(): Promise<{ plan: string; n: string }[]> {
    return queryRows(
      this.ds,
      `SELECT plan, COUNT(DISTINCT user_id) AS n FROM billing.subscriptions
          WHERE status = 'active' AND user_id IS NOT NULL AND plan IS NOT NULL GROUP BY plan`,
    );
  }
}
