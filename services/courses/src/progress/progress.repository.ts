import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { execute, queryOne, queryRows, Queryable } from '@clima/common';
import { DataSource } from 'typeorm';

/** The `courses.lesson_progress` table: one row per lesson a user completed. */
@Injectable()
export class ProgressRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async publishedCourseExists(courseId: number): Promise<boolean> {
    return !!(await queryOne(this.ds, `SELECT id FROM courses.course WHERE id = $1 AND is_published`, [courseId]));
  }

  async lessonInCourse(lessonId: number, courseId: number): Promise<boolean> {
    return !!(await queryOne(this.ds, `SELECT id FROM courses.lesson WHERE id = $1 AND course_id = $2`, [lessonId, courseId]));
  }

  /** The user's completed lessons of the course, in lesson order. */
  async completedLessons(courseId: number, userId: string): Promise<number[]> {
    const found = await queryRows<{ lesson_id: number }>(
      this.ds,
      `SELECT p.lesson_id FROM courses.lesson_progress p
         JOIN courses.lesson l ON l.id = p.lesson_id
        WHERE p.user_id = $1 AND l.course_id = $2
        ORDER BY l.position, l.id`,
      [userId, courseId],
    );
    return found.map((r) => r.lesson_id);
  }

  /** Records a completion; recording it again changes nothing. */
  async complete(userId: string, lessonId: number): Promise<void> {
    await this.ds.query(`INSERT INTO courses.lesson_progress (user_id, lesson_id) VALUES ($1, $2) ON CONFLICT (user_id, lesson_id) DO NOTHING`, [userId, lessonId]);
  }

  /** Every completion of the user, with course and lesson titles, oldest first (the LGPD export). */
  ofUser(userId: string): Promise<{ course_id: number; course_title: string; lesson_id: number; lesson_title: string; completed_at: Date }[]> {
    return queryRows(
      this.ds,
      `SELECT c.id AS course_id, c.title AS course_title, l.id AS lesson_id, l.title AS lesson_title, p.completed_at
         FROM courses.lesson_progress p
         JOIN courses.lesson l ON l.id = p.lesson_id
         JOIN courses.course c ON c.id = l.course_id
        WHERE p.user_id = $1
        ORDER BY p.completed_at, l.id`,
      [userId],
    );
  }

  /** Removes everything this service keeps about a user (their progress); answers how many rows went. Idempotent. */
  removeUser(userId: string, db: Queryable = this.ds): Promise<number> {
    return execute(db, `DELETE FROM courses.lesson_progress WHERE user_id = $1`, [userId]);
  }
}
