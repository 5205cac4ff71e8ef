import { Injectable } from '@nestjs/common';
import { auditBefore, Queryable } from '@clima/common';
import { CourseLesson, LessonCreateBody, LessonUpdateBody } from '@clima/contract';
import { coursesError, CoursesError } from '../courses.errors';
import { mapLesson } from './lesson.mapper';
import { LessonsRepository } from './lessons.repository';

/**
 * Lessons of a course. Positions are 1..n without gaps; every change that moves lessons runs in a
 * transaction holding the course row's lock, so two admins editing one course cannot interleave.
 */
@Injectable()
export class LessonsService {
  constructor(private readonly lessons: LessonsRepository) {}

  /** The lessons of a course in order; `publishedOnly` hides the lessons of drafts (404). */
  async list(courseId: number, o: { publishedOnly: boolean }): Promise<CourseLesson[]> {
    const course = await this.lessons.courseVisibility(courseId);
    if (!course || (o.publishedOnly && !course.is_published)) throw coursesError(CoursesError.CourseNotFound);
    return (await this.lessons.ordered(courseId)).map(mapLesson);
  }

  async create(courseId: number, body: LessonCreateBody): Promise<CourseLesson> {
    return this.lessons.transaction(async (m) => {
      await this.lockCourse(m, courseId);
      const count = await this.lessons.count(m, courseId);
      const position = Math.min(body.position ?? count + 1, count + 1);
      await this.lessons.shift(m, courseId, 1, position);
      const created = await this.lessons.insert(m, {
        courseId,
        title: body.title,
        description: body.description ?? null,
        youtubeVideoId: body.youtube_video_id ?? null,
        videoFileUrl: body.video_file_url ?? null,
        durationSeconds: body.duration_seconds ?? 0,
        position,
      });
      return mapLesson(created);
    });
  }

  /** Changes the fields present in the body; a new position moves the lessons in between. */
  async update(lessonId: number, body: LessonUpdateBody): Promise<CourseLesson> {
    return this.lessons.transaction(async (m) => {
      const current = await this.lockLesson(m, lessonId);
      await this.recordBefore(m, lessonId);
      const fields: Record<string, unknown> = {};
      if (body.title !== undefined) fields.title = body.title;
      if (body.description !== undefined) fields.description = body.description;
      if (body.youtube_video_id !== undefined) fields.youtube_video_id = body.youtube_video_id;
      if (body.video_file_url !== undefined) fields.video_file_url = body.video_file_url;
      if (body.duration_seconds !== undefined) fields.duration_seconds = body.duration_seconds;
      if (body.position !== undefined) {
        const count = await this.lessons.count(m, current.course_id);
        const to = Math.min(body.position, count);
        const from = current.position;
        if (to < from) await this.lessons.shift(m, current.course_id, 1, to, from - 1);
        else if (to > from) await this.lessons.shift(m, current.course_id, -1, from + 1, to);
        fields.position = to;
      }
      return mapLesson(await this.lessons.update(m, lessonId, fields));
    });
  }

  /** Deletes the lesson and its progress; the lessons after it move up. */
  async remove(lessonId: number): Promise<void> {
    await this.lessons.transaction(async (m) => {
      const current = await this.lockLesson(m, lessonId);
      await this.recordBefore(m, lessonId);
      await this.lessons.delete(m, lessonId);
      await this.lessons.shift(m, current.course_id, -1, current.position + 1);
    });
  }

  /** Puts the course's lessons in the given order; the list must hold each of them exactly once. */
  async reorder(courseId: number, lessonIds: number[]): Promise<CourseLesson[]> {
    return this.lessons.transaction(async (m) => {
      await this.lockCourse(m, courseId);
      const existing = await this.lessons.ids(m, courseId);
      const wanted = new Set(lessonIds);
      const same = wanted.size === lessonIds.length && existing.length === lessonIds.length && existing.every((l) => wanted.has(l.id));
      if (!same) throw coursesError(CoursesError.LessonOrderMismatch);
      auditBefore((await this.lessons.ordered(courseId, m)).map(mapLesson));
      await this.lessons.reorder(m, courseId, lessonIds);
      return (await this.lessons.ordered(courseId, m)).map(mapLesson);
    });
  }

  /** The lesson as it was (read under its course's lock), for the audit log. */
  private async recordBefore(m: Queryable, lessonId: number): Promise<void> {
    const found = await this.lessons.find(m, lessonId);
    if (found) auditBefore(mapLesson(found));
  }

  private async lockCourse(m: Queryable, courseId: number): Promise<void> {
    if (!(await this.lessons.lockCourse(m, courseId))) throw coursesError(CoursesError.CourseNotFound);
  }

  private async lockLesson(m: Queryable, lessonId: number): Promise<{ course_id: number; position: number }> {
    const locked = await this.lessons.lockLesson(m, lessonId);
    if (!locked) throw coursesError(CoursesError.LessonNotFound);
    return locked;
  }
}
