import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { execute, likePattern, queryOne, queryRows } from '@clima/common';
import { DataSource } from 'typeorm';
import { CATEGORY_COLUMNS, CourseCategoryRow, CourseCategoryStatsRow } from './course-category.mapper';

const ORDER = 'ORDER BY public.f_unaccent(lower(cc.name)), cc.id';

type CategoryValues = { name: string; slug: string; description: string | null; coverImageUrl: string | null };

/** The `courses.course_category` table. */
@Injectable()
export class CourseCategoriesRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  list(): Promise<CourseCategoryRow[]> {
    return queryRows<CourseCategoryRow>(this.ds, `SELECT ${CATEGORY_COLUMNS} FROM courses.course_category cc ${ORDER}`);
  }

  /** Every category with the number and total duration of the lessons of its PUBLISHED courses. */
  listWithStats(search?: string): Promise<CourseCategoryStatsRow[]> {
    const params: unknown[] = [];
    let where = '';
    if (search) {
      params.push(likePattern(search));
      where = `WHERE public.f_unaccent(lower(cc.name)) LIKE public.f_unaccent(lower($1))
                  OR public.f_unaccent(lower(coalesce(cc.description, ''))) LIKE public.f_unaccent(lower($1))`;
    }
    return queryRows<CourseCategoryStatsRow>(
      this.ds,
      `SELECT ${CATEGORY_COLUMNS}, s.lessons_count, s.total_duration
         FROM courses.course_category cc
         CROSS JOIN LATERAL (
           SELECT count(l.id) AS lessons_count, COALESCE(sum(l.duration_seconds), 0) AS total_duration
             FROM courses.course c JOIN courses.lesson l ON l.course_id = c.id
            WHERE c.course_category_id = cc.id AND c.is_published
         ) s
         ${where}
         ${ORDER}`,
      params,
    );
  }

  find(id: number): Promise<CourseCategoryRow | undefined> {
    return queryOne<CourseCategoryRow>(this.ds, `SELECT ${CATEGORY_COLUMNS} FROM courses.course_category cc WHERE cc.id = $1`, [id]);
  }

  /** The id of the category with this slug or, failing that, this id. */
  async idBySlugOrId(slug: string, id: number | null): Promise<number | null> {
    const found = await queryOne<{ id: number }>(
      this.ds,
      `SELECT id FROM courses.course_category WHERE slug = $1 OR id = $2 ORDER BY (slug = $1) DESC LIMIT 1`,
      [slug, id],
    );
    return found?.id ?? null;
  }

  async insert(v: CategoryValues): Promise<CourseCategoryRow> {
    const row = await queryOne<CourseCategoryRow>(
      this.ds,
      `INSERT INTO courses.course_category AS cc (name, slug, description, cover_image_url)
       VALUES ($1, $2, $3, $4) RETURNING ${CATEGORY_COLUMNS}`,
      [v.name, v.slug, v.description, v.coverImageUrl],
    );
    return row!;
  }

  update(id: number, v: CategoryValues): Promise<CourseCategoryRow | undefined> {
    return queryOne<CourseCategoryRow>(
      this.ds,
      `UPDATE courses.course_category AS cc
          SET name = $2, slug = $3, description = $4, cover_image_url = $5, updated_at = now()
        WHERE cc.id = $1 RETURNING ${CATEGORY_COLUMNS}`,
      [id, v.name, v.slug, v.description, v.coverImageUrl],
    );
  }

  /** Its courses stay, without a category (ON DELETE SET NULL). */
  delete(id: number): Promise<number> {
    return execute(this.ds, `DELETE FROM courses.course_category WHERE id = $1`, [id]);
  }
}
