import { Injectable } from '@nestjs/common';
import { queryOne, queryRows } from '@clima/common';
import { DataSource } from 'typeorm';

export interface UserTotals {
  total: number;
  active: number;
  monthly: number;
  annual: number;
}

export interface RecentUserRow {
  id: string;
  name: string | null;
  email: string;
  created_at: Date;
  subscription_status: string;
}

/** The dashboard's reads of `auth.users`. */
@Injectable()
export class AuthStatsRepository {
  constructor(private readonly ds: DataSource) {}

  async totals(): Promise<UserTotals> {
    const row = await queryOne<UserTotals>(
      this.ds,
      `
        SELECT count(*)::int AS total,
               count(*) FILTER (WHERE subscription_status = 'active')::int AS active,
               count(*) FILTER (WHERE subscription_status = 'active' AND subscription_plan = 'monthly')::int AS monthly,
               count(*) FILTER (WHERE subscription_status = 'active' AND subscription_plan = 'annual')::int AS annual
          FROM auth.users`,
    );
    return row!;
  }

  /** The ten newest accounts. */
  newest(): Promise<RecentUserRow[]> {
    return queryRows<RecentUserRow>(
      this.ds,
      `SELECT id, name, email, created_at, subscription_status FROM auth.users ORDER BY created_at DESC, id DESC LIMIT 10`,
    );
  }
}
