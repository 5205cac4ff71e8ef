import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { execute, queryOne, queryRows, Queryable, withTransaction } from '@clima/common';
import { DataSource, EntityManager } from 'typeorm';
import { LESSON_COLUMNS, LessonRow } from './lesson.mapper';

/**
 * The `courses.lesson` table. Methods that take `m` run inside the caller's transaction, which holds
 * the course row's lock (`lockCourse`) while positions move.
 */
@Injectable()
export class LessonsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return withTransaction(this.ds, work);
  }

  courseVisibility(courseId: number): Promise<{ is_published: boolean } | undefined> {
    return queryOne(this.ds, `SELECT is_published FROM courses.course WHERE id = $1`, [courseId]);
  }

  ordered(courseId: number, m: Queryable = this.ds): Promise<LessonRow[]> {
    return queryRows<LessonRow>(m, `SELECT ${LESSON_COLUMNS} FROM courses.lesson l WHERE l.course_id = $1 ORDER BY l.position, l.id`, [courseId]);
  }

  find(m: Queryable, lessonId: number): Promise<LessonRow | undefined> {
    return queryOne<LessonRow>(m, `SELECT ${LESSON_COLUMNS} FROM courses.lesson l WHERE l.id = $1`, [lessonId]);
  }

  /** Locks the course row; false when there is no such course. */
  async lockCourse(m: Queryable, courseId: number): Promise<boolean> {
    return !!(await queryOne(m, `SELECT id FROM courses.course WHERE id = $1 FOR UPDATE`, [courseId]));
  }

  /** Locks the lesson's course, then reads the lesson (its position may have moved while waiting). */
  async lockLesson(m: Queryable, lessonId: number): Promise<{ course_id: number; position: number } | undefined> {
    const first = await queryOne<{ course_id: number }>(m, `SELECT course_id FROM courses.lesson WHERE id = $1`, [lessonId]);
    if (!first) return undefined;
    await m.query(`SELECT id FROM courses.course WHERE id = $1 FOR UPDATE`, [first.course_id]);
    return queryOne(m, `SELECT course_id, position FROM courses.lesson WHERE id = $1`, [lessonId]);
  }

  async count(m: Queryable, courseId: number): Promise<number> {
    return (await queryOne<{ n: number }>(m, `SELECT count(*)::int AS n FROM courses.lesson WHERE course_id = $1`, [courseId]))?.n ?? 0;
  }

  ids(m: Queryable, courseId: number): Promise<{ id: number }[]> {
    return queryRows(m, `SELECT id FROM courses.lesson WHERE course_id = $1`, [courseId]);
  }

  /** Moves by `delta` (+1 or -1) the course's lessons whose position is within [from, to]. */
  async shift(m: Queryable, courseId: number, delta: 1 | -1, from: number, to: number | null = null): Promise<void> {
    await m.query(
      `UPDATE courses.lesson SET position = position + $2 WHERE course_id = $1 AND position >= $3 AND ($4::int IS NULL OR position <= $4)`,
      [courseId, delta, from, to],
    );
  }

  async insert(
    m: Queryable,
    l: {
      courseId: number;
      title: string;
      description: string | null;
      youtubeVideoId: string | null;
      videoFileUrl: string | null;
      durationSeconds: number;
      position: number;
    },
  ): Promise<LessonRow> {
    const row = await queryOne<LessonRow>(
      m,
      `INSERT INTO courses.lesson AS l (course_id, title, description, youtube_video_id, video_file_url, duration_seconds, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${LESSON_COLUMNS}`,
      [l.courseId, l.title, l.description, l.youtubeVideoId, l.videoFileUrl, l.durationSeconds, l.position],
    );
    return row!;
  }

  /** Writes the columns given (only known lesson columns reach here) and answers the row. */
  async update(m: Queryable, lessonId: number, fields: Record<string, unknown>): Promise<LessonRow> {
    const columns = Object.keys(fields);
    const sets = [...columns.map((c, i) => `${c} = $${i + 2}`), 'updated_at = now()'];
    const row = await queryOne<LessonRow>(
      m,
      `UPDATE courses.lesson AS l SET ${sets.join(', ')} WHERE l.id = $1 RETURNING ${LESSON_COLUMNS}`,
      [lessonId, ...columns.map((c) => fields[c])],
    );
    return row!;
  }

  async delete(m: Queryable, lessonId: number): Promise<number> {
    return execute(m, `DELETE FROM courses.lesson WHERE id = $1`, [lessonId]);
  }

  /** Gives the lessons positions 1..n in the order of `lessonIds`. */
  async reorder(m: Queryable, courseId: number, lessonIds: number[]): Promise<void> {
    await m.query(
      `UPDATE courses.lesson l SET position = t.ord, updated_at = now()
         FROM unnest($2::int[]) WITH ORDINALITY AS t(id, ord)
        WHERE l.id = t.id AND l.course_id = $1 AND l.position <> t.ord`,
      [courseId, lessonIds],
    );
  }
}
