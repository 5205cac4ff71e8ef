import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryOne, queryRows } from '@clima/common';
import { SAO_PAULO_TODAY } from '../contents/contents.repository';

/** The catalog's figures, read for the admin dashboard. */
@Injectable()
export class StatsRepository {
  constructor(private readonly ds: DataSource) {}

  async totals(): Promise<{ total_contents: number; total_categories: number; total_views: string }> {
    const row = await queryOne<{ total_contents: number; total_categories: number; total_views: string }>(
      this.ds,
      `SELECT (SELECT count(*) FROM contents)::int AS total_contents,
              (SELECT count(*) FROM categories)::int AS total_categories,
              (SELECT coalesce(sum(views_count), 0) FROM contents)::bigint AS total_views`,
    );
    return row!;
  }

  /** The views of each of the last `days` São Paulo days, today included, oldest first (0 when none). */
  viewsPerDay(days: number): Promise<{ date: string; views: number }[]> {
    return queryRows(
      this.ds,
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS date, coalesce(v.views, 0)::int AS views
         FROM generate_series(${SAO_PAULO_TODAY} - ($1::int - 1), ${SAO_PAULO_TODAY}, interval '1 day') AS d(day)
         LEFT JOIN daily_views v ON v.day = d.day::date
        ORDER BY d.day`,
      [days],
    );
  }

  mostViewed(limit: number): Promise<{ id: number; title: string; views_count: number; category_name: string | null }[]> {
    return queryRows(
      this.ds,
      `SELECT c.id, c.title, c.views_count, cat.name AS category_name
         FROM contents c LEFT JOIN categories cat ON cat.id = c.category_id
        ORDER BY c.views_count DESC, c.id DESC LIMIT $1`,
      [limit],
    );
  }
}
