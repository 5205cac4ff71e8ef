import { Injectable } from '@nestjs/common';
import { auditBefore, mapConstraintErrors } from '@clima/common';
import {
  CourseCategory,
  CourseCategoryCreateBody,
  CourseCategoryUpdateBody,
  CourseCategoryWithStats,
  slugify,
} from '@clima/contract';
import { coursesError, CoursesError } from '../courses.errors';
import { CourseCategoriesRepository } from './course-categories.repository';
import { mapCourseCategory, mapCourseCategoryWithStats } from './course-category.mapper';

const slugTaken = () => coursesError(CoursesError.SlugTaken);

/** Course categories: the public lists, the admin CRUD, and slug-or-id lookups. */
@Injectable()
export class CourseCategoriesService {
  constructor(private readonly categories: CourseCategoriesRepository) {}

  async list(): Promise<CourseCategory[]> {
    return (await this.categories.list()).map(mapCourseCategory);
  }

  /** Every category with the number and total duration of the lessons of its PUBLISHED courses. */
  async listWithStats(search?: string): Promise<CourseCategoryWithStats[]> {
    return (await this.categories.listWithStats(search)).map(mapCourseCategoryWithStats);
  }

  async get(id: number): Promise<CourseCategory> {
    const found = await this.categories.find(id);
    if (!found) throw coursesError(CoursesError.CategoryNotFound);
    return mapCourseCategory(found);
  }

  /**
   * The id of the category a filter value names: its slug, or its numeric id (the end-user route
   * `/course-category/{slug}` may carry either). A slug wins over an id when both could match.
   */
  async resolve(ref: string): Promise<number | null> {
    const asId = /^\d{1,10}$/.test(ref) && Number(ref) <= 2_147_483_647 ? Number(ref) : null;
    return this.categories.idBySlugOrId(ref, asId);
  }

  async create(body: CourseCategoryCreateBody): Promise<CourseCategory> {
    const slug = body.slug || slugify(body.name);
    if (!slug) throw coursesError(CoursesError.SlugRequired);
    const row = await mapConstraintErrors(
      () => this.categories.insert({ name: body.name, slug, description: body.description ?? null, coverImageUrl: body.cover_image_url ?? null }),
      { unique: slugTaken },
    );
    return mapCourseCategory(row);
  }

  async update(id: number, body: CourseCategoryUpdateBody): Promise<CourseCategory> {
    const current = await this.get(id);
    auditBefore(current);
    const name = body.name ?? current.name;
    // a slug sent blank is generated again from the (new) name, as the form does
    const slug = body.slug === undefined ? current.slug : body.slug || slugify(name);
    if (!slug) throw coursesError(CoursesError.SlugRequired);
    const row = await mapConstraintErrors(
      () =>
        this.categories.update(id, {
          name,
          slug,
          description: body.description === undefined ? current.description : body.description,
          coverImageUrl: body.cover_image_url === undefined ? (current.cover_image_url ?? null) : body.cover_image_url,
        }),
      { unique: slugTaken },
    );
    if (!row) throw coursesError(CoursesError.CategoryNotFound);
    return mapCourseCategory(row);
  }

  /** Deletes the category; its courses stay, without a category (ON DELETE SET NULL). */
  async remove(id: number): Promise<void> {
    const current = await this.categories.find(id);
    if (current) auditBefore(mapCourseCategory(current));
    if (!(await this.categories.delete(id))) throw coursesError(CoursesError.CategoryNotFound);
  }
}
