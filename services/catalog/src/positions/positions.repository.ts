import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { queryOne, queryRows, Queryable, SavedWatchRecord, unfinishedSql, WatchRecordTable, withTransaction } from '@clima/common';
import type { WatchReport } from '@clima/contract';
import { CONTENT_SELECT, ContentRow } from '../contents/content.mapper';

/** Where a user stopped in a content and how much of it they played. */
export type SavedPositionRow = SavedWatchRecord;

const WATCH_RECORDS = new WatchRecordTable('catalog.content_positions', 'content_id');

/** The `catalog.content_positions` table: where each user stopped in each content and what they played. */
@Injectable()
export class PositionsRepository {
  constructor(private readonly ds: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return withTransaction(this.ds, work);
  }

  async publishedContentExists(contentId: number): Promise<boolean> {
    return !!(await queryOne(this.ds, `SELECT id FROM catalog.contents WHERE id = $1 AND is_published = 1`, [contentId]));
  }

  find(userId: string, contentId: number, db: Queryable = this.ds): Promise<SavedPositionRow | undefined> {
    return queryOne<SavedPositionRow>(
      db,
      `SELECT position, duration, watched_seconds, updated_at FROM catalog.content_positions WHERE user_id = $1 AND content_id = $2`,
      [userId, contentId],
    );
  }

  /** A player's report on a content, applied inside the transaction (WatchRecordTable). */
  apply(m: Queryable, userId: string, contentId: number, report: WatchReport): Promise<{ saved: SavedPositionRow; covered: number }> {
    return WATCH_RECORDS.apply(m, userId, contentId, report);
  }

  /**
   * 'Continuar assistindo': published contents the user stopped past the first seconds and before the end
   * (closer to it than 5% of the video, at least 5 s and at most 30 s, is the end), most recent first.
   */
  continueFor(userId: string, minPosition: number, limit: number): Promise<(ContentRow & { w_position: number; w_duration: number; w_updated_at: Date })[]> {
    return queryRows(
      this.ds,
      `SELECT content.*, p.position AS w_position, p.duration AS w_duration, p.updated_at AS w_updated_at
         FROM (${CONTENT_SELECT}) content
         JOIN catalog.content_positions p ON p.content_id = content.id
        WHERE p.user_id = $1 AND content.is_published = 1 AND p.position >= $2
          AND ${unfinishedSql('p')}
        ORDER BY p.updated_at DESC, content.id DESC
        LIMIT $3`,
      [userId, minPosition, limit],
    );
  }
}
