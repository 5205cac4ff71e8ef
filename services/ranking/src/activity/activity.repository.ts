import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { execute, queryRows, withTransaction } from '@clima/common';
import { DataSource, EntityManager } from 'typeorm';

export interface StatsRow {
  last_active_day: string | null;
}

export interface SessionRow {
  id: string;
  started_at: Date;
  last_seen_at: Date;
}

/** SQL for the tombstone key of the user id in parameter `p`: a digest, so no row keeps a deleted user's id. */
const digestOf = (p: string) => `encode(sha256(convert_to(${p}::text, 'UTF8')), 'hex')`;

/**
 * The SQL of the points ledger. This is the heartbeat's hot path: one statement per call, each as it was
 * measured; methods taking a manager run inside the caller's transaction.
 */
@Injectable()
export class ActivityRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return withTransaction(this.ds, work);
  }

  async isDeletedSince(m: EntityManager, userId: string, at: Date): Promise<boolean> {
    const rows = await queryRows(m, `SELECT 1 FROM ranking.deleted_users WHERE user_digest = ${digestOf('$1')} AND deleted_at >= $2`, [userId, at]);
    return rows.length > 0;
  }

  /** Creates the user's stats row if needed and locks it for the rest of the transaction. */
  async lockStats(m: EntityManager, userId: string, at: Date): Promise<StatsRow | null> {
    await m.query(`INSERT INTO ranking.user_stats (user_id, points_reached_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`, [userId, at]);
    const rows = await queryRows<StatsRow>(
      m,
      `SELECT to_char(last_active_day, 'YYYY-MM-DD') AS last_active_day FROM ranking.user_stats WHERE user_id = $1 FOR UPDATE`,
      [userId],
    );
    return rows[0] ?? null;
  }

  /** Sessions overlapping [from, to] (the caller widens the span by the session gap). */
  sessionsNear(m: EntityManager, userId: string, from: Date, to: Date): Promise<SessionRow[]> {
    return queryRows<SessionRow>(
      m,
      `SELECT id, started_at, last_seen_at FROM ranking.sessions
        WHERE user_id = $1 AND started_at <= $2 AND last_seen_at >= $3
        ORDER BY started_at, id`,
      [userId, to, from],
    );
  }

  async insertSession(m: EntityManager, userId: string, start: Date, last: Date, startedDay: string): Promise<void> {
    await m.query(`INSERT INTO ranking.sessions (user_id, started_at, last_seen_at, started_day) VALUES ($1, $2, $3, $4)`, [userId, start, last, startedDay]);
  }

  async updateSession(m: EntityManager, id: string, start: Date, last: Date, startedDay: string): Promise<void> {
    await m.query(`UPDATE ranking.sessions SET started_at = $2, last_seen_at = $3, started_day = $4 WHERE id = $1`, [id, start, last, startedDay]);
  }

  async deleteSessions(m: EntityManager, ids: string[]): Promise<void> {
    await m.query(`DELETE FROM ranking.sessions WHERE id = ANY($1::bigint[])`, [ids]);
  }

  /** Records every minute from `first` to `last`; gives how many were new. */
  async addOnlineMinutes(m: EntityManager, userId: string, first: Date, last: Date): Promise<number> {
    const inserted = await queryRows(
      m,
      `INSERT INTO ranking.online_minutes (user_id, minute)
       SELECT $1, generate_series($2::timestamptz, $3::timestamptz, interval '1 minute')
       ON CONFLICT DO NOTHING RETURNING 1`,
      [userId, first, last],
    );
    return inserted.length;
  }

  /** Records the day's first activity; false when the day was already recorded. */
  async addActiveDay(m: EntityManager, userId: string, day: string, at: Date, source: 'heartbeat' | 'sign_in'): Promise<boolean> {
    const inserted = await queryRows(
      m,
      `INSERT INTO ranking.active_days (user_id, day, first_at, source) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING 1`,
      [userId, day, at, source],
    );
    return inserted.length > 0;
  }

  async activeDays(m: EntityManager, userId: string): Promise<string[]> {
    const days = await queryRows<{ day: string }>(m, `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM ranking.active_days WHERE user_id = $1`, [userId]);
    return days.map((d) => d.day);
  }

  async holdsStreakAward(m: EntityManager, userId: string, threshold: number, from: string, to: string): Promise<boolean> {
    const held = await queryRows(
      m,
      `SELECT 1 FROM ranking.streak_awards WHERE user_id = $1 AND threshold = $2 AND reached_on BETWEEN $3 AND $4`,
      [userId, threshold, from, to],
    );
    return held.length > 0;
  }

  /** Grants an award once; false when its key was already in the ledger. */
  async addStreakAward(m: EntityManager, userId: string, threshold: number, reachedOn: string, points: number): Promise<boolean> {
    const added = await queryRows(
      m,
      `INSERT INTO ranking.streak_awards (user_id, threshold, reached_on, points) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING 1`,
      [userId, threshold, reachedOn, points],
    );
    return added.length > 0;
  }

  async recordDay(m: EntityManager, userId: string, lastActiveDay: string, lastRunDays: number, longestRunDays: number): Promise<void> {
    await m.query(
      `UPDATE ranking.user_stats
          SET total_logins = total_logins + 1, last_active_day = $2, last_run_days = $3,
              longest_streak_days = GREATEST(longest_streak_days, $4)
        WHERE user_id = $1`,
      [userId, lastActiveDay, lastRunDays, longestRunDays],
    );
  }

  async addPoints(m: EntityManager, userId: string, points: number, minutes: number, at: Date): Promise<void> {
    await m.query(
      `UPDATE ranking.user_stats
          SET points = points + $2, online_minutes = online_minutes + $3,
              points_reached_at = GREATEST(points_reached_at, $4), updated_at = now()
        WHERE user_id = $1`,
      [userId, points, minutes, at],
    );
  }

  /** A profile for the board until the auth service's own fact arrives (which always wins). */
  async insertProfileIfMissing(m: EntityManager, userId: string, email: string, name: string | null): Promise<void> {
    await m.query(
      `INSERT INTO ranking.user_profiles (user_id, email, name, fact_at) VALUES ($1, $2, $3, 'epoch'::timestamptz) ON CONFLICT (user_id) DO NOTHING`,
      [userId, email, name],
    );
  }

  /** Keeps the name and e-mail shown on the board; an older fact never overwrites a newer one, nor revives a deleted user. */
  async upsertProfile(userId: string, email: string, name: string | null, factAt: Date): Promise<void> {
    await execute(
      this.ds,
      `INSERT INTO ranking.user_profiles (user_id, email, name, fact_at)
       SELECT $1, $2, $3, $4
        WHERE NOT EXISTS (SELECT 1 FROM ranking.deleted_users WHERE user_digest = ${digestOf('$1')} AND deleted_at >= $4)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, name = EXCLUDED.name, fact_at = EXCLUDED.fact_at, updated_at = now()
        WHERE ranking.user_profiles.fact_at <= EXCLUDED.fact_at`,
      [userId, email, name, factAt],
    );
  }

  /** Removes every row of the user and leaves a tombstone (a digest of the id) dated `at`. */
  async deleteUser(userId: string, at: Date): Promise<void> {
    await this.transaction(async (m) => {
      await m.query(
        `INSERT INTO ranking.deleted_users (user_digest, deleted_at) VALUES (${digestOf('$1')}, $2)
         ON CONFLICT (user_digest) DO UPDATE SET deleted_at = GREATEST(ranking.deleted_users.deleted_at, EXCLUDED.deleted_at)`,
        [userId, at],
      );
      // the stats row first: it is the lock every activity transaction of this user takes
      await m.query(`DELETE FROM ranking.user_stats WHERE user_id = $1`, [userId]);
      for (const table of ['active_days', 'online_minutes', 'sessions', 'streak_awards', 'user_profiles']) {
        await m.query(`DELETE FROM ranking.${table} WHERE user_id = $1`, [userId]);
      }
    });
  }
}
