import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryOne, queryRows } from '@clima/common';
import { contentReferencesUpload } from './video-references.service';

/** SQL condition: some content, published or draft, references the upload `u`. */
const IN_SOME_CONTENT = `EXISTS (SELECT 1 FROM contents c WHERE ${contentReferencesUpload('u.name')})`;

/** The `catalog.video_uploads` table: one row per uploaded file. */
@Injectable()
export class VideoUploadsRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(u: { name: string; contentType: string; size: number; uploadedBy: string }): Promise<void> {
    await this.ds.query(`INSERT INTO video_uploads (name, content_type, size_bytes, uploaded_by) VALUES ($1, $2, $3, $4)`, [
      u.name,
      u.contentType,
      u.size,
      u.uploadedBy,
    ]);
  }

  /** The upload and whether a published content shows it. */
  findForServing(name: string): Promise<{ content_type: string; in_published_content: boolean } | undefined> {
    return queryOne(
      this.ds,
      `SELECT u.content_type,
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
  deleteUnreferenced(name: string, cutoff: Date, removeFile: () => Promise<void>): Promise<boolean> {
    return this.ds.transaction(async (m) => {
      const gone = await queryRows(
        m,
        `DELETE FROM video_uploads u WHERE u.name = $1 AND u.created_at < $2 AND NOT ${IN_SOME_CONTENT} RETURNING u.name`,
        [name, cutoff],
      );
      if (!gone.length) return false;
      await removeFile();
      return true;
    });
  }
}
