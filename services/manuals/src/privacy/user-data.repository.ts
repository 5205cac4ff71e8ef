import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from '@clima/common';

/** What this service keeps about one user: their download records. */
@Injectable()
export class UserDataRepository {
  constructor(private readonly ds: DataSource) {}

  downloads(userId: string): Promise<{ manual_id: number; manual_title: string; downloaded_at: Date }[]> {
    return queryRows(
      this.ds,
      `SELECT d.manual_id, m.title AS manual_title, d.downloaded_at
         FROM manuals.downloads d JOIN manuals.manuals m ON m.id = d.manual_id
        WHERE d.user_id = $1
        ORDER BY d.downloaded_at, d.id`,
      [userId],
    );
  }

  /** A deleted user's download records go; the manuals' download_count totals stay (anonymous figures). Idempotent. */
  async forget(userId: string): Promise<void> {
    await this.ds.query(`DELETE FROM manuals.downloads WHERE user_id = $1`, [userId]);
  }
}
