import { Injectable } from '@nestjs/common';
import type { CatalogExport } from '@clima/contract';
import { DataSource } from 'typeorm';

/** What the catalog holds about one user, for the LGPD export: the contents they opened, per day. */
@Injectable()
export class UserExportService {
  constructor(private readonly ds: DataSource) {}

  async export(userId: string): Promise<CatalogExport> {
    const views: { content_id: number; content_title: string | null; day: string; viewed_at: Date }[] = await this.ds.query(
      `SELECT v.content_id, c.title AS content_title, to_char(v.day, 'YYYY-MM-DD') AS day, v.viewed_at
         FROM catalog.content_views v LEFT JOIN catalog.contents c ON c.id = v.content_id
        WHERE v.user_id = $1
        ORDER BY v.viewed_at, v.content_id`,
      [userId],
    );
    return { views: views.map((v) => ({ ...v, viewed_at: v.viewed_at.toISOString() })) };
  }
}
