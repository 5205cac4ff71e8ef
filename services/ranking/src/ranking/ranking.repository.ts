import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { queryRows } from '@clima/common';
import { DataSource } from 'typeorm';
import { weekStandingSql } from '../weekly/weekly.repository';
import type { StatsRecord } from './ranking.mapper';

/** The columns of a StatsRecord (user_stats s, user_profiles p). */
const RECORD_COLUMNS = `s.user_id, p.name, p.email, s.points, s.total_logins, s.online_seconds::float8 AS online_seconds,
  to_char(s.last_active_day, 'YYYY-MM-DD') AS last_active_day, s.last_run_days, s.longest_streak_days, s.week_podiums`;

export interface OwnFigures {
  record: StatsRecord | undefined;
  week: { points: number; position: number } | null;
  onlinePoints: number;
}

/** The figures and profiles shown on the board. */
@Injectable()
export class RankingRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  records(userIds: string[]): Promise<StatsRecord[]> {
    return queryRows<StatsRecord>(this.ds, `SELECT ${RECORD_COLUMNS} FROM ranking.user_stats s LEFT JOIN ranking.user_profiles p ON p.user_id = s.user_id WHERE s.user_id = ANY($1)`, [
      userIds,
    ]);
  }

  /**
   * A user's own figures in one statement: the board's record (none before a first point), the standing in the
   * week's board (none without points that week) and the study points of a São Paulo day (0 without study).
   */
  async ownFigures(userId: string, week: string, day: string): Promise<OwnFigures> {
    const [row] = await queryRows<StatsRecord & { week_points: number | null; week_position: string | null; online_points: number }>(
      this.ds,
      `SELECT ${RECORD_COLUMNS}, w.points AS week_points, w.position AS week_position, coalesce(d.online_points, 0) AS online_points
         FROM (SELECT $1::text AS user_id) me
         LEFT JOIN ranking.user_stats s ON s.user_id = me.user_id
         LEFT JOIN ranking.user_profiles p ON p.user_id = s.user_id
         LEFT JOIN LATERAL (${weekStandingSql('$2::date', 'me.user_id')}) w ON true
         LEFT JOIN ranking.active_days d ON d.user_id = me.user_id AND d.day = $3::date`,
      [userId, week, day],
    );
    const { week_points, week_position, online_points, ...record } = row!;
    return {
      record: record.user_id === null ? undefined : record,
      week: week_points === null ? null : { points: week_points, position: Number(week_position) },
      onlinePoints: online_points,
    };
  }
}
