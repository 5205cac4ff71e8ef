import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppError, auditBefore, likePattern } from '@clima/common';
import { Course, CourseCreateBody, CourseListQuery, CourseUpdateBody } from '@clima/contract';
import { DataSource } from 'typeorm';
import { CourseCategoriesService } from '../categories/course-categories.service';
import { FOREIGN_KEY_VIOLATION, pgCode, rows } from '../shared/db';
import { COURSE_CATEGORY_UNKNOWN, COURSE_NOT_FOUND } from '../shared/messages';
import { COURSE_SELECT, CourseAudience, CourseRow, mapCourse } from './course.mapper';

/** Courses: the published catalogue for subscribers and the admin CRUD (drafts included). */
@Injectable()
export class CoursesService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly categories: CourseCategoriesService,
  ) {}

  /**
   * Published courses, oldest first (a category's courses read as a series), optionally of one category;
   * the video sources only for the `watcher` audience.
   */
  async listPublished(query: CourseListQuery, audience: CourseAudience): Promise<Course[]> {
    return this.list(query, { publishedOnly: true, order: 'c.created_at ASC, c.id ASC', audience });
  }

  /** Every course, drafts included, newest first. */
  async adminList(query: CourseListQuery): Promise<Course[]> {
    return this.list(query, { publishedOnly: false, order: 'c.created_at DESC, c.id DESC', audience: 'watcher' });
  }

  private async list(query: CourseListQuery, o: { publishedOnly: boolean; order: string; audience: CourseAudience }): Promise<Course[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (o.publishedOnly) where.push('c.is_published');
    if (query.category) {
      const categoryId = await this.categories.resolve(query.category);
      if (categoryId === null) return [];
      params.push(categoryId);
      where.push(`c.course_category_id = $${params.length}`);
    }
    if (query.search) {
      params.push(likePattern(query.search));
      const p = `public.f_unaccent(lower($${params.length}))`;
      where.push(`(public.f_unaccent(lower(c.title)) LIKE ${p} OR public.f_unaccent(lower(coalesce(c.description, ''))) LIKE ${p})`);
    }
    const found = await rows<CourseRow>(
      this.ds,
      `${COURSE_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${o.order}`,
      params,
    );
    return found.map((r) => mapCourse(r, o.audience));
  }

  /** A course as a subscriber sees it (the route requires an active subscription): unknown and unpublished courses are both "not found". */
  async getPublished(id: number): Promise<Course> {
    const course = await this.find(id);
    if (!course || !course.is_published) throw AppError.notFound(COURSE_NOT_FOUND);
    return course;
  }

  async get(id: number): Promise<Course> {
    const course = await this.find(id);
    if (!course) throw AppError.notFound(COURSE_NOT_FOUND);
    return course;
  }

  private async find(id: number): Promise<Course | null> {
    const found = await rows<CourseRow>(this.ds, `${COURSE_SELECT} WHERE c.id = $1`, [id]);
    // every caller of find() is an active subscriber or an administrator
    return found[0] ? mapCourse(found[0], 'watcher') : null;
  }

  /** A new course is published unless the body says otherwise (spec section 4). */
  async create(body: CourseCreateBody): Promise<Course> {
    const found = await this.write(() =>
      rows<{ id: number }>(
        this.ds,
        `INSERT INTO courses.course
           (title, description, course_category_id, cover_image_url, video_url, video_file_url, video_orientation, is_published)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          body.title,
          body.description ?? null,
          body.course_category_id ?? null,
          body.cover_image_url ?? null,
          body.video_url ?? null,
          body.video_file_url ?? null,
          body.video_orientation ?? 'horizontal',
          (body.is_published ?? 1) === 1,
        ],
      ),
    );
    return this.get(found[0]!.id);
  }

  /** Changes the fields present in the body; absent ones keep their value. */
  async update(id: number, body: CourseUpdateBody): Promise<Course> {
    await this.recordBefore(id);
    const sets: string[] = [];
    const params: unknown[] = [id];
    const set = (column: string, value: unknown) => {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    };
    if (body.title !== undefined) set('title', body.title);
    if (body.description !== undefined) set('description', body.description);
    if (body.course_category_id !== undefined) set('course_category_id', body.course_category_id);
    if (body.cover_image_url !== undefined) set('cover_image_url', body.cover_image_url);
    if (body.video_url !== undefined) set('video_url', body.video_url);
    if (body.video_file_url !== undefined) set('video_file_url', body.video_file_url);
    if (body.video_orientation !== undefined) set('video_orientation', body.video_orientation);
    if (body.is_published !== undefined) set('is_published', body.is_published === 1);
    sets.push('updated_at = now()');
    const found = await this.write(() =>
      rows<{ id: number }>(this.ds, `UPDATE courses.course SET ${sets.join(', ')} WHERE id = $1 RETURNING id`, params),
    );
    if (!found[0]) throw AppError.notFound(COURSE_NOT_FOUND);
    return this.get(id);
  }

  /** Sets the publication flag, or flips it when none is given. */
  async setPublished(id: number, flag: 0 | 1 | undefined): Promise<Course> {
    await this.recordBefore(id);
    const found = await rows<{ id: number }>(
      this.ds,
      `UPDATE courses.course SET is_published = coalesce($2::boolean, NOT is_published), updated_at = now() WHERE id = $1 RETURNING id`,
      [id, flag === undefined ? null : flag === 1],
    );
    if (!found[0]) throw AppError.notFound(COURSE_NOT_FOUND);
    return this.get(id);
  }

  /** Deletes the course with its lessons and their progress (ON DELETE CASCADE). */
  async remove(id: number): Promise<void> {
    await this.recordBefore(id);
    const found = await rows<{ id: number }>(this.ds, `DELETE FROM courses.course WHERE id = $1 RETURNING id`, [id]);
    if (!found.length) throw AppError.notFound(COURSE_NOT_FOUND);
  }

  /**
   * Which of these uploaded video files (names as the catalog stores them) a course references, in its
   * uploaded-file address or its link. The names are random 32-hex ones, so finding one inside the text
   * is a reference. `publishedOnly` for serving a file to subscribers; drafts count too when the catalog
   * decides whether an upload may be removed.
   */
  async referencedVideos(names: string[], publishedOnly: boolean): Promise<string[]> {
    if (!names.length) return [];
    const found = await rows<{ name: string }>(
      this.ds,
      `SELECT n.name FROM unnest($1::text[]) AS n(name)
        WHERE EXISTS (
          SELECT 1 FROM courses.course c
           WHERE ($2::boolean IS FALSE OR c.is_published)
             AND strpos(coalesce(c.video_file_url, '') || ' ' || coalesce(c.video_url, ''), n.name) > 0)`,
      [names, publishedOnly],
    );
    return found.map((r) => r.name);
  }

  /** The course as it was, for the audit log (an unknown id is answered 404 by the caller's own query). */
  private async recordBefore(id: number): Promise<void> {
    const course = await this.find(id);
    if (course) auditBefore(course);
  }

  /** An unknown course_category_id (or one deleted meanwhile) is the caller's mistake: 400. */
  private async write<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (pgCode(err) === FOREIGN_KEY_VIOLATION) throw AppError.badRequest(COURSE_CATEGORY_UNKNOWN);
      throw err;
    }
  }
}
