import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { queryRows } from '@clima/common';
import { DataSource } from 'typeorm';

/** Every row the ranking holds about one user, read for the LGPD export. */
@Injectable()
export class UserDataRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  rowsOf(userId: string) {
    const q = <T>(sql: string): Promise<T[]> => queryRows<T>(this.ds, sql, [userId]);
    return Promise.all([
      q<{ name: string | null; email: string }>(`SELECT name, email FROM ranking.user_profiles WHERE user_id = $1`),
      q<{ points: number; total_logins: number; online_minutes: number; last_active_day: string | null; last_run_days: number; longest_streak_days: number }>(
        `SELECT points, total_logins, online_minutes, to_char(last_active_day, 'YYYY-MM-DD') AS last_active_day, last_run_days, longest_streak_days
           FROM ranking.user_stats WHERE user_id = $1`,
      ),
      q<{ day: string; first_at: Date; source: string }>(
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, first_at, source FROM ranking.active_days WHERE user_id = $1 ORDER BY day`,
      ),
      // one ledger row per minute: consecutive minutes are given as one stretch
      q<{ from: Date; to: Date; minutes: number }>(
        `SELECT min(minute) AS "from", max(minute) AS "to", count(*)::int AS minutes
           FROM (SELECT minute, minute - (row_number() OVER (ORDER BY minute))::int * interval '1 minute' AS stretch
                   FROM ranking.online_minutes WHERE user_id = $1) m
          GROUP BY stretch ORDER BY 1`,
      ),
      q<{ days: number; reached_on: string; points: number }>(
        `SELECT threshold::int AS days, to_char(reached_on, 'YYYY-MM-DD') AS reached_on, points FROM ranking.streak_awards WHERE user_id = $1 ORDER BY reached_on, threshold`,
      ),
      q<{ started_at: Date; last_seen_at: Date }>(`SELECT started_at, last_seen_at FROM ranking.sessions WHERE user_id = $1 ORDER BY started_at, id`),
    ]);
  }
}
