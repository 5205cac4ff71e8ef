import type { MigrationInterface, QueryRunner } from 'typeorm';
import { OUTBOX_SQL } from '@clima/common';

/**
 * The duration of each uploaded video (read by ffprobe at upload, or by the conversion when that failed) and the
 * catalog's transactional outbox: `video.uploaded` is written in the transaction that records the duration, so the
 * courses service learns it once, even when Redis was away at that moment.
 */
export class VideoDurations1840000000001 implements MigrationInterface {
  name = 'VideoDurations1840000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE catalog.video_uploads ADD COLUMN duration_seconds integer CONSTRAINT video_uploads_duration_check CHECK (duration_seconds > 0)`);
    // the sweep's question: converted uploads whose duration was never kept (made before this migration)
    await q.query(`CREATE INDEX video_uploads_duration_unknown_idx ON catalog.video_uploads (name) WHERE duration_seconds IS NULL`);
    for (const sql of OUTBOX_SQL('catalog')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS catalog.outbox`);
    await q.query(`DROP INDEX IF EXISTS catalog.video_uploads_duration_unknown_idx`);
    await q.query(`ALTER TABLE catalog.video_uploads DROP COLUMN duration_seconds`);
  }
}
