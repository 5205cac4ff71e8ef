import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { execute, Outbox, queryOne, queryRows } from '@clima/common';
import type { VideoTranscodeStatus } from '@clima/contract';
import { contentReferencesUpload } from './video-references.service';

/** SQL condition: some content, published or draft, references the upload `u`. */
const IN_SOME_CONTENT = `EXISTS (SELECT 1 FROM contents c WHERE ${contentReferencesUpload('u.name')})`;

/** Name of an upload's captions file in its folder of derived files. */
export const CAPTIONS_FILE = 'captions.vtt';

export interface ServedUpload {
  content_type: string;
  transcode_status: VideoTranscodeStatus;
  renditions: number[];
  rendition_files: string[];
  offline_bytes: string | null;
  has_captions: boolean;
  in_published_content: boolean;
}

export interface ProcessingRow {
  name: string;
  transcode_status: VideoTranscodeStatus;
  transcode_percent: number;
  transcode_error: string | null;
  renditions: number[];
  has_captions: boolean;
}

/** The `catalog.video_uploads` table: one row per uploaded file. */
@Injectable()
export class VideoUploadsRepository {
  constructor(
    private readonly ds: DataSource,
    private readonly outbox: Outbox,
  ) {}

  async insert(u: { name: string; contentType: string; size: number; uploadedBy: string }): Promise<void> {
    await this.ds.query(`INSERT INTO video_uploads (name, content_type, size_bytes, uploaded_by) VALUES ($1, $2, $3, $4)`, [
      u.name,
      u.contentType,
      u.size,
      u.uploadedBy,
    ]);
  }

  /**
   * Records the duration read from the file (whole seconds) when none is known yet, and in the same transaction
   * writes `video.uploaded` in the outbox (the courses service fills its lessons with it). True when it was new.
   */
  async recordDuration(name: string, seconds: number, requestId?: string): Promise<boolean> {
    if (!(Number.isInteger(seconds) && seconds > 0)) return false;
    const recorded = await this.ds.transaction(async (m) => {
      const rows = await queryRows(m, `UPDATE video_uploads SET duration_seconds = $2 WHERE name = $1 AND duration_seconds IS NULL RETURNING name`, [
        name,
        seconds,
      ]);
      if (!rows.length) return false;
      await this.outbox.write(m, 'video.uploaded', { name, durationSeconds: seconds }, requestId);
      return true;
    });
    if (recorded) this.outbox.kick();
    return recorded;
  }

  /** The upload, its conversion and whether a published content shows it. */
  findForServing(name: string): Promise<ServedUpload | undefined> {
    return queryOne(
      this.ds,
      `SELECT u.content_type, u.transcode_status, u.renditions, u.rendition_files, u.offline_bytes, u.has_captions,
              EXISTS (SELECT 1 FROM contents c WHERE c.is_published = 1 AND ${contentReferencesUpload('u.name')}) AS in_published_content
         FROM video_uploads u WHERE u.name = $1`,
      [name],
    );
  }

  /** Up to `limit` uploads older than `cutoff` that no content references, by name after `after`. */
  unreferencedBatch(cutoff: Date, after: string, limit: number): Promise<{ name: string }[]> {
    return queryRows(
      this.ds,
      `SELECT u.name FROM video_uploads u
        WHERE u.created_at < $1 AND u.name > $2 AND NOT ${IN_SOME_CONTENT}
        ORDER BY u.name LIMIT ${Number(limit)}`,
      [cutoff, after],
    );
  }

  /**
   * Deletes the row when it is still unreferenced (checked again, so a content saved meanwhile keeps it),
   * then runs `removeFile` in the same transaction: when that fails, the row comes back.
   */
  deleteUnreferenced(name: string, cutoff: Date, removeFiles: (derived: string[]) => Promise<void>): Promise<boolean> {
    return this.ds.transaction(async (m) => {
      const gone = await queryRows<{ rendition_files: string[]; has_captions: boolean }>(
        m,
        `DELETE FROM video_uploads u WHERE u.name = $1 AND u.created_at < $2 AND NOT ${IN_SOME_CONTENT} RETURNING u.rendition_files, u.has_captions`,
        [name, cutoff],
      );
      if (!gone.length) return false;
      await removeFiles([...gone[0]!.rendition_files, ...(gone[0]!.has_captions ? [CAPTIONS_FILE] : [])]);
      return true;
    });
  }

  // ---- the conversion (issue 28) ----

  /** The conversion of the named uploads, for the admin's lists and forms. */
  processingOf(names: string[]): Promise<ProcessingRow[]> {
    return queryRows(
      this.ds,
      `SELECT name, transcode_status, transcode_percent, transcode_error, renditions, has_captions
         FROM video_uploads WHERE name = ANY($1::text[]) ORDER BY name`,
      [names],
    );
  }

  /** Takes an upload for conversion: `pending` (or a `processing` left by a stopped worker) becomes `processing` at 0 %. */
  async startTranscode(name: string): Promise<{ content_type: string; rendition_files: string[] } | undefined> {
    return queryOne(
      this.ds,
      `UPDATE video_uploads SET transcode_status = 'processing', transcode_percent = 0, transcode_error = NULL
        WHERE name = $1 AND transcode_status IN ('pending', 'processing')
        RETURNING content_type, rendition_files`,
      [name],
    );
  }

  async setPercent(name: string, percent: number): Promise<void> {
    await execute(this.ds, `UPDATE video_uploads SET transcode_percent = $2 WHERE name = $1 AND transcode_status = 'processing'`, [name, percent]);
  }

  async markReady(name: string, r: { renditions: number[]; files: string[]; offlineBytes: number | null }): Promise<boolean> {
    const n = await execute(
      this.ds,
      `UPDATE video_uploads SET transcode_status = 'ready', transcode_percent = 100, transcode_error = NULL, transcoded_at = now(),
              renditions = $2::jsonb, rendition_files = $3::text[], offline_bytes = $4
        WHERE name = $1`,
      [name, JSON.stringify(r.renditions), r.files, r.offlineBytes],
    );
    return n > 0;
  }

  async markFailed(name: string, reason: string): Promise<void> {
    await execute(
      this.ds,
      `UPDATE video_uploads SET transcode_status = 'failed', transcode_error = $2, transcoded_at = now(), renditions = '[]', rendition_files = '{}', offline_bytes = NULL
        WHERE name = $1`,
      [name, reason.slice(0, 500)],
    );
  }

  /** Uploads still without renditions (never converted, or left half-way by a stopped worker), by name after `after`. */
  untranscodedBatch(after: string, limit: number): Promise<{ name: string }[]> {
    return queryRows(
      this.ds,
      `SELECT name FROM video_uploads WHERE transcode_status IN ('pending', 'processing') AND name > $1 ORDER BY name LIMIT ${Number(limit)}`,
      [after],
    );
  }

  /** Converted uploads whose duration is not kept (converted before durations were), by name after `after`. */
  unknownDurationBatch(after: string, limit: number): Promise<{ name: string }[]> {
    return queryRows(
      this.ds,
      `SELECT name FROM video_uploads WHERE duration_seconds IS NULL AND transcode_status = 'ready' AND name > $1 ORDER BY name LIMIT ${Number(limit)}`,
      [after],
    );
  }

  /** Records whether the upload has captions; false when the upload does not exist. */
  async setCaptions(name: string, has: boolean): Promise<boolean> {
    return (await execute(this.ds, `UPDATE video_uploads SET has_captions = $2 WHERE name = $1`, [name, has])) > 0;
  }
}
