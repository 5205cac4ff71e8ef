import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { queryRows } from '@clima/common';
import { DataSource } from 'typeorm';

/** A user's standing as the board needs it: points and when they were reached (the tie-break). */
export interface BoardRow {
  user_id: string;
  points: number;
  reached_ms: number;
}

/** The Postgres side of the leaderboard: the figures the Redis board is built from, and its order without Redis. */
@Injectable()
export class LeaderboardRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  standingsOf(userIds: string[]): Promise<BoardRow[]> {
    return this.standings(`WHERE user_id = ANY($1)`, [userIds]);
  }

  /** One page of every standing, by user id after `after`. */
  standingsAfter(after: string, limit: number): Promise<BoardRow[]> {
    return this.standings(`WHERE user_id > $1 ORDER BY user_id LIMIT $2`, [after, limit]);
  }

  async changedSince(since: Date): Promise<string[]> {
    const rows = await queryRows<{ user_id: string }>(this.ds, `SELECT user_id FROM ranking.user_stats WHERE updated_at >= $1`, [since]);
    return rows.map((r) => r.user_id);
  }

  async top(n: number): Promise<string[]> {
    const rows = await queryRows<{ user_id: string }>(
      this.ds,
      `SELECT user_id FROM ranking.user_stats ORDER BY points DESC, points_reached_at, user_id COLLATE "C" LIMIT $1`,
      [n],
    );
    return rows.map((r) => r.user_id);
  }

  async position(userId: string): Promise<number | null> {
    const rows = await queryRows<{ position: string | null }>(
      this.ds,
      `SELECT (SELECT count(*) + 1 FROM ranking.user_stats o
                WHERE (-o.points, o.points_reached_at, o.user_id COLLATE "C") < (-s.points, s.points_reached_at, s.user_id COLLATE "C")) AS position
         FROM ranking.user_stats s WHERE s.user_id = $1`,
      [userId],
    );
    return rows[0]?.position ? Number(rows[0].position) : null;
  }

  private async standings(where: string, params: unknown[]): Promise<BoardRow[]> {
    const rows = await queryRows<{ user_id: string; points: number; reached_ms: string }>(
      this.ds,
      `SELECT user_id, points, (extract(epoch FROM points_reached_at) * 1000)::bigint AS reached_ms FROM ranking.user_stats ${where}`,
      params,
    );
    return rows.map((r) => ({ user_id: r.user_id, points: r.points, reached_ms: Number(r.reached_ms) }));
  }
}
