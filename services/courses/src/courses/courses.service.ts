import { Injectable } from '@nestjs/common';
import { auditBefore, mapConstraintErrors } from '@clima/common';
import { Course, CourseCreateBody, CourseListQuery, CoursePreview, CourseUpdateBody } from '@clima/contract';
import { CourseCategoriesService } from '../categories/course-categories.service';
import { coursesError, CoursesError } from '../courses.errors';
import { LessonsService } from '../lessons/lessons.service';
import { CourseAudience, mapCourse } from './course.mapper';
import { CoursesRepository } from './courses.repository';

/**
 * What the public lists (course categories, with their stats, and courses) are made of, for their shared
 * answers: every write of a category, a course or a lesson drops them.
 */
export const COURSES_ANSWERS = 'courses';

const asFlag = (v: 0 | 1 | undefined): boolean | undefined => (v === undefined ? undefined : v === 1);

/** Courses: the published catalogue for subscribers and the admin CRUD (drafts included). */
@Injectable()
export class CoursesService {
  constructor(
    private readonly courses: CoursesRepository,
    private readonly categories: CourseCategoriesService,
    private readonly lessons: LessonsService,
  ) {}

  /**
   * Published courses, oldest first (a category's courses read as a series), optionally of one category;
   * the video sources only for the `watcher` audience.
   */
  async listPublished(query: CourseListQuery, audience: CourseAudience): Promise<Course[]> {
    return this.list(query, { publishedOnly: true, order: 'oldest', audience });
  }

  /** Every course, drafts included, newest first. */
  async adminList(query: CourseListQuery): Promise<Course[]> {
    return this.list(query, { publishedOnly: false, order: 'newest', audience: 'watcher' });
  }

  private async list(query: CourseListQuery, o: { publishedOnly: boolean; order: 'oldest' | 'newest'; audience: CourseAudience }): Promise<Course[]> {
    let categoryId: number | undefined;
    if (query.category) {
      const found = await this.categories.resolve(query.category);
      if (found === null) return [];
      categoryId = found;
    }
    const rows = await this.courses.list({ publishedOnly: o.publishedOnly, categoryId, search: query.search, order: o.order });
    return rows.map((r) => mapCourse(r, o.audience));
  }

  /** A course as a subscriber sees it (the route requires an active subscription): unknown and unpublished courses are both "not found". */
  async getPublished(id: number): Promise<Course> {
    const course = await this.find(id);
    if (!course || !course.is_published) throw coursesError(CoursesError.CourseNotFound);
    return course;
  }

  /**
   * The locked preview of a published course (issue 25), for anyone: its title, description and figures,
   * and its lessons by title and duration. Nothing paid: no video source of the course or of a lesson.
   */
  async preview(id: number): Promise<CoursePreview> {
    const row = await this.courses.find(id);
    if (!row || !row.is_published) throw coursesError(CoursesError.CourseNotFound);
    const course = mapCourse(row, 'visitor');
    const lessons = await this.lessons.list(id, { publishedOnly: true });
    return {
      id: course.id,
      title: course.title,
      description: course.description,
      category_name: course.category_name,
      category_slug: course.category_slug,
      lessons_count: course.lessons_count,
      total_duration: course.total_duration,
      cover_image_url: course.cover_image_url,
      lessons: lessons.map((l) => ({ id: l.id, title: l.title, duration_seconds: l.duration_seconds })),
    };
  }

  async get(id: number): Promise<Course> {
    const course = await this.find(id);
    if (!course) throw coursesError(CoursesError.CourseNotFound);
    return course;
  }

  private async find(id: number): Promise<Course | null> {
    const row = await this.courses.find(id);
    // every caller of find() is an active subscriber or an administrator
    return row ? mapCourse(row, 'watcher') : null;
  }

  /** A new course is published unless the body says otherwise (spec section 4). */
  async create(body: CourseCreateBody): Promise<Course> {
    const id = await this.write(() =>
      this.courses.insert({
        title: body.title,
        description: body.description ?? null,
        course_category_id: body.course_category_id ?? null,
        cover_image_url: body.cover_image_url ?? null,
        video_url: body.video_url ?? null,
        video_file_url: body.video_file_url ?? null,
        video_orientation: body.video_orientation ?? 'horizontal',
        is_published: (body.is_published ?? 1) === 1,
      }),
    );
    return this.get(id);
  }

  /** Changes the fields present in the body; absent ones keep their value. */
  async update(id: number, body: CourseUpdateBody): Promise<Course> {
    await this.recordBefore(id);
    const count = await this.write(() => this.courses.update(id, { ...body, is_published: asFlag(body.is_published) }));
    if (!count) throw coursesError(CoursesError.CourseNotFound);
    return this.get(id);
  }

  /** Sets the publication flag, or flips it when none is given. */
  async setPublished(id: number, flag: 0 | 1 | undefined): Promise<Course> {
    await this.recordBefore(id);
    if (!(await this.courses.setPublished(id, asFlag(flag) ?? null))) throw coursesError(CoursesError.CourseNotFound);
    return this.get(id);
  }

  /** Deletes the course with its lessons and their progress (ON DELETE CASCADE). */
  async remove(id: number): Promise<void> {
    await this.recordBefore(id);
    if (!(await this.courses.delete(id))) throw coursesError(CoursesError.CourseNotFound);
  }

  /**
   * Which of these uploaded video files (names as the catalog stores them) a course references, in its
   * uploaded-file address or its link. The names are random 32-hex ones, so finding one inside the text
   * is a reference. `publishedOnly` for serving a file to subscribers; drafts count too when the catalog
   * decides whether an upload may be removed.
   */
  async referencedVideos(names: string[], publishedOnly: boolean): Promise<string[]> {
    if (!names.length) return [];
    return this.courses.referencedVideos(names, publishedOnly);
  }

  /** The course as it was, for the audit log (an unknown id is answered 404 by the caller's own query). */
  private async recordBefore(id: number): Promise<void> {
    const course = await this.find(id);
    if (course) auditBefore(course);
  }

  /** An unknown course_category_id (or one deleted meanwhile) is the caller's mistake: 400. */
  private write<T>(fn: () => Promise<T>): Promise<T> {
    return mapConstraintErrors(fn, { foreignKey: () => coursesError(CoursesError.UnknownCourseCategory) });
  }
}
