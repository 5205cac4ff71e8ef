import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { AppError, auditBefore, likePattern } from '@clima/common';
import { CATALOG_MESSAGES, Content, ContentBody, ContentsQuery } from '@clima/contract';
import { CONTENT_SELECT, ContentRow, mapContent } from './content.mapper';

/** The calendar day of a view: São Paulo time, so "one view per day" means the user's day. */
export const SAO_PAULO_TODAY = `(now() AT TIME ZONE 'America/Sao_Paulo')::date`;

const isUnknownCategory = (err: unknown) => err instanceof QueryFailedError && (err as unknown as { code?: string }).code === '23503';

/** Columns a content body may write, in a fixed order. */
const WRITABLE = ['title', 'description', 'category_id', 'tags', 'video_url', 'video_file_url', 'video_orientation', 'is_published'] as const;

@Injectable()
export class ContentsService {
  constructor(private readonly ds: DataSource) {}

  /** Contents newest first; `publishedOnly` for the end-user list, all (drafts too) for the admin list. */
  async list(q: ContentsQuery, publishedOnly: boolean): Promise<Content[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (publishedOnly) where.push('c.is_published = 1');
    if (q.category) {
      params.push(q.category);
      where.push(`cat.slug = $${params.length}`);
    }
    if (q.search) {
      params.push(likePattern(q.search));
      where.push(`c.search_text LIKE f_unaccent(lower($${params.length}))`);
    }
    const rows: ContentRow[] = await this.ds.query(
      `${CONTENT_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY c.created_at DESC, c.id DESC`,
      params,
    );
    return rows.map(mapContent);
  }

  async get(id: number, opts: { publishedOnly: boolean }, manager: EntityManager = this.ds.manager): Promise<Content> {
    const [row]: ContentRow[] = await manager.query(`${CONTENT_SELECT} WHERE c.id = $1 ${opts.publishedOnly ? 'AND c.is_published = 1' : ''}`, [id]);
    if (!row) throw AppError.notFound(CATALOG_MESSAGES.contentNotFound);
    return mapContent(row);
  }

  /**
   * A subscriber opens a published content. The first opening per user, content and São Paulo day
   * counts a view: the content's total and the day's figure move in the same transaction.
   */
  async open(id: number, userId: string): Promise<Content> {
    return this.ds.transaction(async (m) => {
      const counted: unknown[] = await m.query(
        `INSERT INTO content_views (content_id, user_id, day)
         SELECT id, $2, ${SAO_PAULO_TODAY} FROM contents WHERE id = $1 AND is_published = 1
         ON CONFLICT DO NOTHING
         RETURNING day`,
        [id, userId],
      );
      if (counted.length) {
        await m.query(`UPDATE contents SET views_count = views_count + 1 WHERE id = $1`, [id]);
        await m.query(
          `INSERT INTO daily_views (day, views) VALUES (${SAO_PAULO_TODAY}, 1)
           ON CONFLICT (day) DO UPDATE SET views = daily_views.views + 1`,
        );
      }
      return this.get(id, { publishedOnly: true }, m);
    });
  }

  async create(body: ContentBody): Promise<Content> {
    const values = {
      title: body.title,
      description: body.description ?? null,
      category_id: body.category_id ?? null,
      tags: body.tags ?? '[]',
      video_url: body.video_url ?? null,
      video_file_url: body.video_file_url ?? null,
      video_orientation: body.video_orientation ?? 'horizontal',
      is_published: body.is_published ?? 0,
    };
    const id = await this.categoryChecked(async () => {
      const [row]: { id: number }[] = await this.ds.query(
        `INSERT INTO contents (${WRITABLE.join(', ')}) VALUES (${WRITABLE.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
        WRITABLE.map((k) => values[k]),
      );
      return row.id;
    });
    return this.get(id, { publishedOnly: false });
  }

  /** Fields present in the body are written; the others keep their value. */
  async update(id: number, body: ContentBody): Promise<Content> {
    await this.recordBefore(id);
    const present = WRITABLE.filter((k) => body[k] !== undefined);
    const [, count] = await this.categoryChecked<[unknown[], number]>(() =>
      this.ds.query(
        `UPDATE contents SET ${present.map((k, i) => `${k} = $${i + 2}`).join(', ')}, updated_at = now() WHERE id = $1`,
        [id, ...present.map((k) => body[k])],
      ),
    );
    if (!count) throw AppError.notFound(CATALOG_MESSAGES.contentNotFound);
    return this.get(id, { publishedOnly: false });
  }

  /** Sets the publication flag, or flips it when no value is given. */
  async setPublished(id: number, value: 0 | 1 | undefined): Promise<Content> {
    await this.recordBefore(id);
    const [, count]: [unknown[], number] = await this.ds.query(
      `UPDATE contents SET is_published = COALESCE($2::smallint, 1 - is_published), updated_at = now() WHERE id = $1`,
      [id, value ?? null],
    );
    if (!count) throw AppError.notFound(CATALOG_MESSAGES.contentNotFound);
    return this.get(id, { publishedOnly: false });
  }

  /** Deletes the content and its per-user view records; the daily figures stay (they are history). */
  async remove(id: number): Promise<void> {
    await this.recordBefore(id);
    const [, count]: [unknown[], number] = await this.ds.query(`DELETE FROM contents WHERE id = $1`, [id]);
    if (!count) throw AppError.notFound(CATALOG_MESSAGES.contentNotFound);
  }

  /** The content as it was, for the audit log (an unknown id is answered 404 by the caller's own query). */
  private async recordBefore(id: number): Promise<void> {
    const [row]: ContentRow[] = await this.ds.query(`${CONTENT_SELECT} WHERE c.id = $1`, [id]);
    if (row) auditBefore(mapContent(row));
  }

  private async categoryChecked<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUnknownCategory(err)) throw AppError.badRequest(CATALOG_MESSAGES.categoryNotFound);
      throw err;
    }
  }
}
