import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from '@clima/common';

/** What the catalog keeps about one user: their view records, their positions in videos, and their name on uploads. */
@Injectable()
export class UserDataRepository {
  constructor(private readonly ds: DataSource) {}

  views(userId: string): Promise<{ content_id: number; content_title: string | null; day: string; viewed_at: Date }[]> {
    return queryRows(
      this.ds,
      `SELECT v.content_id, c.title AS content_title, to_char(v.day, 'YYYY-MM-DD') AS day, v.viewed_at
         FROM catalog.content_views v LEFT JOIN catalog.contents c ON c.id = v.content_id
        WHERE v.user_id = $1
        ORDER BY v.viewed_at, v.content_id`,
      [userId],
    );
  }

  /** Where the user stopped in each content and the stretches they played. */
  positions(userId: string): Promise<
    { content_id: number; content_title: string; position: number; duration: number; watched: [number, number][]; created_at: Date; updated_at: Date }[]
  > {
    return queryRows(
      this.ds,
      `SELECT p.content_id, c.title AS content_title, p.position, p.duration, p.watched, p.created_at, p.updated_at
         FROM catalog.content_positions p JOIN catalog.contents c ON c.id = p.content_id
        WHERE p.user_id = $1
        ORDER BY p.created_at, p.content_id`,
      [userId],
    );
  }

  /**
   * A deleted user's view records and positions go; the contents' totals and the daily figures stay (counts of what
   * happened, not personal data). An end user with the admin flag uploads as 'user:<id>': the upload
   * stays (contents use it), its author goes. Running it again changes nothing.
   */
  async forget(userId: string): Promise<void> {
    await this.ds.query(`DELETE FROM catalog.content_views WHERE user_id = $1`, [userId]);
    await this.ds.query(`DELETE FROM catalog.content_positions WHERE user_id = $1`, [userId]);
    await this.ds.query(`UPDATE catalog.video_uploads SET uploaded_by = NULL WHERE uploaded_by = $1`, [`user:${userId}`]);
  }
}
