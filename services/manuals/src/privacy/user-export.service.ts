import { Injectable } from '@nestjs/common';
import type { ManualsExport } from '@clima/contract';
import { UserDataRepository } from './user-data.repository';

/** What this service holds about one user, for the LGPD export: the manuals they downloaded. */
@Injectable()
export class UserExportService {
  constructor(private readonly userData: UserDataRepository) {}

  async export(userId: string): Promise<ManualsExport> {
    const downloads = await this.userData.downloads(userId);
    return { downloads: downloads.map((d) => ({ ...d, downloaded_at: d.downloaded_at.toISOString() })) };
  }
}
