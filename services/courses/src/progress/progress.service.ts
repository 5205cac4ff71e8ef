import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppError } from '@clima/common';
import { LessonProgress } from '@clima/contract';
import { DataSource } from 'typeorm';
import { FOREIGN_KEY_VIOLATION, pgCode, rows } from '../shared/db';
import { COURSE_NOT_FOUND, LESSON_NOT_FOUND } from '../shared/messages';

/** Per-user lesson completion. A completion is a row; recording it twice changes nothing. */
@Injectable()
export class ProgressService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** The caller's completed lessons of a published course, in lesson order. */
  async list(courseId: number, userId: string): Promise<LessonProgress[]> {
    await this.assertPublishedCourse(courseId);
    const found = await rows<{ lesson_id: number }>(
      this.ds,
      `SELECT p.lesson_id FROM courses.lesson_progress p
         JOIN courses.lesson l ON l.id = p.lesson_id
        WHERE p.user_id = $1 AND l.course_id = $2
        ORDER BY l.position, l.id`,
      [userId, courseId],
    );
    return found.map((r) => ({ lesson_id: r.lesson_id, completed: 1 }));
  }

  /** Marks a lesson of a published course as completed by the caller (idempotent). */
  async complete(courseId: number, lessonId: number, userId: string): Promise<LessonProgress> {
    await this.assertPublishedCourse(courseId);
    const lesson = await rows<{ id: number }>(this.ds, `SELECT id FROM courses.lesson WHERE id = $1 AND course_id = $2`, [lessonId, courseId]);
    if (!lesson[0]) throw AppError.notFound(LESSON_NOT_FOUND);
    try {
      await this.ds.query(
        `INSERT INTO courses.lesson_progress (user_id, lesson_id) VALUES ($1, $2) ON CONFLICT (user_id, lesson_id) DO NOTHING`,
        [userId, lessonId],
      );
    } catch (err) {
      // the lesson was deleted between the check and the insert
      if (pgCode(err) === FOREIGN_KEY_VIOLATION) throw AppError.notFound(LESSON_NOT_FOUND);
      throw err;
    }
    return { lesson_id: lessonId, completed: 1 };
  }

  private async assertPublishedCourse(courseId: number): Promise<void> {
    const found = await rows<{ id: number }>(this.ds, `SELECT id FROM courses.course WHERE id = $1 AND is_published`, [courseId]);
    if (!found[0]) throw AppError.notFound(COURSE_NOT_FOUND);
  }
}
