import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { queryOne, queryRows, Queryable, withTransaction } from '@clima/common';
import type { WatchInterval } from '@clima/contract';
import { CONTENT_SELECT, ContentRow } from '../contents/content.mapper';

/** A user's position record of one content, as a report reads it (locked). */
export interface PositionRow {
  position: number;
  duration: number;
  watched: WatchInterval[];
  watched_seconds: number;
  /** Seconds since the first report on this content (the pace limit counts from there). */
  since_first: number;
}

export interface SavedPositionRow {
  position: number;
  duration: number;
  watched_seconds: number;
  updated_at: Date;
}

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

  /**
   * The user's record of the content, created from this first report when there is none, and locked
   * until the transaction ends (two devices reporting at once are applied one after the other).
   */
  async lock(m: Queryable, userId: string, contentId: number, first: { position: number; duration: number }): Promise<PositionRow> {
    await m.query(
      `INSERT INTO catalog.content_positions (user_id, content_id, position, duration) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, content_id) DO NOTHING`,
      [userId, contentId, first.position, first.duration],
    );
    const row = await queryOne<PositionRow>(
      m,
      `SELECT position, duration, watched, watched_seconds, GREATEST(0, extract(epoch FROM now() - created_at))::float8 AS since_first
         FROM catalog.content_positions WHERE user_id = $1 AND content_id = $2 FOR UPDATE`,
      [userId, contentId],
    );
    return row!;
  }

  async save(
    m: Queryable,
    userId: string,
    contentId: number,
    p: { position: number; duration: number; watched: WatchInterval[]; watchedSeconds: number },
  ): Promise<SavedPositionRow> {
    const row = await queryOne<SavedPositionRow>(
      m,
      `UPDATE catalog.content_positions SET position = $3, duration = $4, watched = $5::jsonb, watched_seconds = $6, updated_at = now()
        WHERE user_id = $1 AND content_id = $2
        RETURNING position, duration, watched_seconds, updated_at`,
      [userId, contentId, p.position, p.duration, JSON.stringify(p.watched), p.watchedSeconds],
    );
    return row!;
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
          AND p.duration - p.position > LEAST(30, GREATEST(5, p.duration * 0.05))
        ORDER BY p.updated_at DESC, content.id DESC
        LIMIT $3`,
      [userId, minPosition, limit],
    );
  }
}
