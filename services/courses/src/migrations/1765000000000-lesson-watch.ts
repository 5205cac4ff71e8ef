import { OUTBOX_SQL } from '@clima/common';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where each user stopped in each lesson and what they watched (the completion rule reads it), the
 * lesson's own uploaded video, and the outbox of the facts this service publishes (lesson.completed,
 * course.completed). Completions recorded before keep their rows in lesson_progress untouched.
 */
export class LessonWatch1765000000000 implements MigrationInterface {
  name = 'LessonWatch1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE courses.lesson_watch (
        user_id varchar(128) NOT NULL,
        lesson_id integer NOT NULL REFERENCES courses.lesson (id) ON DELETE CASCADE,
        position double precision NOT NULL CONSTRAINT lesson_watch_position_check CHECK (position >= 0),
        duration double precision NOT NULL CONSTRAINT lesson_watch_duration_check CHECK (duration > 0),
        -- merged [start, end] stretches actually played, in seconds
        watched jsonb NOT NULL DEFAULT '[]',
        watched_seconds double precision NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, lesson_id)
      )`);
    await q.query(`CREATE INDEX lesson_watch_lesson_idx ON courses.lesson_watch (lesson_id)`);
    await q.query(`CREATE INDEX lesson_watch_user_recent_idx ON courses.lesson_watch (user_id, updated_at DESC)`);
    await q.query(`ALTER TABLE courses.lesson ADD COLUMN video_file_url varchar(2048)`);
    for (const sql of OUTBOX_SQL('courses')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS courses.outbox`);
    await q.query(`ALTER TABLE courses.lesson DROP COLUMN IF EXISTS video_file_url`);
    await q.query(`DROP TABLE IF EXISTS courses.lesson_watch`);
  }
}
