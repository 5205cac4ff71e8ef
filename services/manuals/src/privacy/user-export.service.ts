import { Injectable } from '@nestjs/common';
import type { ManualsExport } from '@clima/contract';
import { DataSource } from 'typeorm';

/** What this service holds about one user, for the LGPD export: the manuals they downloaded. */
@Injectable()
export class UserExportService {
  constructor(private readonly ds: DataSource) {}

  async export(userId: string): Promise<ManualsExport> {
    const downloads: { manual_id: number; manual_title: string; downloaded_at: Date }[] = await this.ds.query(
      `SELECT d.manual_id, m.title AS manual_title, d.downloaded_at
         FROM manuals.downloads d JOIN manuals.manuals m ON m.id = d.manual_id
        WHERE d.user_id = $1
        ORDER BY d.downloaded_at, d.id`,
      [userId],
    );
    return { downloads: downloads.map((d) => ({ ...d, downloaded_at: d.downloaded_at.toISOString() })) };
  }
}
