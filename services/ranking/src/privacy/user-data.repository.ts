import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { queryRows } from '@clima/common';
import { DataSource } from 'typeorm';
import { RANKING_TIME_ZONE } from '../shared/sao-paulo-time';

const SP = `'${RANKING_TIME_ZONE}'`;

/** Every row the ranking holds about one user, read for the LGPD export. */
@Injectable()
export class UserDataRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  rowsOf(userId: string) {
    const q = <T>(sql: string): Promise<T[]> => queryRows<T>(this.ds, sql, [userId]);
    return Promise.all([
      q<{ name: string | null; email: string }>(`SELECT name, email FROM ranking.user_profiles WHERE user_id = $1`),
      q<{ points: number; total_logins: number; online_seconds: number; last_active_day: string | null; last_run_days: number; longest_streak_days: number; week_podiums: number }>(
        `SELECT points, total_logins, online_seconds::float8 AS online_seconds, to_char(last_active_day, 'YYYY-MM-DD') AS last_active_day,
                last_run_days, longest_streak_days, week_podiums
           FROM ranking.user_stats WHERE user_id = $1`,
      ),
      // each day's stretches of study (while kept) as instants
      q<{ day: string; first_at: Date; source: string; online_seconds: number; online_points: number; sessions: number; stretches: { from: string; to: string }[] }>(
        `SELECT to_char(a.day, 'YYYY-MM-DD') AS day, a.first_at, a.source, a.learning_seconds AS online_seconds, a.online_points, a.sessions,
                coalesce((SELECT json_agg(json_build_object(
                                   'from', to_char((a.day + lower(r) * interval '1 second') AT TIME ZONE ${SP} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                                   'to', to_char((a.day + upper(r) * interval '1 second') AT TIME ZONE ${SP} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                                 ORDER BY lower(r))
                            FROM unnest(a.learning_spans) AS r), '[]'::json) AS stretches
           FROM ranking.active_days a WHERE a.user_id = $1 ORDER BY a.day`,
      ),
      q<{ days: number; reached_on: string; points: number }>(
        `SELECT threshold::int AS days, to_char(reached_on, 'YYYY-MM-DD') AS reached_on, points FROM ranking.streak_awards WHERE user_id = $1 ORDER BY reached_on, threshold`,
      ),
      q<{ kind: string; ref: string; day: string; at: Date; points: number }>(
        `SELECT kind, ref, to_char(day, 'YYYY-MM-DD') AS day, at, points FROM ranking.learning_awards WHERE user_id = $1 ORDER BY at, kind, ref`,
      ),
      q<{ week: string; points: number }>(`SELECT to_char(week, 'YYYY-MM-DD') AS week, points FROM ranking.weekly_points WHERE user_id = $1 ORDER BY week`),
      q<{ week: string; position: number }>(
        `SELECT to_char(week, 'YYYY-MM-DD') AS week, position::int AS position FROM ranking.week_podiums WHERE user_id = $1 ORDER BY week`,
      ),
    ]);
  }
}
