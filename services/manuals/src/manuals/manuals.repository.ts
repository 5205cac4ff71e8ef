import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { execute, likePattern, outboxInsert, outboxValues, Queryable, queryOne, queryRows, withTransaction } from '@clima/common';
import type { ManualTextStatus, ManualType } from '@clima/contract';
import { SCHEMA } from '../database';
import { MANUAL_SELECT, ManualRow } from './manual.mapper';
import { matchByIdSlugOrName, matchParams } from './manufacturers.repository';

/** The filters of the manuals page and of the admin list. */
export interface ManualFilter {
  publishedOnly?: boolean;
  /** Manufacturer and model by id, slug or name. */
  manufacturer?: string;
  model?: string;
  type?: ManualType;
  search?: string;
}

/** Columns an edit may change. */
export interface ManualChanges {
  title?: string;
  description?: string | null;
  manual_type?: ManualType;
  is_published?: boolean;
  file_url?: string | null;
  file_size?: number | null;
  /** Set with a new file: pending for a stored PDF, null otherwise; the page count is unknown again. */
  text_status?: ManualTextStatus | null;
  page_count?: number | null;
  ocr_pages?: number | null;
  text_error?: string | null;
}

export interface NewManual {
  title: string;
  description: string | null;
  manufacturerId: number;
  modelId: number;
  manualType: ManualType;
  fileUrl: string | null;
  fileSize: number | null;
  isPublished: boolean;
  textStatus: ManualTextStatus | null;
}

/** Builds a WHERE clause; each condition numbers its parameters from the `first` it is given. */
class Where {
  private readonly parts: string[] = [];
  readonly params: unknown[] = [];
  add(sql: (first: number) => string, ...values: unknown[]): void {
    this.parts.push(sql(this.params.length + 1));
    this.params.push(...values);
  }
  get sql(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

function whereOf(f: ManualFilter): Where {
  const w = new Where();
  if (f.publishedOnly) w.add(() => 'm.is_published');
  if (f.manufacturer) w.add((first) => matchByIdSlugOrName('f', first), ...matchParams(f.manufacturer));
  if (f.model) w.add((first) => matchByIdSlugOrName('d', first), ...matchParams(f.model));
  if (f.type) w.add((first) => `m.manual_type = $${first}`, f.type);
  if (f.search) {
    w.add((first) => {
      const q = `public.f_unaccent(lower($${first}))`;
      return `(public.f_unaccent(lower(m.title)) LIKE ${q}
            OR public.f_unaccent(lower(coalesce(m.description, ''))) LIKE ${q}
            OR public.f_unaccent(lower(f.name)) LIKE ${q}
            OR public.f_unaccent(lower(d.name)) LIKE ${q})`;
    }, likePattern(f.search));
  }
  return w;
}

/** The `manuals.manuals` and `manuals.downloads` tables. */
@Injectable()
export class ManualsRepository {
  constructor(private readonly ds: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return withTransaction(this.ds, work);
  }

  /** Newest first. */
  list(filter: ManualFilter): Promise<ManualRow[]> {
    const w = whereOf(filter);
    return queryRows<ManualRow>(this.ds, `${MANUAL_SELECT} ${w.sql} ORDER BY m.created_at DESC, m.id DESC`, w.params);
  }

  find(id: number): Promise<ManualRow | undefined> {
    return queryOne<ManualRow>(this.ds, `${MANUAL_SELECT} WHERE m.id = $1`, [id]);
  }

  /** These manuals, in no particular order. */
  findMany(ids: number[]): Promise<ManualRow[]> {
    return queryRows<ManualRow>(this.ds, `${MANUAL_SELECT} WHERE m.id = ANY($1::int[])`, [ids]);
  }

  async insert(db: Queryable, n: NewManual): Promise<number> {
    const row = await queryOne<{ id: number }>(
      db,
      `INSERT INTO manuals.manuals (title, description, manufacturer_id, model_id, manual_type, file_url, file_size, is_published, text_status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [n.title, n.description, n.manufacturerId, n.modelId, n.manualType, n.fileUrl, n.fileSize, n.isPublished, n.textStatus],
    );
    return row!.id;
  }

  /** Writes the changes given (at least one) and stamps updated_at; false for an unknown id. */
  async update(id: number, changes: ManualChanges, db: Queryable = this.ds): Promise<boolean> {
    const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
    const sets = entries.map(([column], i) => `${column} = $${i + 2}`);
    sets.push('updated_at = now()');
    const touched = await execute(db, `UPDATE manuals.manuals SET ${sets.join(', ')} WHERE id = $1`, [id, ...entries.map(([, v]) => v)]);
    return touched > 0;
  }

  /** The deleted row's file address; undefined for an unknown id. Its download records go with it. */
  delete(id: number): Promise<{ file_url: string | null } | undefined> {
    return queryOne(this.ds, `DELETE FROM manuals.manuals WHERE id = $1 RETURNING file_url`, [id]);
  }

  /**
   * Counts a download of a published, downloadable manual, records who made it and writes the ranking's fact
   * (a manual opened, published by the outbox relay once this commits), all in one statement. One statement, not
   * a transaction of four: the counter's row lock is then held only inside Postgres, for the statement and its
   * commit, never across this process's event-loop turns between round trips, where every download of a popular
   * manual queued behind it (6 ms per download under the mixed load, bench/README.md).
   * Undefined (nothing written) when there is no such manual.
   */
  recordDownload(id: number, userId: string): Promise<{ title: string; file_url: string | null; external_url: string | null } | undefined> {
    const opened = outboxValues('manual.opened', { userId, manualId: id, at: new Date().toISOString() });
    return queryOne(
      this.ds,
      `WITH counted AS (
         UPDATE manuals.manuals SET download_count = download_count + 1
          WHERE id = $1 AND is_published AND (file_url IS NOT NULL OR external_url IS NOT NULL)
          RETURNING id, title, file_url, external_url
       ), recorded AS (
         INSERT INTO manuals.downloads (manual_id, user_id) SELECT id, $2 FROM counted
       ), told AS (
         ${outboxInsert(SCHEMA)} SELECT $3::uuid, $4, $5::jsonb, $6 FROM counted
       )
       SELECT title, file_url, external_url FROM counted`,
      [id, userId, ...opened],
    );
  }

  /** Title of the first published manual whose file is this address. */
  async publishedTitleOfFile(fileUrl: string): Promise<string | undefined> {
    const row = await queryOne<{ title: string }>(
      this.ds,
      `SELECT title FROM manuals.manuals WHERE file_url = $1 AND is_published ORDER BY id LIMIT 1`,
      [fileUrl],
    );
    return row?.title;
  }

  /** Whether any manual (draft or published) points at this file address. */
  async isFileUsed(fileUrl: string): Promise<boolean> {
    return (await queryRows(this.ds, `SELECT 1 FROM manuals.manuals WHERE file_url = $1 LIMIT 1`, [fileUrl])).length > 0;
  }

  /** Counts as bigint text. */
  async totals(): Promise<{ manuals: string; manufacturers: string; downloads: string }> {
    const row = await queryOne<{ manuals: string; manufacturers: string; downloads: string }>(
      this.ds,
      `SELECT (SELECT count(*) FROM manuals.manuals) AS manuals,
              (SELECT count(*) FROM manuals.manufacturers) AS manufacturers,
              (SELECT coalesce(sum(download_count), 0) FROM manuals.manuals) AS downloads`,
    );
    return row!;
  }
}
