import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The conversion of each uploaded video (issue 28): its status, progress and failure, the files it wrote (HLS
 * playlists and segments, poster, the offline MP4) and whether captions were sent. Uploads made before start
 * as `pending`, which the sweep queues.
 */
export class VideoRenditions1830000000001 implements MigrationInterface {
  name = 'VideoRenditions1830000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE catalog.video_uploads
        ADD COLUMN transcode_status varchar(16) NOT NULL DEFAULT 'pending'
          CONSTRAINT video_uploads_transcode_status_check CHECK (transcode_status IN ('pending', 'processing', 'failed', 'ready')),
        ADD COLUMN transcode_percent smallint NOT NULL DEFAULT 0
          CONSTRAINT video_uploads_transcode_percent_check CHECK (transcode_percent BETWEEN 0 AND 100),
        ADD COLUMN transcode_error text,
        ADD COLUMN transcoded_at timestamptz,
        -- heights of the HLS ladder, lowest first
        ADD COLUMN renditions jsonb NOT NULL DEFAULT '[]',
        -- every file the conversion wrote under renditions/<name>/ (removed with the upload)
        ADD COLUMN rendition_files text[] NOT NULL DEFAULT '{}',
        ADD COLUMN offline_bytes bigint,
        ADD COLUMN has_captions boolean NOT NULL DEFAULT false`);
    await q.query(`CREATE INDEX video_uploads_transcode_pending_idx ON catalog.video_uploads (name) WHERE transcode_status IN ('pending', 'processing')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS catalog.video_uploads_transcode_pending_idx`);
    await q.query(`
      ALTER TABLE catalog.video_uploads
        DROP COLUMN transcode_status, DROP COLUMN transcode_percent, DROP COLUMN transcode_error, DROP COLUMN transcoded_at,
        DROP COLUMN renditions, DROP COLUMN rendition_files, DROP COLUMN offline_bytes, DROP COLUMN has_captions`);
  }
}
