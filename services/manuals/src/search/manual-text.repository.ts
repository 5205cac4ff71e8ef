import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { execute, Queryable, queryOne, queryRows, withTransaction } from '@clima/common';
import { MANUAL_FILE_PREFIX, MANUAL_SEARCH_LIMITS, type ManualTextStatus, type OcrWord } from '@clima/contract';
import { matchByIdSlugOrName, matchParams } from '../manuals/manufacturers.repository';

/** The text search configuration of the migration: Portuguese, accents removed before stemming. */
export const TEXT_CONFIG = 'manuals.pt_unaccent';

/** The indexed text of one page. */
export interface PageText {
  page: number;
  body: string;
  /** Its codes (normalised) with how often each appears. */
  codes: Map<string, number>;
  /** The words OCR read and where (a scanned page); absent for a page with a text layer. */
  words?: OcrWord[];
}

export interface SearchFilter {
  /** Normalised codes that must all be on the page. */
  codes: string[];
  /** websearch_to_tsquery text: required without codes, a ranking bonus with them. */
  words: string;
  manufacturer?: string;
  model?: string;
  /** Whether to read the pages' text (for the snippets). */
  withBodies: boolean;
}

export interface SearchHitRow {
  manual_id: number;
  page: number;
  score: number;
  body: string | null;
}

/** Pages per INSERT: a long manual is written in a few statements. */
const PAGE_BATCH = 500;

/**
 * Pages that match, at most this many, are ranked: a word found on a large share of the library
 * ("compressor") would otherwise cost a rank for every one of its pages. Ranked are the first ones found
 * (the index's or the table's order), so such a word alone shows good pages, not necessarily the best.
 */
export const RANKED_PAGES_LIMIT = 2000;

/**
 * Entries of a code's index read to find the best manuals of a one-code search: a manual has a few pages
 * with the code, so 20 manuals are among them (unless unpublished manuals or drafts fill them).
 */
const CODE_FIRST_ENTRIES = 400;

/** The `manuals.manual_pages` and `manuals.manual_codes` tables and the text columns of `manuals.manuals`. */
@Injectable()
export class ManualTextRepository {
  constructor(private readonly ds: DataSource) {}

  /** The manual's current file address; undefined when the manual is gone. */
  fileOf(manualId: number): Promise<{ file_url: string | null } | undefined> {
    return queryOne(this.ds, `SELECT file_url FROM manuals.manuals WHERE id = $1`, [manualId]);
  }

  /**
   * Manuals with a stored PDF whose text is not read yet (pending, or never queued: null), marked pending.
   * At most `limit` of them, oldest first.
   */
  claimPending(limit: number): Promise<{ id: number; file_url: string }[]> {
    return queryRows(
      this.ds,
      `UPDATE manuals.manuals SET text_status = 'pending'
        WHERE id IN (SELECT id FROM manuals.manuals
                      WHERE (text_status = 'pending' OR text_status IS NULL) AND file_url LIKE $1
                      ORDER BY id LIMIT $2)
        RETURNING id, file_url`,
      [`${MANUAL_FILE_PREFIX}%`, limit],
    );
  }

  /**
   * Replaces the manual's pages and codes and records the outcome, in one transaction, if the manual still
   * has this file (the row is locked meanwhile, so an edit waits). False when it does not: nothing written.
   */
  saveText(manualId: number, fileUrl: string, outcome: { status: ManualTextStatus; pageCount: number | null; ocrPages: number; pages: PageText[] }): Promise<boolean> {
    return withTransaction(this.ds, async (m) => {
      const row = await queryOne<{ file_url: string | null }>(m, `SELECT file_url FROM manuals.manuals WHERE id = $1 FOR UPDATE`, [manualId]);
      if (!row || row.file_url !== fileUrl) return false;
      await execute(m, `DELETE FROM manuals.manual_pages WHERE manual_id = $1`, [manualId]);
      for (let i = 0; i < outcome.pages.length; i += PAGE_BATCH) {
        await this.insertPages(m, manualId, outcome.pages.slice(i, i + PAGE_BATCH));
      }
      await execute(m, `UPDATE manuals.manuals SET text_status = $2, page_count = $3, ocr_pages = $4, text_error = NULL WHERE id = $1`, [
        manualId,
        outcome.status,
        outcome.pageCount,
        outcome.ocrPages,
      ]);
      return true;
    });
  }

  private async insertPages(db: Queryable, manualId: number, pages: PageText[]): Promise<void> {
    if (!pages.length) return;
    await execute(
      db,
      `INSERT INTO manuals.manual_pages (manual_id, page, body, words)
       SELECT $1, p, b, w::jsonb FROM unnest($2::int[], $3::text[], $4::text[]) AS t(p, b, w)`,
      [manualId, pages.map((p) => p.page), pages.map((p) => p.body), pages.map((p) => (p.words ? JSON.stringify(p.words) : null))],
    );
    const codes: string[] = [];
    const pageNumbers: number[] = [];
    const hits: number[] = [];
    for (const p of pages) {
      for (const [code, n] of p.codes) {
        codes.push(code);
        pageNumbers.push(p.page);
        hits.push(n);
      }
    }
    if (!codes.length) return;
    await execute(
      db,
      `INSERT INTO manuals.manual_codes (code, manual_id, page, hits)
       SELECT c, $1, p, h FROM unnest($2::text[], $3::int[], $4::int[]) AS t(c, p, h)`,
      [manualId, codes, pageNumbers, hits],
    );
  }

  /** Records a failure and its reason (shown in the admin list) without touching the pages, if the manual still has this file. */
  async markFailed(manualId: number, fileUrl: string, reason: string): Promise<void> {
    await execute(this.ds, `UPDATE manuals.manuals SET text_status = 'failed', text_error = $3 WHERE id = $1 AND file_url = $2`, [manualId, fileUrl, reason.slice(0, 300)]);
  }

  /** Removes a manual's pages (its file changed or went away). */
  async forget(db: Queryable, manualId: number): Promise<void> {
    await execute(db, `DELETE FROM manuals.manual_pages WHERE manual_id = $1`, [manualId]);
  }

  /** Every page's text of a published manual, page 1 first; undefined when there is no such manual. */
  async pagesOf(
    manualId: number,
  ): Promise<{ text_status: ManualTextStatus | null; page_count: number | null; pages: { page: number; body: string; words: OcrWord[] | null }[] } | undefined> {
    const manual = await queryOne<{ text_status: ManualTextStatus | null; page_count: number | null }>(
      this.ds,
      `SELECT text_status, page_count FROM manuals.manuals WHERE id = $1 AND is_published`,
      [manualId],
    );
    if (!manual) return undefined;
    const pages =
      manual.text_status === 'indexed'
        ? await queryRows<{ page: number; body: string; words: OcrWord[] | null }>(this.ds, `SELECT page, body, words FROM manuals.manual_pages WHERE manual_id = $1 ORDER BY page`, [manualId])
        : [];
    return { ...manual, pages };
  }

  /** The stems Postgres makes of these words (what the full-text index holds), for marking them in a snippet. */
  async lexemes(words: string): Promise<string[]> {
    if (!words) return [];
    const row = await queryOne<{ lexemes: string[] }>(this.ds, `SELECT array(SELECT lexeme FROM unnest(to_tsvector('${TEXT_CONFIG}', $1))) AS lexemes`, [words]);
    return row?.lexemes ?? [];
  }

  /**
   * The best pages of the best manuals: published manuals whose text is indexed, filtered by manufacturer
   * and model. With codes, a page must hold every code (ranked by how often, the words adding a bonus);
   * without, it must match the words (ranked by ts_rank over at most RANKED_PAGES_LIMIT matching pages).
   * At most 20 manuals, 5 pages each, best first.
   */
  search(f: SearchFilter): Promise<SearchHitRow[]> {
    if (!f.codes.length && !f.words) return Promise.resolve([]);
    const params: unknown[] = [];
    const param = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    // the manuals a hit may come from
    const filters = [`m.is_published`, `m.text_status = 'indexed'`];
    let joins = '';
    if (f.manufacturer) {
      joins += ` JOIN manuals.manufacturers f ON f.id = m.manufacturer_id`;
      const first = params.length + 1;
      params.push(...matchParams(f.manufacturer));
      filters.push(matchByIdSlugOrName('f', first));
    }
    if (f.model) {
      joins += ` JOIN manuals.models d ON d.id = m.model_id`;
      const first = params.length + 1;
      params.push(...matchParams(f.model));
      filters.push(matchByIdSlugOrName('d', first));
    }
    const narrowed = !!(f.manufacturer || f.model);
    // with a filter, the candidates are taken among its manuals only (before the limit)
    const within = (column: string) =>
      narrowed ? ` AND ${column} IN (SELECT m.id FROM manuals.manuals m${joins} WHERE ${filters.join(' AND ')})` : '';
    const wq = f.words ? `websearch_to_tsquery('${TEXT_CONFIG}', ${param(f.words)}::text)` : '';

    const { manuals, hitsPerManual } = MANUAL_SEARCH_LIMITS;
    const chosen = `
      chosen AS (
        SELECT b.manual_id, b.best FROM best b
         CROSS JOIN LATERAL (SELECT 1 FROM manuals.manuals m${joins} WHERE m.id = b.manual_id AND ${filters.join(' AND ')} LIMIT 1) shown
         ORDER BY b.best DESC, b.manual_id DESC LIMIT ${manuals})`;
    const answer = (ranked: string) => `
      ranked AS (${ranked})
      SELECT r.manual_id, r.page, r.score, ${f.withBodies ? 'p.body' : 'NULL AS body'}
        FROM ranked r${f.withBodies ? ' JOIN manuals.manual_pages p ON p.manual_id = r.manual_id AND p.page = r.page' : ''}
       WHERE r.rn <= ${hitsPerManual}
       ORDER BY r.best DESC, r.manual_id DESC, r.rn`;

    if (f.codes.length === 1 && !wq) {
      // one code, the usual search: the manuals come in order from the code's index (most occurrences on a
      // page first), so the best manuals are among its first entries; then all their pages with the code
      const code = param(f.codes[0]);
      const sql = `
        WITH firsts AS MATERIALIZED (
          SELECT manual_id, hits FROM manuals.manual_codes WHERE code = ${code}${within('manual_id')}
           ORDER BY hits DESC, manual_id DESC LIMIT ${CODE_FIRST_ENTRIES}),
        best AS (SELECT manual_id, max(hits) AS best FROM firsts GROUP BY manual_id),${chosen},
        ${answer(`
          SELECT c.manual_id, c.page, ln(1 + c.hits)::real AS score, ch.best,
                 row_number() OVER (PARTITION BY c.manual_id ORDER BY c.hits DESC, c.page) AS rn
            FROM manuals.manual_codes c JOIN chosen ch ON ch.manual_id = c.manual_id
           WHERE c.code = ${code}`)}`;
      return queryRows<SearchHitRow>(this.ds, sql, params);
    }

    let candidates: string;
    if (f.codes.length) {
      const codes = param(f.codes);
      const onPage = `
        SELECT manual_id, page, ln(1 + sum(hits))::real AS score FROM manuals.manual_codes
         WHERE code = ANY(${codes}::text[])${within('manual_id')}
         GROUP BY manual_id, page HAVING count(*) = cardinality(${codes}::text[]) LIMIT ${RANKED_PAGES_LIMIT}`;
      candidates = wq
        ? `SELECT c.manual_id, c.page, (c.score + CASE WHEN p.tsv @@ ${wq} THEN 1 + ts_rank(p.tsv, ${wq}, 1) ELSE 0 END)::real AS score
             FROM (${onPage}) c JOIN manuals.manual_pages p ON p.manual_id = c.manual_id AND p.page = c.page`
        : onPage;
    } else {
      // a word on a large share of the library is ranked on the first pages the index gives
      candidates = `
        SELECT manual_id, page, ts_rank(tsv, ${wq}, 1) AS score FROM manuals.manual_pages
         WHERE tsv @@ ${wq}${within('manual_id')} LIMIT ${RANKED_PAGES_LIMIT}`;
    }
    // the best score of each manual first, the manuals' own filter on those few, then their best pages
    const sql = `
      WITH candidates AS MATERIALIZED (${candidates}),
      best AS (SELECT manual_id, max(score) AS best FROM candidates GROUP BY manual_id),${chosen},
      ${answer(`
        SELECT c.manual_id, c.page, c.score, ch.best,
               row_number() OVER (PARTITION BY c.manual_id ORDER BY c.score DESC, c.page) AS rn
          FROM candidates c JOIN chosen ch ON ch.manual_id = c.manual_id`)}`;
    return queryRows<SearchHitRow>(this.ds, sql, params);
  }
}
