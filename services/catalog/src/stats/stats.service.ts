import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CatalogStats } from '@clima/contract';
import { SAO_PAULO_TODAY } from '../contents/contents.service';

const DAYS = 30;
const POPULAR = 5;

/** The catalog's figures for the admin dashboard. */
@Injectable()
export class StatsService {
  constructor(private readonly ds: DataSource) {}

  async stats(): Promise<CatalogStats> {
    const [[totals], perDay, popular] = await Promise.all([
      this.ds.query(`
        SELECT (SELECT count(*) FROM contents)::int AS total_contents,
               (SELECT count(*) FROM categories)::int AS total_categories,
               (SELECT coalesce(sum(views_count), 0) FROM contents)::bigint AS total_views`),
      this.ds.query(
        `SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(v.views, 0)::int AS views
           FROM generate_series(${SAO_PAULO_TODAY} - ($1::int - 1), ${SAO_PAULO_TODAY}, interval '1 day') AS d(day)
           LEFT JOIN daily_views v ON v.day = d.day::date
          ORDER BY d.day`,
        [DAYS],
      ),
      this.ds.query(
        `SELECT c.id, c.title, c.views_count, cat.name AS category_name
           FROM contents c LEFT JOIN categories cat ON cat.id = c.category_id
          ORDER BY c.views_count DESC, c.id DESC LIMIT $1`,
        [POPULAR],
      ),
    ]);
    return {
      totalContents: totals.total_contents,
      totalCategories: totals.total_categories,
      totalViews: Number(totals.total_views),
      viewsPerDay: perDay,
      popularContents: popular,
    };
  }
}
