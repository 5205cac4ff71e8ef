import { Injectable } from '@nestjs/common';
import type { CatalogExport } from '@clima/contract';
import { UserDataRepository } from './user-data.repository';

/** What the catalog holds about one user, for the LGPD export: the contents they opened, per day. */
@Injectable()
export class UserExportService {
  constructor(private readonly userData: UserDataRepository) {}

  async export(userId: string): Promise<CatalogExport> {
    const views = await this.userData.views(userId);
    return { views: views.map((v) => ({ ...v, viewed_at: v.viewed_at.toISOString() })) };
  }
}
