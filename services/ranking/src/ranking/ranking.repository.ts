import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { queryRows } from '@clima/common';
import { DataSource } from 'typeorm';
import type { StatsRecord } from './ranking.mapper';

/** The figures and profiles shown on the board. */
@Injectable()
export class RankingRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  records(userIds: string[]): Promise<StatsRecord[]> {
    return queryRows<StatsRecord>(
      this.ds,
      `SELECT s.user_id, p.name, p.email, s.points, s.total_logins, s.online_minutes,
              to_char(s.last_active_day, 'YYYY-MM-DD') AS last_active_day, s.last_run_days, s.longest_streak_days
         FROM ranking.user_stats s LEFT JOIN ranking.user_profiles p ON p.user_id = s.user_id
        WHERE s.user_id = ANY($1)`,
      [userIds],
    );
  }
}
