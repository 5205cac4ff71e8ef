import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, auditBefore, likePattern } from '@clima/common';
import {
  AdminManualsQuery,
  Manual,
  MANUAL_MESSAGES,
  ManualCreateBody,
  ManualDownloadAnswer,
  ManualsQuery,
  ManualsStats,
  ManualUpdateBody,
} from '@clima/contract';
import { ManualFilesService } from '../files/manual-files.service';
import { downloadFilename, MANUAL_SELECT, ManualRow, mapManual } from './manual.mapper';
import { ManufacturersService, matchByIdSlugOrName, matchParams } from './manufacturers.service';
import { returnedRows } from './sql';

/** Builds a WHERE clause with numbered parameters. */
class Where {
  readonly parts: string[] = [];
  readonly params: unknown[] = [];
  add(sql: (next: () => string) => string, ...values: unknown[]): void {
    let i = 0;
    const base = this.params.length;
    this.parts.push(sql(() => `$${base + ++i}`));
    this.params.push(...values);
  }
  get sql(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}

function addSearch(w: Where, search: string | undefined): void {
  if (!search) return;
  w.add(
    (p) => {
      const q = `public.f_unaccent(lower(${p()}))`;
      return `(public.f_unaccent(lower(m.title)) LIKE ${q}
            OR public.f_unaccent(lower(coalesce(m.description, ''))) LIKE ${q}
            OR public.f_unaccent(lower(f.name)) LIKE ${q}
            OR public.f_unaccent(lower(d.name)) LIKE ${q})`;
    },
    likePattern(search),
  );
}

function addMatch(w: Where, alias: string, value: string | undefined): void {
  if (!value) return;
  const n = w.params.length;
  w.parts.push(matchByIdSlugOrName(alias, n + 1, n + 2, n + 3));
  w.params.push(...matchParams(value));
}

const ORDER = 'ORDER BY m.created_at DESC, m.id DESC';

@Injectable()
export class ManualsService {
  constructor(
    private readonly ds: DataSource,
    private readonly manufacturers: ManufacturersService,
    private readonly files: ManualFilesService,
  ) {}

  /** Published manuals, newest first, with the four filters of the manuals page. */
  async listPublished(q: ManualsQuery): Promise<Manual[]> {
    const w = new Where();
    w.parts.push('m.is_published');
    addMatch(w, 'f', q.manufacturer);
    addMatch(w, 'd', q.model);
    if (q.type) w.add((p) => `m.manual_type = ${p()}`, q.type);
    addSearch(w, q.search);
    const rows: ManualRow[] = await this.ds.query(`${MANUAL_SELECT} ${w.sql} ${ORDER}`, w.params);
    return rows.map(mapManual);
  }

  /** Every manual (drafts too), newest first. */
  async listAll(q: AdminManualsQuery): Promise<Manual[]> {
    const w = new Where();
    if (q.type) w.add((p) => `m.manual_type = ${p()}`, q.type);
    addSearch(w, q.search);
    const rows: ManualRow[] = await this.ds.query(`${MANUAL_SELECT} ${w.sql} ${ORDER}`, w.params);
    return rows.map(mapManual);
  }

  async get(id: number): Promise<Manual> {
    const [row]: ManualRow[] = await this.ds.query(`${MANUAL_SELECT} WHERE m.id = $1`, [id]);
    if (!row) throw AppError.notFound(MANUAL_MESSAGES.notFound);
    return mapManual(row);
  }

  /** Creates a manual; its manufacturer and model are found or created from their names. */
  async create(body: ManualCreateBody): Promise<Manual> {
    const fileSize = await this.files.sizeOf(body.file_url);
    const id = await this.ds.transaction(async (m) => {
      const manufacturerId = await this.manufacturers.findOrCreateManufacturer(m, body.manufacturer_name, body.manufacturer_logo ?? null);
      const modelId = await this.manufacturers.findOrCreateModel(m, manufacturerId, body.model_name);
      const [row]: { id: number }[] = await m.query(
        `INSERT INTO manuals.manuals (title, description, manufacturer_id, model_id, manual_type, file_url, file_size, is_published)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [body.title, body.description ?? null, manufacturerId, modelId, body.manual_type, body.file_url, fileSize, body.is_published === 1],
      );
      return row!.id;
    });
    return this.get(id);
  }

  /**
   * Edits the fields of spec section 5. Manufacturer and model are fixed: sending other ids is a 400.
   * `{ is_published }` alone is the publish toggle.
   */
  async update(id: number, body: ManualUpdateBody): Promise<Manual> {
    const current = await this.get(id);
    auditBefore(current);
    if (body.manufacturer_id !== undefined && body.manufacturer_id !== current.manufacturer_id) {
      throw AppError.badRequest(MANUAL_MESSAGES.fixedManufacturerModel);
    }
    if (body.model_id !== undefined && body.model_id !== current.model_id) throw AppError.badRequest(MANUAL_MESSAGES.fixedManufacturerModel);

    const sets: string[] = [];
    const params: unknown[] = [];
    const set = (column: string, value: unknown) => {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    };
    if (body.title !== undefined) set('title', body.title);
    if (body.description !== undefined) set('description', body.description);
    if (body.manual_type !== undefined) set('manual_type', body.manual_type);
    if (body.is_published !== undefined) set('is_published', body.is_published === 1);
    const fileUrl = body.file_url;
    const fileChanged = fileUrl !== undefined && fileUrl !== current.file_url;
    if (fileChanged) {
      // a manual must stay downloadable: the file address may be cleared only while an external link exists
      if (fileUrl === null && !current.external_url) throw AppError.badRequest(MANUAL_MESSAGES.requiredFields);
      set('file_url', fileUrl);
      set('file_size', fileUrl === null ? null : await this.files.sizeOf(fileUrl));
    }
    const touched = Object.values(body).some((v) => v !== undefined);
    if (!touched) throw AppError.badRequest(MANUAL_MESSAGES.nothingToUpdate);
    if (sets.length) {
      sets.push('updated_at = now()');
      params.push(id);
      const done = returnedRows(await this.ds.query(`UPDATE manuals.manuals SET ${sets.join(', ')} WHERE id = $${params.length} RETURNING id`, params));
      if (!done.length) throw AppError.notFound(MANUAL_MESSAGES.notFound);
    }
    if (fileChanged && current.file_url) await this.files.removeIfUnused(current.file_url);
    return this.get(id);
  }

  /** Deletes a manual with its download records, and its uploaded PDF when no other manual uses it. */
  async remove(id: number): Promise<void> {
    const [before]: ManualRow[] = await this.ds.query(`${MANUAL_SELECT} WHERE m.id = $1`, [id]);
    if (before) auditBefore(mapManual(before));
    const [row] = returnedRows<{ file_url: string | null }>(await this.ds.query(`DELETE FROM manuals.manuals WHERE id = $1 RETURNING file_url`, [id]));
    if (!row) throw AppError.notFound(MANUAL_MESSAGES.notFound);
    if (row.file_url) await this.files.removeIfUnused(row.file_url);
  }

  /**
   * Counts a download of a published manual and records who made it, in one transaction, and answers
   * the address to open (the file, else the external link).
   */
  async download(id: number, userId: string): Promise<ManualDownloadAnswer> {
    return this.ds.transaction(async (m) => {
      const [row] = returnedRows<{ title: string; file_url: string | null; external_url: string | null }>(await m.query(
        `UPDATE manuals.manuals SET download_count = download_count + 1
          WHERE id = $1 AND is_published AND (file_url IS NOT NULL OR external_url IS NOT NULL)
          RETURNING title, file_url, external_url`,
        [id],
      ));
      if (!row) throw AppError.notFound(MANUAL_MESSAGES.notFound);
      await m.query(`INSERT INTO manuals.downloads (manual_id, user_id) VALUES ($1, $2)`, [id, userId]);
      return {
        url: (row.file_url ?? row.external_url)!,
        file_url: row.file_url,
        external_url: row.external_url,
        filename: downloadFilename(row.title),
      };
    });
  }

  /** Title of a published manual whose file is this address; null when none (drafts' files are not served). */
  async publishedTitleOfFile(fileUrl: string): Promise<string | null> {
    const [row]: { title: string }[] = await this.ds.query(
      `SELECT title FROM manuals.manuals WHERE file_url = $1 AND is_published ORDER BY id LIMIT 1`,
      [fileUrl],
    );
    return row?.title ?? null;
  }

  async stats(): Promise<ManualsStats> {
    const [row]: { manuals: string; manufacturers: string; downloads: string }[] = await this.ds.query(`
      SELECT (SELECT count(*) FROM manuals.manuals) AS manuals,
             (SELECT count(*) FROM manuals.manufacturers) AS manufacturers,
             (SELECT coalesce(sum(download_count), 0) FROM manuals.manuals) AS downloads`);
    return { totalManuals: Number(row!.manuals), totalManufacturers: Number(row!.manufacturers), totalDownloads: Number(row!.downloads) };
  }
}
