import { Injectable } from '@nestjs/common';
import type { AuthStats } from '@clima/contract';
import { DataSource } from 'typeorm';

/** The auth service's figures for the admin dashboard. */
@Injectable()
export class AuthStatsService {
  constructor(private readonly ds: DataSource) {}

  async stats(): Promise<AuthStats> {
    const [[totals], recent] = await Promise.all([
      this.ds.query(`
        SELECT count(*)::int AS total,
               count(*) FILTER (WHERE subscription_status = 'active')::int AS active,
               count(*) FILTER (WHERE subscription_status = 'active' AND subscription_plan = 'monthly')::int AS monthly,
               count(*) FILTER (WHERE subscription_status = 'active' AND subscription_plan = 'annual')::int AS annual
          FROM auth.users`) as Promise<{ total: number; active: number; monthly: number; annual: number }[]>,
      this.ds.query(
        `SELECT id, name, email, created_at, subscription_status FROM auth.users ORDER BY created_at DESC, id DESC LIMIT 10`,
      ) as Promise<{ id: string; name: string | null; email: string; created_at: Date; subscription_status: string }[]>,
    ]);
    return {
      totalUsers: totals!.total,
      activeSubscriptions: totals!.active,
      recentUsers: recent.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
      subscriptionStats: { monthly: totals!.monthly, annual: totals!.annual },
    };
  }
}
