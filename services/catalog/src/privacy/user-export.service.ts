import { Injectable } from '@nestjs/common';
import type { CatalogExport } from '@clima/contract';
import { UserDataRepository } from './user-data.repository';

/** What the catalog holds about one user, for the LGPD export: the contents they opened, per day, and where they stopped in each video. */
@Injectable()
export class UserExportService {
  constructor(private readonly userData: UserDataRepository) {}

  async export(userId: string): Promise<CatalogExport> {
    const [views, positions] = await Promise.all([this.userData.views(userId), this.userData.positions(userId)]);
    return {
      views: views.map((v) => ({ ...v, viewed_at: v.viewed_at.toISOString() })),
      positions: positions.map(({ created_at, updated_at, ...p }) => ({ ...p, started_at: created_at.toISOString(), updated_at: updated_at.toISOString() })),
    };
  }
}
