import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppError, auditBefore, likePattern } from '@clima/common';
import {
  CourseCategory,
  CourseCategoryCreateBody,
  CourseCategoryUpdateBody,
  CourseCategoryWithStats,
  slugify,
} from '@clima/contract';
import { DataSource } from 'typeorm';
import { pgCode, rows, UNIQUE_VIOLATION } from '../shared/db';
import { CATEGORY_NOT_FOUND, SLUG_REQUIRED, SLUG_TAKEN } from '../shared/messages';
import {
  CATEGORY_COLUMNS,
  CourseCategoryRow,
  CourseCategoryStatsRow,
  mapCourseCategory,
  mapCourseCategoryWithStats,
} from './course-category.mapper';

const ORDER = 'ORDER BY public.f_unaccent(lower(cc.name)), cc.id';

/** Course categories: the public lists, the admin CRUD, and slug-or-id lookups. */
@Injectable()
export class CourseCategoriesService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async list(): Promise<CourseCategory[]> {
    const found = await rows<CourseCategoryRow>(this.ds, `SELECT ${CATEGORY_COLUMNS} FROM courses.course_category cc ${ORDER}`);
    return found.map(mapCourseCategory);
  }

  /** Every category with the number and total duration of the lessons of its PUBLISHED courses. */
  async listWithStats(search?: string): Promise<CourseCategoryWithStats[]> {
    const params: unknown[] = [];
    let where = '';
    if (search) {
      params.push(likePattern(search));
      where = `WHERE public.f_unaccent(lower(cc.name)) LIKE public.f_unaccent(lower($1))
                  OR public.f_unaccent(lower(coalesce(cc.description, ''))) LIKE public.f_unaccent(lower($1))`;
    }
    const found = await rows<CourseCategoryStatsRow>(this.ds, 
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
    return found.map(mapCourseCategoryWithStats);
  }

  async get(id: number): Promise<CourseCategory> {
    const found = await rows<CourseCategoryRow>(this.ds, `SELECT ${CATEGORY_COLUMNS} FROM courses.course_category cc WHERE cc.id = $1`, [id]);
    if (!found[0]) throw AppError.notFound(CATEGORY_NOT_FOUND);
    return mapCourseCategory(found[0]);
  }

  /**
   * The id of the category a filter value names: its slug, or its numeric id (the end-user route
   * `/course-category/{slug}` may carry either). A slug wins over an id when both could match.
   */
  async resolve(ref: string): Promise<number | null> {
    const asId = /^\d{1,10}$/.test(ref) && Number(ref) <= 2_147_483_647 ? Number(ref) : null;
    const found = await rows<{ id: number }>(this.ds, 
      `SELECT id FROM courses.course_category WHERE slug = $1 OR id = $2 ORDER BY (slug = $1) DESC LIMIT 1`,
      [ref, asId],
    );
    return found[0]?.id ?? null;
  }

  async create(body: CourseCategoryCreateBody): Promise<CourseCategory> {
    const slug = body.slug || slugify(body.name);
    if (!slug) throw AppError.badRequest(SLUG_REQUIRED);
    try {
      const found = await rows<CourseCategoryRow>(this.ds, 
        `INSERT INTO courses.course_category AS cc (name, slug, description, cover_image_url)
         VALUES ($1, $2, $3, $4) RETURNING ${CATEGORY_COLUMNS}`,
        [body.name, slug, body.description ?? null, body.cover_image_url ?? null],
      );
      return mapCourseCategory(found[0]!);
    } catch (err) {
      throw pgCode(err) === UNIQUE_VIOLATION ? AppError.conflict(SLUG_TAKEN) : err;
    }
  }

  async update(id: number, body: CourseCategoryUpdateBody): Promise<CourseCategory> {
    const current = await this.get(id);
    auditBefore(current);
    const name = body.name ?? current.name;
    // a slug sent blank is generated again from the (new) name, as the form does
    const slug = body.slug === undefined ? current.slug : body.slug || slugify(name);
    if (!slug) throw AppError.badRequest(SLUG_REQUIRED);
    try {
      const found = await rows<CourseCategoryRow>(this.ds, 
        `UPDATE courses.course_category AS cc
            SET name = $2, slug = $3, description = $4, cover_image_url = $5, updated_at = now()
          WHERE cc.id = $1 RETURNING ${CATEGORY_COLUMNS}`,
        [
          id,
          name,
          slug,
          body.description === undefined ? current.description : body.description,
          body.cover_image_url === undefined ? (current.cover_image_url ?? null) : body.cover_image_url,
        ],
      );
      if (!found[0]) throw AppError.notFound(CATEGORY_NOT_FOUND);
      return mapCourseCategory(found[0]);
    } catch (err) {
      throw pgCode(err) === UNIQUE_VIOLATION ? AppError.conflict(SLUG_TAKEN) : err;
    }
  }

  /** Deletes the category; its courses stay, without a category (ON DELETE SET NULL). */
  async remove(id: number): Promise<void> {
    const [current] = await rows<CourseCategoryRow>(this.ds, `SELECT ${CATEGORY_COLUMNS} FROM courses.course_category cc WHERE cc.id = $1`, [id]);
    if (current) auditBefore(mapCourseCategory(current));
    const found = await rows<unknown>(this.ds, `DELETE FROM courses.course_category WHERE id = $1 RETURNING id`, [id]);
    if (!found.length) throw AppError.notFound(CATEGORY_NOT_FOUND);
  }
}
