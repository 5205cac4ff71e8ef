import { Injectable } from '@nestjs/common';
import type { CatalogStats } from '@clima/contract';
import { StatsRepository } from './stats.repository';

const DAYS = 30;
const POPULAR = 5;

/** The catalog's figures for the admin dashboard. */
@Injectable()
export class StatsService {
  constructor(private readonly figures: StatsRepository) {}

  async stats(): Promise<CatalogStats> {
    const [totals, perDay, popular] = await Promise.all([this.figures.totals(), this.figures.viewsPerDay(DAYS), this.figures.mostViewed(POPULAR)]);
    return {
      totalContents: totals.total_contents,
      totalCategories: totals.total_categories,
      totalViews: Number(totals.total_views),
      viewsPerDay: perDay,
      popularContents: popular,
    };
  }
}
