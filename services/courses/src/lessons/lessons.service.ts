import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppError, auditBefore } from '@clima/common';
import { CourseLesson, LessonCreateBody, LessonUpdateBody } from '@clima/contract';
import { DataSource, EntityManager } from 'typeorm';
import { rows } from '../shared/db';
import { COURSE_NOT_FOUND, LESSON_NOT_FOUND, LESSON_ORDER_MISMATCH } from '../shared/messages';
import { LESSON_COLUMNS, LessonRow, mapLesson } from './lesson.mapper';

/**
 * Lessons of a course. Positions are 1..n without gaps; every change that moves lessons runs in a
 * transaction holding the course row's lock, so two admins editing one course cannot interleave.
 */
@Injectable()
export class LessonsService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The lessons of a course in order; `publishedOnly` hides the lessons of drafts (404). */
  async list(courseId: number, o: { publishedOnly: boolean }): Promise<CourseLesson[]> {
    const course = await rows<{ is_published: boolean }>(this.ds, `SELECT is_published FROM courses.course WHERE id = $1`, [courseId]);
    if (!course[0] || (o.publishedOnly && !course[0].is_published)) throw AppError.notFound(COURSE_NOT_FOUND);
    return this.ordered(this.ds.manager, courseId);
  }

  async create(courseId: number, body: LessonCreateBody): Promise<CourseLesson> {
    return this.ds.transaction(async (m) => {
      await this.lockCourse(m, courseId);
      const count = await this.count(m, courseId);
      const position = Math.min(body.position ?? count + 1, count + 1);
      await m.query(`UPDATE courses.lesson SET position = position + 1 WHERE course_id = $1 AND position >= $2`, [courseId, position]);
      const created = await rows<LessonRow>(
        m,
        `INSERT INTO courses.lesson AS l (course_id, title, description, youtube_video_id, duration_seconds, position)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${LESSON_COLUMNS}`,
        [courseId, body.title, body.description ?? null, body.youtube_video_id ?? null, body.duration_seconds ?? 0, position],
      );
      return mapLesson(created[0]!);
    });
  }

  /** Changes the fields present in the body; a new position moves the lessons in between. */
  async update(lessonId: number, body: LessonUpdateBody): Promise<CourseLesson> {
    return this.ds.transaction(async (m) => {
      const current = await this.lockLesson(m, lessonId);
      await this.recordBefore(m, lessonId);
      const sets: string[] = [];
      const params: unknown[] = [lessonId];
      const set = (column: string, value: unknown) => {
        params.push(value);
        sets.push(`${column} = $${params.length}`);
      };
      if (body.title !== undefined) set('title', body.title);
      if (body.description !== undefined) set('description', body.description);
      if (body.youtube_video_id !== undefined) set('youtube_video_id', body.youtube_video_id);
      if (body.duration_seconds !== undefined) set('duration_seconds', body.duration_seconds);
      if (body.position !== undefined) {
        const count = await this.count(m, current.course_id);
        const to = Math.min(body.position, count);
        const from = current.position;
        if (to < from) {
          await m.query(`UPDATE courses.lesson SET position = position + 1 WHERE course_id = $1 AND position >= $2 AND position < $3`, [current.course_id, to, from]);
        } else if (to > from) {
          await m.query(`UPDATE courses.lesson SET position = position - 1 WHERE course_id = $1 AND position > $2 AND position <= $3`, [current.course_id, from, to]);
        }
        set('position', to);
      }
      sets.push('updated_at = now()');
      const updated = await rows<LessonRow>(m, `UPDATE courses.lesson AS l SET ${sets.join(', ')} WHERE l.id = $1 RETURNING ${LESSON_COLUMNS}`, params);
      return mapLesson(updated[0]!);
    });
  }

  /** Deletes the lesson and its progress; the lessons after it move up. */
  async remove(lessonId: number): Promise<void> {
    await this.ds.transaction(async (m) => {
      const current = await this.lockLesson(m, lessonId);
      await this.recordBefore(m, lessonId);
      await m.query(`DELETE FROM courses.lesson WHERE id = $1`, [lessonId]);
      await m.query(`UPDATE courses.lesson SET position = position - 1 WHERE course_id = $1 AND position > $2`, [current.course_id, current.position]);
    });
  }

  /** Puts the course's lessons in the given order; the list must hold each of them exactly once. */
  async reorder(courseId: number, lessonIds: number[]): Promise<CourseLesson[]> {
    return this.ds.transaction(async (m) => {
      await this.lockCourse(m, courseId);
      const existing = await rows<{ id: number }>(m, `SELECT id FROM courses.lesson WHERE course_id = $1`, [courseId]);
      const wanted = new Set(lessonIds);
      const same = wanted.size === lessonIds.length && existing.length === lessonIds.length && existing.every((l) => wanted.has(l.id));
      if (!same) throw AppError.badRequest(LESSON_ORDER_MISMATCH);
      auditBefore(await this.ordered(m, courseId));
      await m.query(
        `UPDATE courses.lesson l SET position = t.ord, updated_at = now()
           FROM unnest($2::int[]) WITH ORDINALITY AS t(id, ord)
          WHERE l.id = t.id AND l.course_id = $1 AND l.position <> t.ord`,
        [courseId, lessonIds],
      );
      return this.ordered(m, courseId);
    });
  }

  private async ordered(m: EntityManager, courseId: number): Promise<CourseLesson[]> {
    const found = await rows<LessonRow>(m, `SELECT ${LESSON_COLUMNS} FROM courses.lesson l WHERE l.course_id = $1 ORDER BY l.position, l.id`, [courseId]);
    return found.map(mapLesson);
  }

  /** The lesson as it was (read under its course's lock), for the audit log. */
  private async recordBefore(m: EntityManager, lessonId: number): Promise<void> {
    const found = await rows<LessonRow>(m, `SELECT ${LESSON_COLUMNS} FROM courses.lesson l WHERE l.id = $1`, [lessonId]);
    if (found[0]) auditBefore(mapLesson(found[0]));
  }

  private async lockCourse(m: EntityManager, courseId: number): Promise<void> {
    const found = await rows<{ id: number }>(m, `SELECT id FROM courses.course WHERE id = $1 FOR UPDATE`, [courseId]);
    if (!found[0]) throw AppError.notFound(COURSE_NOT_FOUND);
  }

  /** Locks the lesson's course, then reads the lesson (its position may have moved while waiting). */
  private async lockLesson(m: EntityManager, lessonId: number): Promise<{ course_id: number; position: number }> {
    const first = await rows<{ course_id: number }>(m, `SELECT course_id FROM courses.lesson WHERE id = $1`, [lessonId]);
    if (!first[0]) throw AppError.notFound(LESSON_NOT_FOUND);
    await m.query(`SELECT id FROM courses.course WHERE id = $1 FOR UPDATE`, [first[0].course_id]);
    const locked = await rows<{ course_id: number; position: number }>(m, `SELECT course_id, position FROM courses.lesson WHERE id = $1`, [lessonId]);
    if (!locked[0]) throw AppError.notFound(LESSON_NOT_FOUND);
    return locked[0];
  }

  private async count(m: EntityManager, courseId: number): Promise<number> {
    const found = await rows<{ n: number }>(m, `SELECT count(*)::int AS n FROM courses.lesson WHERE course_id = $1`, [courseId]);
    return found[0]?.n ?? 0;
  }
}
