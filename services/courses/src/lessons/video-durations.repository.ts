import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { queryOne, queryRows, Queryable, withTransaction } from '@clima/common';
import { VIDEO_FILE_NAME_RE, VIDEO_FILE_PREFIX } from '@clima/contract';
import { DataSource } from 'typeorm';

/** SQL regex matching a `video_file_url` that is the upload `name` (a site path or a full URL of the site). */
const addressPattern = (name: string) => `${VIDEO_FILE_PREFIX}${name.replace(/\./g, '\\.')}([?#]|$)`;

/**
 * `courses.video_duration`: the durations of uploaded videos, as the catalog's `video.uploaded` facts tell them.
 * A lesson that plays an uploaded file (no YouTube id) and has no duration (0) takes the file's: when it is
 * saved, if the fact is already here, or when the fact arrives. Both take the same per-file lock, so a lesson
 * saved while the fact is being recorded is never left at 0.
 */
@Injectable()
export class VideoDurationsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The known duration of the upload (taking the file's lock until the caller's transaction ends), or 0. */
  async knownFor(m: Queryable, name: string): Promise<number> {
    await this.lock(m, name);
    const row = await queryOne<{ duration_seconds: number }>(m, `SELECT duration_seconds FROM courses.video_duration WHERE name = $1`, [name]);
    return row ? Number(row.duration_seconds) : 0;
  }

  /**
   * Records the duration of an upload (a replay changes nothing) and gives it to the lessons that play this file
   * and have none; answers the ids of the lessons filled.
   */
  record(name: string, seconds: number): Promise<number[]> {
    if (!VIDEO_FILE_NAME_RE.test(name) || !(Number.isInteger(seconds) && seconds > 0)) return Promise.resolve([]);
    return withTransaction(this.ds, async (m) => {
      await this.lock(m, name);
      await m.query(`INSERT INTO courses.video_duration (name, duration_seconds) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [name, seconds]);
      const known = await queryOne<{ duration_seconds: number }>(m, `SELECT duration_seconds FROM courses.video_duration WHERE name = $1`, [name]);
      const filled = await queryRows<{ id: number }>(
        m,
        `UPDATE courses.lesson SET duration_seconds = $2, updated_at = now()
          WHERE duration_seconds = 0 AND youtube_video_id IS NULL AND video_file_url ~ $1
          RETURNING id`,
        [addressPattern(name), Number(known!.duration_seconds)],
      );
      return filled.map((r) => r.id);
    });
  }

  private async lock(m: Queryable, name: string): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('courses.video_duration'), hashtext($1))`, [name]);
  }
}
