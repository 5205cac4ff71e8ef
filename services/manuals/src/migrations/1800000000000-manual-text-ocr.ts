import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scanned manuals and capped reading: why a manual's PDF could not be read (`text_error`, shown in the
 * admin list), how many of its pages were read by OCR (`ocr_pages`), and the place of every word OCR
 * found on such a page (`manual_pages.words`, for the viewer's highlight; null for a page with a text layer).
 */
export class ManualTextOcr1800000000000 implements MigrationInterface {
  name = 'ManualTextOcr1800000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE manuals.manuals
        ADD COLUMN text_error varchar(300),
        ADD COLUMN ocr_pages integer CHECK (ocr_pages IS NULL OR ocr_pages >= 0)`);
    await q.query(`ALTER TABLE manuals.manual_pages ADD COLUMN words jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE manuals.manual_pages DROP COLUMN IF EXISTS words`);
    await q.query(`ALTER TABLE manuals.manuals DROP COLUMN IF EXISTS ocr_pages, DROP COLUMN IF EXISTS text_error`);
  }
}
