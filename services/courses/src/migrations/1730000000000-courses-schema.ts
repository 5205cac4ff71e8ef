import { MigrationInterface, QueryRunner } from 'typeorm';

/** Course categories, courses, lessons and per-user lesson progress. */
export class CoursesSchema1730000000000 implements MigrationInterface {
  name = 'CoursesSchema1730000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE courses.course_category (
        id serial PRIMARY KEY,
        name varchar(255) NOT NULL,
        slug varchar(255) NOT NULL,
        description text,
        cover_image_url varchar(2048),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT course_category_slug_key UNIQUE (slug)
      )`);
    await q.query(`
      CREATE TABLE courses.course (
        id serial PRIMARY KEY,
        title varchar(255) NOT NULL,
        description text,
        -- deleting a category detaches its courses
        course_category_id integer REFERENCES courses.course_category (id) ON DELETE SET NULL,
        cover_image_url varchar(2048),
        video_url text,
        video_file_url varchar(2048),
        video_orientation varchar(10) NOT NULL DEFAULT 'horizontal'
          CONSTRAINT course_video_orientation_check CHECK (video_orientation IN ('horizontal', 'vertical')),
        is_published boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX course_category_published_idx ON courses.course (course_category_id, is_published)`);
    await q.query(`CREATE INDEX course_created_at_idx ON courses.course (created_at)`);
    await q.query(`
      CREATE TABLE courses.lesson (
        id serial PRIMARY KEY,
        course_id integer NOT NULL REFERENCES courses.course (id) ON DELETE CASCADE,
        title varchar(255) NOT NULL,
        description text,
        youtube_video_id varchar(11),
        duration_seconds integer NOT NULL DEFAULT 0 CONSTRAINT lesson_duration_check CHECK (duration_seconds >= 0),
        position integer NOT NULL CONSTRAINT lesson_position_check CHECK (position >= 1),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX lesson_course_position_idx ON courses.lesson (course_id, position, id)`);
    await q.query(`
      CREATE TABLE courses.lesson_progress (
        user_id varchar(128) NOT NULL,
        lesson_id integer NOT NULL REFERENCES courses.lesson (id) ON DELETE CASCADE,
        completed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, lesson_id)
      )`);
    await q.query(`CREATE INDEX lesson_progress_lesson_idx ON courses.lesson_progress (lesson_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS courses.lesson_progress`);
    await q.query(`DROP TABLE IF EXISTS courses.lesson`);
    await q.query(`DROP TABLE IF EXISTS courses.course`);
    await q.query(`DROP TABLE IF EXISTS courses.course_category`);
  }
}
