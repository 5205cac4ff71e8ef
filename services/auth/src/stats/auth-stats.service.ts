import { Injectable } from '@nestjs/common';
import type { AuthStats } from '@clima/contract';
import { AuthStatsRepository } from './auth-stats.repository';

/** The auth service's figures for the admin dashboard. */
@Injectable()
export class AuthStatsService {
  constructor(private readonly repo: AuthStatsRepository) {}

  async stats(): Promise<AuthStats> {
    const [totals, recent] = await Promise.all([this.repo.totals(), this.repo.newest()]);
    return {
      totalUsers: totals.total,
      activeSubscriptions: totals.active,
      recentUsers: recent.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
      subscriptionStats: { monthly: totals.monthly, annual: totals.annual },
    };
  }
}
