import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * 'Dúvidas' under each lesson: questions (plain text, an optional photo kept in the storage) and their replies.
 * `user_id` null + `author_removed_at` set: the author's account was deleted and the message stays as
 * 'Usuário removido' (its photo deleted). `admin_id` names the administrator of an instructor's reply.
 */
export class LessonQuestions1820000000001 implements MigrationInterface {
  name = 'LessonQuestions1820000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE courses.lesson_question (
        id serial PRIMARY KEY,
        lesson_id integer NOT NULL REFERENCES courses.lesson(id) ON DELETE CASCADE,
        user_id text,
        author_name text,
        author_removed_at timestamptz,
        body text NOT NULL CONSTRAINT lesson_question_body_check CHECK (char_length(body) BETWEEN 1 AND 4000),
        photo_key text,
        photo_type text,
        accepted_reply_id integer,
        hidden_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        edited_at timestamptz
      )`);
    await q.query(`CREATE INDEX lesson_question_lesson_idx ON courses.lesson_question (lesson_id, created_at)`);
    await q.query(`CREATE INDEX lesson_question_user_idx ON courses.lesson_question (user_id) WHERE user_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE courses.lesson_question_reply (
        id serial PRIMARY KEY,
        question_id integer NOT NULL REFERENCES courses.lesson_question(id) ON DELETE CASCADE,
        user_id text,
        admin_id text,
        author_name text,
        author_removed_at timestamptz,
        is_instructor boolean NOT NULL DEFAULT false,
        body text NOT NULL CONSTRAINT lesson_question_reply_body_check CHECK (char_length(body) BETWEEN 1 AND 4000),
        hidden_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        edited_at timestamptz
      )`);
    await q.query(`CREATE INDEX lesson_question_reply_question_idx ON courses.lesson_question_reply (question_id, created_at)`);
    await q.query(`CREATE INDEX lesson_question_reply_user_idx ON courses.lesson_question_reply (user_id) WHERE user_id IS NOT NULL`);
    await q.query(`
      ALTER TABLE courses.lesson_question ADD CONSTRAINT lesson_question_accepted_fk
        FOREIGN KEY (accepted_reply_id) REFERENCES courses.lesson_question_reply(id) ON DELETE SET NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE courses.lesson_question DROP CONSTRAINT lesson_question_accepted_fk`);
    await q.query(`DROP TABLE courses.lesson_question_reply`);
    await q.query(`DROP TABLE courses.lesson_question`);
  }
}
