import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { execute, likePattern, queryOne, queryRows } from '@clima/common';
import { CATEGORY_COLUMNS, CategoryRow } from './category.mapper';

/** The `catalog.categories` table. */
@Injectable()
export class CategoriesRepository {
  constructor(private readonly ds: DataSource) {}

  /** By name; `search` matches name, slug and description, accents and case ignored. */
  list(search?: string): Promise<CategoryRow[]> {
    return search
      ? queryRows<CategoryRow>(
          this.ds,
          `SELECT ${CATEGORY_COLUMNS} FROM categories
            WHERE f_unaccent(lower(name || ' ' || slug || ' ' || coalesce(description, ''))) LIKE f_unaccent(lower($1))
            ORDER BY name, id`,
          [likePattern(search)],
        )
      : queryRows<CategoryRow>(this.ds, `SELECT ${CATEGORY_COLUMNS} FROM categories ORDER BY name, id`);
  }

  find(id: number): Promise<CategoryRow | undefined> {
    return queryOne<CategoryRow>(this.ds, `SELECT ${CATEGORY_COLUMNS} FROM categories WHERE id = $1`, [id]);
  }

  async insert(c: { name: string; slug: string; description: string | null }): Promise<CategoryRow> {
    const row = await queryOne<CategoryRow>(
      this.ds,
      `INSERT INTO categories (name, slug, description) VALUES ($1, $2, $3) RETURNING ${CATEGORY_COLUMNS}`,
      [c.name, c.slug, c.description],
    );
    return row!;
  }

  /** The row as written, or undefined for an unknown id. */
  update(id: number, c: { name: string; slug: string; description: string | null }): Promise<CategoryRow | undefined> {
    return queryOne<CategoryRow>(
      this.ds,
      `UPDATE categories SET name = $2, slug = $3, description = $4, updated_at = now() WHERE id = $1 RETURNING ${CATEGORY_COLUMNS}`,
      [id, c.name, c.slug, c.description],
    );
  }

  /** The category's contents stay, uncategorised (the foreign key sets their category to null). */
  delete(id: number): Promise<number> {
    return execute(this.ds, `DELETE FROM categories WHERE id = $1`, [id]);
  }
}
