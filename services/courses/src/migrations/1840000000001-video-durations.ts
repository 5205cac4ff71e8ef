import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The durations of uploaded videos, as the catalog's `video.uploaded` facts tell them (the catalog owns the files
 * and reads them with ffprobe): a lesson saved with an uploaded file and no duration takes the file's, and the
 * lessons left at 0 are filled when the fact arrives after them.
 */
export class VideoDurations1840000000001 implements MigrationInterface {
  name = 'VideoDurations1840000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE courses.video_duration (
        -- the upload's file name, the end of its /api/files/videos/… address
        name text PRIMARY KEY,
        duration_seconds integer NOT NULL CONSTRAINT video_duration_seconds_check CHECK (duration_seconds > 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS courses.video_duration`);
  }
}
