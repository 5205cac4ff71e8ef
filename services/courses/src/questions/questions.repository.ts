import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { execute, queryOne, queryRows, type Queryable, withTransaction } from '@clima/common';
import { DataSource, EntityManager } from 'typeorm';

/** A question with where it is and whether it is answered. */
export interface QuestionRow {
  id: number;
  lesson_id: number;
  course_id: number;
  lesson_title: string;
  course_title: string;
  course_published: boolean;
  user_id: string | null;
  author_name: string | null;
  author_removed_at: Date | null;
  body: string;
  photo_key: string | null;
  photo_type: string | null;
  accepted_reply_id: number | null;
  hidden_at: Date | null;
  created_at: Date;
  edited_at: Date | null;
  answered: boolean;
}

export interface ReplyRow {
  id: number;
  question_id: number;
  user_id: string | null;
  admin_id: string | null;
  author_name: string | null;
  author_removed_at: Date | null;
  is_instructor: boolean;
  body: string;
  hidden_at: Date | null;
  created_at: Date;
  edited_at: Date | null;
}

export interface LessonPlace {
  lesson_id: number;
  lesson_title: string;
  course_id: number;
  course_title: string;
}

/** Answered: an instructor's visible reply, or a reply marked as the answer. */
const ANSWERED = `(q.accepted_reply_id IS NOT NULL OR EXISTS (
  SELECT 1 FROM courses.lesson_question_reply r WHERE r.question_id = q.id AND r.is_instructor AND r.hidden_at IS NULL))`;

const QUESTION = `
  SELECT q.id, q.lesson_id, l.course_id, l.title AS lesson_title, c.title AS course_title, c.is_published AS course_published,
         q.user_id, q.author_name, q.author_removed_at, q.body, q.photo_key, q.photo_type, q.accepted_reply_id,
         q.hidden_at, q.created_at, q.edited_at, ${ANSWERED} AS answered
    FROM courses.lesson_question q
    JOIN courses.lesson l ON l.id = q.lesson_id
    JOIN courses.course c ON c.id = l.course_id`;

const REPLY_COLUMNS = `id, question_id, user_id, admin_id, author_name, author_removed_at, is_instructor, body, hidden_at, created_at, edited_at`;

/** The 'Dúvidas' tables (SQL, no entities). */
@Injectable()
export class QuestionsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return withTransaction(this.ds, work);
  }

  /** The lesson, when it belongs to that course and the course is published. */
  lessonOfPublishedCourse(courseId: number, lessonId: number): Promise<LessonPlace | undefined> {
    return queryOne<LessonPlace>(
      this.ds,
      `SELECT l.id AS lesson_id, l.title AS lesson_title, c.id AS course_id, c.title AS course_title
         FROM courses.lesson l JOIN courses.course c ON c.id = l.course_id
        WHERE l.id = $1 AND c.id = $2 AND c.is_published`,
      [lessonId, courseId],
    );
  }

  questionsOfLesson(lessonId: number, withHidden: boolean): Promise<QuestionRow[]> {
    return queryRows<QuestionRow>(this.ds, `${QUESTION} WHERE q.lesson_id = $1 ${withHidden ? '' : 'AND q.hidden_at IS NULL'} ORDER BY q.created_at DESC, q.id DESC`, [lessonId]);
  }

  findQuestion(id: number, db: Queryable = this.ds): Promise<QuestionRow | undefined> {
    return queryOne<QuestionRow>(db, `${QUESTION} WHERE q.id = $1`, [id]);
  }

  /** Oldest first; `unansweredOnly` leaves out hidden and answered questions. */
  adminList(unansweredOnly: boolean, limit: number): Promise<QuestionRow[]> {
    const where = unansweredOnly ? `WHERE q.hidden_at IS NULL AND NOT ${ANSWERED}` : '';
    return queryRows<QuestionRow>(this.ds, `${QUESTION} ${where} ORDER BY q.created_at ${unansweredOnly ? 'ASC' : 'DESC'}, q.id LIMIT $1`, [limit]);
  }

  async unansweredCount(): Promise<number> {
    const row = await queryOne<{ n: string }>(this.ds, `SELECT count(*) AS n FROM courses.lesson_question q WHERE q.hidden_at IS NULL AND NOT ${ANSWERED}`);
    return Number(row?.n ?? 0);
  }

  repliesOf(questionIds: number[], withHidden: boolean): Promise<ReplyRow[]> {
    if (questionIds.length === 0) return Promise.resolve([]);
    return queryRows<ReplyRow>(
      this.ds,
      `SELECT ${REPLY_COLUMNS} FROM courses.lesson_question_reply WHERE question_id = ANY($1::int[]) ${withHidden ? '' : 'AND hidden_at IS NULL'} ORDER BY created_at, id`,
      [questionIds],
    );
  }

  findReply(id: number, db: Queryable = this.ds): Promise<ReplyRow | undefined> {
    return queryOne<ReplyRow>(db, `SELECT ${REPLY_COLUMNS} FROM courses.lesson_question_reply WHERE id = $1`, [id]);
  }

  async insertQuestion(q: { lessonId: number; userId: string; authorName: string | null; body: string }): Promise<number> {
    const row = await queryOne<{ id: number }>(
      this.ds,
      `INSERT INTO courses.lesson_question (lesson_id, user_id, author_name, body) VALUES ($1, $2, $3, $4) RETURNING id`,
      [q.lessonId, q.userId, q.authorName, q.body],
    );
    return row!.id;
  }

  async insertReply(m: EntityManager, r: { questionId: number; userId: string | null; adminId: string | null; authorName: string | null; isInstructor: boolean; body: string }): Promise<number> {
    const row = await queryOne<{ id: number }>(
      m,
      `INSERT INTO courses.lesson_question_reply (question_id, user_id, admin_id, author_name, is_instructor, body) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [r.questionId, r.userId, r.adminId, r.authorName, r.isInstructor, r.body],
    );
    return row!.id;
  }

  async editQuestion(id: number, body: string): Promise<void> {
    await execute(this.ds, `UPDATE courses.lesson_question SET body = $2, edited_at = now() WHERE id = $1`, [id, body]);
  }

  async editReply(id: number, body: string): Promise<void> {
    await execute(this.ds, `UPDATE courses.lesson_question_reply SET body = $2, edited_at = now() WHERE id = $1`, [id, body]);
  }

  async setPhoto(id: number, key: string, type: string): Promise<void> {
    await execute(this.ds, `UPDATE courses.lesson_question SET photo_key = $2, photo_type = $3 WHERE id = $1`, [id, key, type]);
  }

  async setAccepted(id: number, replyId: number | null): Promise<void> {
    await execute(this.ds, `UPDATE courses.lesson_question SET accepted_reply_id = $2 WHERE id = $1`, [id, replyId]);
  }

  async setQuestionHidden(id: number, hidden: boolean): Promise<void> {
    await execute(this.ds, `UPDATE courses.lesson_question SET hidden_at = CASE WHEN $2 THEN coalesce(hidden_at, now()) END WHERE id = $1`, [id, hidden]);
  }

  async setReplyHidden(id: number, hidden: boolean): Promise<void> {
    await execute(this.ds, `UPDATE courses.lesson_question_reply SET hidden_at = CASE WHEN $2 THEN coalesce(hidden_at, now()) END WHERE id = $1`, [id, hidden]);
  }

  async deleteQuestion(id: number): Promise<void> {
    await execute(this.ds, `DELETE FROM courses.lesson_question WHERE id = $1`, [id]);
  }

  async deleteReply(id: number): Promise<void> {
    await execute(this.ds, `DELETE FROM courses.lesson_question_reply WHERE id = $1`, [id]);
  }

  // --- LGPD ---------------------------------------------------------------------------------------

  questionsOfUser(userId: string): Promise<QuestionRow[]> {
    return queryRows<QuestionRow>(this.ds, `${QUESTION} WHERE q.user_id = $1 ORDER BY q.created_at, q.id`, [userId]);
  }

  repliesOfUser(userId: string): Promise<(ReplyRow & { lesson_id: number; lesson_title: string })[]> {
    return queryRows(
      this.ds,
      `SELECT r.id, r.question_id, r.body, r.hidden_at, r.created_at, r.edited_at, q.lesson_id, l.title AS lesson_title
         FROM courses.lesson_question_reply r
         JOIN courses.lesson_question q ON q.id = r.question_id
         JOIN courses.lesson l ON l.id = q.lesson_id
        WHERE r.user_id = $1 ORDER BY r.created_at, r.id`,
      [userId],
    );
  }

  /**
   * A deleted account: its questions and replies stay, as 'Usuário removido' (no id, no name), so the threads
   * stay readable for the others; its photos go. Answers the photo keys to delete from the storage.
   */
  removeUser(userId: string): Promise<{ photos: string[]; questions: number; replies: number }> {
    return this.transaction(async (m) => {
      const photos = await queryRows<{ photo_key: string }>(m, `SELECT photo_key FROM courses.lesson_question WHERE user_id = $1 AND photo_key IS NOT NULL`, [userId]);
      const questions = await execute(
        m,
        `UPDATE courses.lesson_question SET user_id = NULL, author_name = NULL, author_removed_at = now(), photo_key = NULL, photo_type = NULL WHERE user_id = $1`,
        [userId],
      );
      const replies = await execute(m, `UPDATE courses.lesson_question_reply SET user_id = NULL, author_name = NULL, author_removed_at = now() WHERE user_id = $1`, [userId]);
      return { photos: photos.map((p) => p.photo_key), questions, replies };
    });
  }
}
