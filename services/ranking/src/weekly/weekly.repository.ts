import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { queryRows, withTransaction } from '@clima/common';
import { DataSource } from 'typeorm';

export interface WeekStanding {
  user_id: string;
  points: number;
}

export interface PodiumPlace {
  user_id: string;
  position: number;
  points: number;
}

/**
 * A user's points and 1-based position in a week's board (more points, then who reached them first, then the user
 * id), as a statement over the given SQL expressions for the week and the user: no row when the user has no
 * points that week. Read with the user's other figures in one statement (RankingRepository.ownFigures).
 */
export const weekStandingSql = (week: string, user: string) => `
  SELECT w.points,
         (SELECT count(*) + 1 FROM ranking.weekly_points o
           WHERE o.week = w.week AND o.points > 0
             AND (-o.points, o.reached_at, o.user_id COLLATE "C") < (-w.points, w.reached_at, w.user_id COLLATE "C")) AS position
    FROM ranking.weekly_points w WHERE w.week = ${week} AND w.user_id = ${user} AND w.points > 0`;

/** The weekly boards: points per user and week (Monday, São Paulo), the closed weeks and their podiums. */
@Injectable()
export class WeeklyRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The week's first n, in the board's order (more points, then who reached them first, then the user id). */
  top(week: string, n: number): Promise<WeekStanding[]> {
    return queryRows<WeekStanding>(
      this.ds,
      `SELECT user_id, points FROM ranking.weekly_points WHERE week = $1 AND points > 0
        ORDER BY points DESC, reached_at, user_id COLLATE "C" LIMIT $2`,
      [week, n],
    );
  }

  /** Of these weeks, those with points on their board that were never closed. */
  async unclosed(weeks: string[]): Promise<string[]> {
    const rows = await queryRows<{ week: string }>(
      this.ds,
      `SELECT to_char(w, 'YYYY-MM-DD') AS week FROM unnest($1::date[]) AS w
        WHERE EXISTS (SELECT 1 FROM ranking.weekly_points p WHERE p.week = w AND p.points > 0)
          AND NOT EXISTS (SELECT 1 FROM ranking.week_closures c WHERE c.week = w)
        ORDER BY w`,
      [weeks],
    );
    return rows.map((r) => r.week);
  }

  /**
   * Closes a week once: records the closure, then its first `places` on the podium, each counted on the user's
   * stats. Null when the week was closed before (another worker, a retried job).
   */
  closeWeek(week: string, places: number): Promise<PodiumPlace[] | null> {
    return withTransaction(this.ds, async (m) => {
      const closed = await queryRows(m, `INSERT INTO ranking.week_closures (week) VALUES ($1) ON CONFLICT DO NOTHING RETURNING 1`, [week]);
      if (!closed.length) return null;
      const podium = await queryRows<PodiumPlace>(
        m,
        `INSERT INTO ranking.week_podiums (week, position, user_id, points)
         SELECT $1, row_number() OVER (ORDER BY points DESC, reached_at, user_id COLLATE "C"), user_id, points
           FROM (SELECT user_id, points, reached_at FROM ranking.weekly_points WHERE week = $1 AND points > 0
                  ORDER BY points DESC, reached_at, user_id COLLATE "C" LIMIT $2) top
         RETURNING user_id, position::int AS position, points`,
        [week, places],
      );
      if (podium.length) {
        await m.query(`UPDATE ranking.user_stats SET week_podiums = week_podiums + 1, updated_at = now() WHERE user_id = ANY($1)`, [podium.map((p) => p.user_id)]);
      }
      return podium.sort((a, b) => a.position - b.position);
    });
  }
}
