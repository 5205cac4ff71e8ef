import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { execute, queryOne, queryRows, Queryable, unfinishedSql, WatchRecordTable, withTransaction } from '@clima/common';
import type { WatchInterval, WatchReport } from '@clima/contract';
import { DataSource, EntityManager } from 'typeorm';

/** One lesson the user has progress on: completed under either rule, and/or played. */
export interface LessonProgressRow {
  lesson_id: number;
  completed: boolean;
  position: number | null;
  duration: number | null;
  watched_seconds: number | null;
}

export interface ContinueLessonRow {
  course_id: number;
  lesson_id: number;
  lesson_title: string;
  position: number;
  duration: number;
  updated_at: Date;
}

const WATCH_RECORDS = new WatchRecordTable('courses.lesson_watch', 'lesson_id');

/**
 * `courses.lesson_progress` (one row per lesson a user completed; the row is the completion) and
 * `courses.lesson_watch` (where each user stopped in each lesson and the stretches they played).
 */
@Injectable()
export class ProgressRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return withTransaction(this.ds, work);
  }

  async publishedCourseExists(courseId: number): Promise<boolean> {
    return !!(await queryOne(this.ds, `SELECT id FROM courses.course WHERE id = $1 AND is_published`, [courseId]));
  }

  /** The lesson's own duration in seconds (`duration_seconds`, 0 when unknown); undefined when it is not a lesson of the course. */
  async lessonDuration(lessonId: number, courseId: number): Promise<number | undefined> {
    const row = await queryOne<{ duration_seconds: number }>(this.ds, `SELECT duration_seconds FROM courses.lesson WHERE id = $1 AND course_id = $2`, [
      lessonId,
      courseId,
    ]);
    return row ? Number(row.duration_seconds) : undefined;
  }

  /** Every lesson of the course the user has progress on (completed or played), in lesson order. */
  ofCourse(courseId: number, userId: string, lessonId?: number): Promise<LessonProgressRow[]> {
    return queryRows<LessonProgressRow>(
      this.ds,
      `SELECT l.id AS lesson_id, (p.lesson_id IS NOT NULL) AS completed, w.position, w.duration, w.watched_seconds
         FROM courses.lesson l
         LEFT JOIN courses.lesson_progress p ON p.lesson_id = l.id AND p.user_id = $1
         LEFT JOIN courses.lesson_watch w ON w.lesson_id = l.id AND w.user_id = $1
        WHERE l.course_id = $2 AND ($3::int IS NULL OR l.id = $3)
          AND (p.lesson_id IS NOT NULL OR w.lesson_id IS NOT NULL)
        ORDER BY l.position, l.id`,
      [userId, courseId, lessonId ?? null],
    );
  }

  /** A player's report on a lesson, applied inside the transaction (WatchRecordTable): the saved record and the seconds covered. */
  applyWatch(m: Queryable, userId: string, lessonId: number, report: WatchReport): Promise<{ covered: number }> {
    return WATCH_RECORDS.apply(m, userId, lessonId, report);
  }

  /** Serialises the completions of one user in one course (so "every lesson completed" is seen by exactly one of them). */
  async lockUserCourse(m: Queryable, userId: string, courseId: number): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('courses.completion'), hashtext($1))`, [`${userId}:${courseId}`]);
  }

  /** Records a completion; answers whether it is new (recording it again changes nothing). */
  async complete(m: Queryable, userId: string, lessonId: number): Promise<boolean> {
    const rows = await queryRows(
      m,
      `INSERT INTO courses.lesson_progress (user_id, lesson_id) VALUES ($1, $2) ON CONFLICT (user_id, lesson_id) DO NOTHING RETURNING lesson_id`,
      [userId, lessonId],
    );
    return rows.length > 0;
  }

  async isCompleted(m: Queryable, userId: string, lessonId: number): Promise<boolean> {
    return !!(await queryOne(m, `SELECT 1 FROM courses.lesson_progress WHERE user_id = $1 AND lesson_id = $2`, [userId, lessonId]));
  }

  /** Whether the user has completed every lesson of the course (a course without lessons is not). */
  async courseCompleted(m: Queryable, userId: string, courseId: number): Promise<boolean> {
    const row = await queryOne<{ done: boolean }>(
      m,
      `SELECT count(*) > 0 AND count(*) = count(p.lesson_id) AS done
         FROM courses.lesson l
         LEFT JOIN courses.lesson_progress p ON p.lesson_id = l.id AND p.user_id = $1
        WHERE l.course_id = $2`,
      [userId, courseId],
    );
    return !!row?.done;
  }

  /**
   * 'Continuar assistindo': in each published course, the lesson the user played last, when they stopped
   * past the first seconds and before the end; most recent first.
   */
  continueFor(userId: string, minPosition: number, limit: number): Promise<ContinueLessonRow[]> {
    return queryRows<ContinueLessonRow>(
      this.ds,
      `SELECT * FROM (
         SELECT DISTINCT ON (l.course_id) l.course_id, l.id AS lesson_id, l.title AS lesson_title, w.position, w.duration, w.updated_at
           FROM courses.lesson_watch w
           JOIN courses.lesson l ON l.id = w.lesson_id
           JOIN courses.course c ON c.id = l.course_id
          WHERE w.user_id = $1 AND c.is_published AND w.position >= $2 AND ${unfinishedSql('w')}
          ORDER BY l.course_id, w.updated_at DESC
       ) last ORDER BY updated_at DESC, lesson_id DESC LIMIT $3`,
      [userId, minPosition, limit],
    );
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

  /** Every watch record of the user, with course and lesson titles, oldest first (the LGPD export). */
  watchOfUser(userId: string): Promise<
    {
      course_id: number;
      course_title: string;
      lesson_id: number;
      lesson_title: string;
      position: number;
      duration: number;
      watched: WatchInterval[];
      created_at: Date;
      updated_at: Date;
    }[]
  > {
    return queryRows(
      this.ds,
      `SELECT c.id AS course_id, c.title AS course_title, l.id AS lesson_id, l.title AS lesson_title,
              w.position, w.duration, w.watched, w.created_at, w.updated_at
         FROM courses.lesson_watch w
         JOIN courses.lesson l ON l.id = w.lesson_id
         JOIN courses.course c ON c.id = l.course_id
        WHERE w.user_id = $1
        ORDER BY w.created_at, l.id`,
      [userId],
    );
  }

  /** Removes everything this service keeps about a user (completions and watch records); answers how many rows went. Idempotent. */
  async removeUser(userId: string, db: Queryable = this.ds): Promise<number> {
    const completions = await execute(db, `DELETE FROM courses.lesson_progress WHERE user_id = $1`, [userId]);
    const watched = await execute(db, `DELETE FROM courses.lesson_watch WHERE user_id = $1`, [userId]);
    return completions + watched;
  }
}
