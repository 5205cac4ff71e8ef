import { coveredSeconds, creditAllowance, creditWatched, round2, type WatchInterval, type WatchReport } from '@clima/contract';
import { queryOne, type Queryable } from './sql';

/**
 * SQL: the record aliased `alias` stopped before the end of its video — the end being the last 5 % of it, at least
 * 5 s and at most 30 s (`endMargin` of watch-rules.ts, the same rule as the players' 'Continuar de').
 */
export const unfinishedSql = (alias: string) => `${alias}.duration - ${alias}.position > LEAST(30, GREATEST(5, ${alias}.duration * 0.05))`;

/** A user's watch record of one video as a player's report leaves it. */
export interface SavedWatchRecord {
  position: number;
  duration: number;
  watched_seconds: number;
  updated_at: Date;
}

/** The record as a report reads it (locked). */
interface LockedWatchRecord {
  watched: WatchInterval[];
  watched_seconds: number;
  /** Seconds since the first report on this video (the pace limit counts from there). */
  since_first: number;
}

/**
 * A table of watch records — where each user stopped in each video and the stretches they really played
 * (`catalog.content_positions` by content, `courses.lesson_watch` by lesson): `(user_id, <key>)` primary key,
 * `position`, `duration`, `watched` (jsonb intervals), `watched_seconds`, `created_at`, `updated_at`.
 */
export class WatchRecordTable {
  /** `table` and `key` are the service's own identifiers, never input. */
  constructor(
    private readonly table: string,
    private readonly key: string,
  ) {}

  /**
   * Applies a player's report inside the caller's transaction: the record is created from it when there is none
   * and locked until the transaction ends (two devices reporting at once are applied one after the other); the
   * stretches played are credited within what the time since the first report allows (watch-rules.ts); the
   * position and duration are the report's. Gives the saved record and the distinct seconds now covered.
   */
  async apply(m: Queryable, userId: string, id: number, report: WatchReport): Promise<{ saved: SavedWatchRecord; covered: number }> {
    await m.query(
      `INSERT INTO ${this.table} (user_id, ${this.key}, position, duration) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, ${this.key}) DO NOTHING`,
      [userId, id, report.position, report.duration],
    );
    const row = (await queryOne<LockedWatchRecord>(
      m,
      `SELECT watched, watched_seconds, GREATEST(0, extract(epoch FROM now() - created_at))::float8 AS since_first
         FROM ${this.table} WHERE user_id = $1 AND ${this.key} = $2 FOR UPDATE`,
      [userId, id],
    ))!;
    const watched = creditWatched(row.watched, report.watched, creditAllowance(row.since_first, row.watched_seconds));
    const covered = coveredSeconds(watched, report.duration);
    const saved = (await queryOne<SavedWatchRecord>(
      m,
      `UPDATE ${this.table} SET position = $3, duration = $4, watched = $5::jsonb, watched_seconds = $6, updated_at = now()
        WHERE user_id = $1 AND ${this.key} = $2
        RETURNING position, duration, watched_seconds, updated_at`,
      [userId, id, report.position, report.duration, JSON.stringify(watched), round2(covered)],
    ))!;
    return { saved, covered };
  }
}
