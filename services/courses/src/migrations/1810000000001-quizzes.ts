import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Lesson quizzes and the course's final assessment (issue 27).
 *
 * - `quiz_question`: a question of a lesson's quiz (`lesson_id`) or of a course assessment's pool (`course_id`),
 *   exactly one of the two; its options with their correct flags as jsonb `[{ id, text, correct }]`.
 * - `quiz_attempt`: every submitted lesson quiz (score, answers with their outcome), `quiz_pass` the first pass
 *   per user and lesson (the fact that earns points).
 * - `assessment`: a course's rules; `assessment_attempt` every attempt started (the drawn questions, the deadline,
 *   and once submitted the answers and the score); `assessment_pass` the first pass per user and course, with its
 *   score (printed on the certificate).
 */
export class Quizzes1810000000001 implements MigrationInterface {
  name = 'Quizzes1810000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE courses.quiz_question (
        id serial PRIMARY KEY,
        lesson_id integer REFERENCES courses.lesson(id) ON DELETE CASCADE,
        course_id integer REFERENCES courses.course(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('single', 'multiple')),
        prompt text NOT NULL,
        image_url text,
        explanation text,
        options jsonb NOT NULL,
        position integer NOT NULL CHECK (position >= 1),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT quiz_question_owner_check CHECK ((lesson_id IS NULL) <> (course_id IS NULL))
      )`);
    await q.query(`CREATE INDEX quiz_question_lesson_idx ON courses.quiz_question (lesson_id, position) WHERE lesson_id IS NOT NULL`);
    await q.query(`CREATE INDEX quiz_question_course_idx ON courses.quiz_question (course_id, position) WHERE course_id IS NOT NULL`);

    await q.query(`
      CREATE TABLE courses.quiz_attempt (
        id bigserial PRIMARY KEY,
        user_id text NOT NULL,
        lesson_id integer NOT NULL REFERENCES courses.lesson(id) ON DELETE CASCADE,
        score integer NOT NULL CHECK (score BETWEEN 0 AND 100),
        correct integer NOT NULL,
        total integer NOT NULL,
        passed boolean NOT NULL,
        answers jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX quiz_attempt_user_idx ON courses.quiz_attempt (user_id, lesson_id)`);
    await q.query(`CREATE INDEX quiz_attempt_lesson_idx ON courses.quiz_attempt (lesson_id)`);
    await q.query(`
      CREATE TABLE courses.quiz_pass (
        user_id text NOT NULL,
        lesson_id integer NOT NULL REFERENCES courses.lesson(id) ON DELETE CASCADE,
        score integer NOT NULL,
        passed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, lesson_id)
      )`);

    await q.query(`
      CREATE TABLE courses.assessment (
        course_id integer PRIMARY KEY REFERENCES courses.course(id) ON DELETE CASCADE,
        questions_per_attempt integer NOT NULL CHECK (questions_per_attempt >= 1),
        passing_score integer NOT NULL CHECK (passing_score BETWEEN 1 AND 100),
        attempts_per_day integer NOT NULL CHECK (attempts_per_day >= 1),
        time_limit_minutes integer CHECK (time_limit_minutes >= 1),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE courses.assessment_attempt (
        id bigserial PRIMARY KEY,
        user_id text NOT NULL,
        course_id integer NOT NULL REFERENCES courses.course(id) ON DELETE CASCADE,
        question_ids integer[] NOT NULL,
        day date NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        deadline timestamptz,
        submitted_at timestamptz,
        expired boolean NOT NULL DEFAULT false,
        score integer CHECK (score BETWEEN 0 AND 100),
        correct integer,
        total integer,
        passed boolean,
        answers jsonb
      )`);
    await q.query(`CREATE INDEX assessment_attempt_user_idx ON courses.assessment_attempt (user_id, course_id, day)`);
    await q.query(`CREATE INDEX assessment_attempt_course_idx ON courses.assessment_attempt (course_id) WHERE submitted_at IS NOT NULL`);
    await q.query(`
      CREATE TABLE courses.assessment_pass (
        user_id text NOT NULL,
        course_id integer NOT NULL REFERENCES courses.course(id) ON DELETE CASCADE,
        score integer NOT NULL,
        passed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, course_id)
      )`);

    // the score of the final assessment on the certificate (null: the course had none when it was issued)
    await q.query(`ALTER TABLE courses.certificate ADD COLUMN assessment_score integer CHECK (assessment_score BETWEEN 0 AND 100)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE courses.certificate DROP COLUMN assessment_score`);
    for (const t of ['assessment_pass', 'assessment_attempt', 'assessment', 'quiz_pass', 'quiz_attempt', 'quiz_question']) await q.query(`DROP TABLE courses.${t}`);
  }
}
