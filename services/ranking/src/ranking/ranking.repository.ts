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
      `SELECT s.user_id, p.name, p.email, s.points, s.total_logins, s.online_seconds::float8 AS online_seconds,
              to_char(s.last_active_day, 'YYYY-MM-DD') AS last_active_day, s.last_run_days, s.longest_streak_days, s.week_podiums
         FROM ranking.user_stats s LEFT JOIN ranking.user_profiles p ON p.user_id = s.user_id
        WHERE s.user_id = ANY($1)`,
      [userIds],
    );
  }

  /** The study points a user earned on a São Paulo day (0 without study that day). */
  async onlinePointsOn(userId: string, day: string): Promise<number> {
    const [row] = await queryRows<{ online_points: number }>(this.ds, `SELECT online_points FROM ranking.active_days WHERE user_id = $1 AND day = $2`, [userId, day]);
    return row?.online_points ?? 0;
  }
}
