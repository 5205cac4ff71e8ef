import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { execute, likePattern, queryOne, queryRows, Queryable } from '@clima/common';
import { CONTENT_SELECT, contentSelect, ContentRow } from './content.mapper';

/** The calendar day of a view: São Paulo time, so "one view per day" means the user's day. */
export const SAO_PAULO_TODAY = `(now() AT TIME ZONE 'America/Sao_Paulo')::date`;

/** Columns a content body may write, in a fixed order. */
export const WRITABLE = ['title', 'description', 'category_id', 'tags', 'video_url', 'video_file_url', 'video_orientation', 'is_published'] as const;
export type ContentValues = { [K in (typeof WRITABLE)[number]]: unknown };

/** The `catalog.contents` table and its view counters. */
@Injectable()
export class ContentsRepository {
  constructor(private readonly ds: DataSource) {}

  /** Newest first; `category` is a slug, `search` the user's text. */
  list(f: { publishedOnly: boolean; category?: string; search?: string }): Promise<ContentRow[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (f.publishedOnly) where.push('c.is_published = 1');
    if (f.category) {
      params.push(f.category);
      where.push(`cat.slug = $${params.length}`);
    }
    if (f.search) {
      params.push(likePattern(f.search));
      where.push(`c.search_text LIKE f_unaccent(lower($${params.length}))`);
    }
    return queryRows<ContentRow>(
      this.ds,
      `${CONTENT_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY c.created_at DESC, c.id DESC`,
      params,
    );
  }

  find(id: number, publishedOnly: boolean, db: Queryable = this.ds): Promise<ContentRow | undefined> {
    return queryOne<ContentRow>(db, `${CONTENT_SELECT} WHERE c.id = $1 ${publishedOnly ? 'AND c.is_published = 1' : ''}`, [id]);
  }

  /**
   * Records the user's opening of a published content and reads it back, in one statement (one round trip, its
   * row locks held only while it runs). The first opening per user, content and São Paulo day counts: the
   * content's total and the day's figure move (`counted`), and the row read shows the new total.
   */
  async openPublished(id: number, userId: string): Promise<{ row: ContentRow; counted: boolean } | undefined> {
    const found = await queryOne<ContentRow & { counted: boolean }>(
      this.ds,
      `WITH counted AS (
         INSERT INTO content_views (content_id, user_id, day)
         SELECT id, $2, ${SAO_PAULO_TODAY} FROM contents WHERE id = $1 AND is_published = 1
         ON CONFLICT DO NOTHING
         RETURNING content_id
       ), bumped AS (
         UPDATE contents SET views_count = views_count + 1 WHERE id IN (SELECT content_id FROM counted) RETURNING views_count
       ), daily AS (
         INSERT INTO daily_views (day, views) SELECT ${SAO_PAULO_TODAY}, 1 FROM counted
         ON CONFLICT (day) DO UPDATE SET views = daily_views.views + 1
         RETURNING day
       )
       ${contentSelect('COALESCE((SELECT views_count FROM bumped), c.views_count)', ', EXISTS (SELECT 1 FROM counted) AS counted')}
       WHERE c.id = $1 AND c.is_published = 1`,
      [id, userId],
    );
    if (!found) return undefined;
    const { counted, ...row } = found;
    return { row, counted };
  }

  async insert(values: ContentValues): Promise<number> {
    const [row] = await queryRows<{ id: number }>(
      this.ds,
      `INSERT INTO contents (${WRITABLE.join(', ')}) VALUES (${WRITABLE.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      WRITABLE.map((k) => values[k]),
    );
    return row!.id;
  }

  /** Writes the fields given; answers how many rows changed (0: unknown id). */
  update(id: number, fields: Partial<ContentValues>): Promise<number> {
    const present = WRITABLE.filter((k) => fields[k] !== undefined);
    return execute(
      this.ds,
      `UPDATE contents SET ${present.map((k, i) => `${k} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`,
      [id, ...present.map((k) => fields[k])],
    );
  }

  /** Sets the publication flag, or flips it when `value` is null. */
  setPublished(id: number, value: 0 | 1 | null): Promise<number> {
    return execute(this.ds, `UPDATE contents SET is_published = COALESCE($2::smallint, 1 - is_published), updated_at = now() WHERE id = $1`, [id, value]);
  }

  /** The per-user view records go with the content (foreign key); the daily figures stay. */
  delete(id: number): Promise<number> {
    return execute(this.ds, `DELETE FROM contents WHERE id = $1`, [id]);
  }
}
