import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import { AppError, auditBefore, likePattern } from '@clima/common';
import { CATALOG_MESSAGES, CategoryBody, ContentCategory, slugify } from '@clima/contract';
import { CATEGORY_COLUMNS, CategoryRow, mapCategory } from './category.mapper';

const isUniqueViolation = (err: unknown) => err instanceof QueryFailedError && (err as unknown as { code?: string }).code === '23505';

/** Content categories: the public list and the admin CRUD. */
@Injectable()
export class CategoriesService {
  constructor(private readonly ds: DataSource) {}

  async list(search?: string): Promise<ContentCategory[]> {
    const rows: CategoryRow[] = search
      ? await this.ds.query(
          `SELECT ${CATEGORY_COLUMNS} FROM categories
            WHERE f_unaccent(lower(name || ' ' || slug || ' ' || coalesce(description, ''))) LIKE f_unaccent(lower($1))
            ORDER BY name, id`,
          [likePattern(search)],
        )
      : await this.ds.query(`SELECT ${CATEGORY_COLUMNS} FROM categories ORDER BY name, id`);
    return rows.map(mapCategory);
  }

  async create(body: CategoryBody): Promise<ContentCategory> {
    const slug = this.slugOf(body);
    return this.writing(async () => {
      const [row]: CategoryRow[] = await this.ds.query(
        `INSERT INTO categories (name, slug, description) VALUES ($1, $2, $3) RETURNING ${CATEGORY_COLUMNS}`,
        [body.name, slug, body.description ?? null],
      );
      return mapCategory(row);
    });
  }

  async update(id: number, body: CategoryBody): Promise<ContentCategory> {
    const slug = this.slugOf(body);
    await this.recordBefore(id);
    return this.writing(async () => {
      const [rows]: [CategoryRow[], number] = await this.ds.query(
        `UPDATE categories SET name = $2, slug = $3, description = $4, updated_at = now() WHERE id = $1 RETURNING ${CATEGORY_COLUMNS}`,
        [id, body.name, slug, body.description ?? null],
      );
      if (!rows.length) throw AppError.notFound(CATALOG_MESSAGES.categoryNotFound);
      return mapCategory(rows[0]);
    });
  }

  /** The category's contents stay, uncategorised (the foreign key sets their category to null). */
  async remove(id: number): Promise<void> {
    await this.recordBefore(id);
    const [, count]: [unknown[], number] = await this.ds.query(`DELETE FROM categories WHERE id = $1`, [id]);
    if (!count) throw AppError.notFound(CATALOG_MESSAGES.categoryNotFound);
  }

  /** The category as it was, for the audit log. */
  private async recordBefore(id: number): Promise<void> {
    const [row]: CategoryRow[] = await this.ds.query(`SELECT ${CATEGORY_COLUMNS} FROM categories WHERE id = $1`, [id]);
    if (row) auditBefore(mapCategory(row));
  }

  /** The slug sent, or the one spec 5 generates from the name when it was left blank. */
  private slugOf(body: CategoryBody): string {
    const slug = body.slug ?? slugify(body.name);
    if (!slug) throw AppError.badRequest(CATALOG_MESSAGES.slugRequired);
    return slug;
  }

  private async writing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw AppError.conflict(CATALOG_MESSAGES.slugTaken);
      throw err;
    }
  }
}
