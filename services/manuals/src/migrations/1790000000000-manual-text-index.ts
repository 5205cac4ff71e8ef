import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The text of the manuals' PDFs, page by page, and the two indexes the search reads: Portuguese full text
 * without accents (a text search configuration of our own: portuguese with unaccent in front of the stemmer)
 * and the exact short codes of each page (E4, F0-1, CH05…), normalised to upper case without separators.
 */
export class ManualTextIndex1790000000000 implements MigrationInterface {
  name = 'ManualTextIndex1790000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TEXT SEARCH CONFIGURATION manuals.pt_unaccent (COPY = pg_catalog.portuguese)`);
    await q.query(`
      ALTER TEXT SEARCH CONFIGURATION manuals.pt_unaccent
        ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.portuguese_stem`);

    // null: no stored PDF (an external link); the job moves pending → indexed | no_text | failed
    await q.query(`
      ALTER TABLE manuals.manuals
        ADD COLUMN text_status varchar(16) CHECK (text_status IN ('pending', 'indexed', 'no_text', 'failed')),
        ADD COLUMN page_count integer CHECK (page_count IS NULL OR page_count >= 0)`);
    // every manual already holding an uploaded PDF waits for the job (the worker enqueues them at boot)
    await q.query(`UPDATE manuals.manuals SET text_status = 'pending' WHERE file_url LIKE '/api/files/manuals/%'`);
    await q.query(`CREATE INDEX manuals_text_pending_idx ON manuals.manuals (id) WHERE text_status = 'pending'`);

    await q.query(`
      CREATE TABLE manuals.manual_pages (
        manual_id integer NOT NULL REFERENCES manuals.manuals (id) ON DELETE CASCADE,
        page integer NOT NULL CHECK (page >= 1),
        body text NOT NULL,
        tsv tsvector GENERATED ALWAYS AS (to_tsvector('manuals.pt_unaccent'::regconfig, body)) STORED,
        PRIMARY KEY (manual_id, page)
      )`);
    // the vector stays in the row, compressed, and the text goes to TOAST when the row is large: ranking reads
    // thousands of vectors per search, each an extra TOAST lookup otherwise; the text is read for 100 pages at most
    await q.query(`ALTER TABLE manuals.manual_pages ALTER COLUMN tsv SET STORAGE MAIN`);
    await q.query(`CREATE INDEX manual_pages_tsv_idx ON manuals.manual_pages USING gin (tsv)`);

    await q.query(`
      CREATE TABLE manuals.manual_codes (
        code varchar(16) NOT NULL,
        manual_id integer NOT NULL,
        page integer NOT NULL,
        hits smallint NOT NULL CHECK (hits >= 1),
        PRIMARY KEY (code, manual_id, page),
        FOREIGN KEY (manual_id, page) REFERENCES manuals.manual_pages (manual_id, page) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX manual_codes_page_idx ON manuals.manual_codes (manual_id, page)`);
    // a one-code search reads the code's pages most occurrences first, and stops after a few hundred
    await q.query(`CREATE INDEX manual_codes_rank_idx ON manuals.manual_codes (code, hits DESC, manual_id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS manuals.manual_codes`);
    await q.query(`DROP TABLE IF EXISTS manuals.manual_pages`);
    await q.query(`DROP INDEX IF EXISTS manuals.manuals_text_pending_idx`);
    await q.query(`ALTER TABLE manuals.manuals DROP COLUMN IF EXISTS page_count, DROP COLUMN IF EXISTS text_status`);
    await q.query(`DROP TEXT SEARCH CONFIGURATION IF EXISTS manuals.pt_unaccent`);
  }
}
