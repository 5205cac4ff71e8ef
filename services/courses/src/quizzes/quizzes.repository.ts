import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { execute, queryOne, queryRows, Queryable, toNumber, withTransaction } from '@clima/common';
import { DataSource, EntityManager } from 'typeorm';

/** An option as stored (jsonb): its id is stable within the question. */
export interface StoredOption {
  id: number;
  text: string;
  correct: boolean;
}

export interface QuestionRow {
  id: number;
  lesson_id: number | null;
  course_id: number | null;
  kind: 'single' | 'multiple';
  prompt: string;
  image_url: string | null;
  explanation: string | null;
  options: StoredOption[];
  position: number;
  created_at: Date;
  updated_at: Date;
}

/** One answered question as kept with an attempt (for the statistics and the LGPD export). */
export interface StoredAnswer {
  question_id: number;
  option_ids: number[];
  correct: boolean;
}

export interface AssessmentRow {
  course_id: number;
  questions_per_attempt: number;
  passing_score: number;
  attempts_per_day: number;
  time_limit_minutes: number | null;
}

export interface AssessmentAttemptRow {
  id: number;
  user_id: string;
  course_id: number;
  question_ids: number[];
  day: string;
  started_at: Date;
  deadline: Date | null;
  submitted_at: Date | null;
  expired: boolean;
  score: number | null;
  passed: boolean | null;
}

/** The owner of a question pool: a lesson's quiz or a course's assessment. */
export type Pool = { lessonId: number } | { courseId: number };

const Q_COLUMNS = `q.id, q.lesson_id, q.course_id, q.kind, q.prompt, q.image_url, q.explanation, q.options, q.position, q.created_at, q.updated_at`;
const A_COLUMNS = `a.id::int AS id, a.user_id, a.course_id, a.question_ids, a.day::text AS day, a.started_at, a.deadline, a.submitted_at, a.expired, a.score, a.passed`;
const SP_TODAY = `(now() AT TIME ZONE 'America/Sao_Paulo')::date`;
/** `lesson_id = $1` or `course_id = $1` for a pool. */
const poolWhere = (p: Pool) => ('lessonId' in p ? 'q.lesson_id = $1' : 'q.course_id = $1');
const poolId = (p: Pool) => ('lessonId' in p ? p.lessonId : p.courseId);

/** `courses.quiz_*` and `courses.assessment*`: questions, attempts, passes. */
@Injectable()
export class QuizzesRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return withTransaction(this.ds, work);
  }

  // --- where things are -----------------------------------------------------------------------------

  /** The lesson's course, when the lesson is in that course (published only when asked). */
  lessonIn(courseId: number, lessonId: number, publishedOnly: boolean): Promise<{ id: number } | undefined> {
    return queryOne(
      this.ds,
      `SELECT l.id FROM courses.lesson l JOIN courses.course c ON c.id = l.course_id WHERE l.id = $2 AND c.id = $1 ${publishedOnly ? 'AND c.is_published' : ''}`,
      [courseId, lessonId],
    );
  }

  async courseExists(courseId: number, publishedOnly: boolean): Promise<boolean> {
    return !!(await queryOne(this.ds, `SELECT id FROM courses.course WHERE id = $1 ${publishedOnly ? 'AND is_published' : ''}`, [courseId]));
  }

  async lessonExists(lessonId: number): Promise<boolean> {
    return !!(await queryOne(this.ds, `SELECT id FROM courses.lesson WHERE id = $1`, [lessonId]));
  }

  // --- questions ------------------------------------------------------------------------------------

  questions(pool: Pool, db: Queryable = this.ds): Promise<QuestionRow[]> {
    return queryRows<QuestionRow>(db, `SELECT ${Q_COLUMNS} FROM courses.quiz_question q WHERE ${poolWhere(pool)} ORDER BY q.position, q.id`, [poolId(pool)]);
  }

  questionsByIds(ids: number[], db: Queryable = this.ds): Promise<QuestionRow[]> {
    return queryRows<QuestionRow>(db, `SELECT ${Q_COLUMNS} FROM courses.quiz_question q WHERE q.id = ANY($1::int[])`, [ids]);
  }

  question(id: number, db: Queryable = this.ds): Promise<QuestionRow | undefined> {
    return queryOne<QuestionRow>(db, `SELECT ${Q_COLUMNS} FROM courses.quiz_question q WHERE q.id = $1`, [id]);
  }

  async countQuestions(pool: Pool, db: Queryable = this.ds): Promise<number> {
    return (await queryOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM courses.quiz_question q WHERE ${poolWhere(pool)}`, [poolId(pool)]))?.n ?? 0;
  }

  /** Serialises the edits of one pool (positions move). */
  async lockPool(m: EntityManager, pool: Pool): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`quiz-pool:${'lessonId' in pool ? 'l' : 'c'}:${poolId(pool)}`]);
  }

  async insertQuestion(
    m: EntityManager,
    pool: Pool,
    q: { kind: string; prompt: string; image_url: string | null; explanation: string | null; options: StoredOption[] },
  ): Promise<QuestionRow> {
    const lessonId = 'lessonId' in pool ? pool.lessonId : null;
    const courseId = 'courseId' in pool ? pool.courseId : null;
    const row = await queryOne<QuestionRow>(
      m,
      `INSERT INTO courses.quiz_question AS q (lesson_id, course_id, kind, prompt, image_url, explanation, options, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb,
               (SELECT coalesce(max(position), 0) + 1 FROM courses.quiz_question WHERE ${lessonId !== null ? 'lesson_id = $1' : 'course_id = $2'}))
       RETURNING ${Q_COLUMNS}`,
      [lessonId, courseId, q.kind, q.prompt, q.image_url, q.explanation, JSON.stringify(q.options)],
    );
    return row!;
  }

  async updateQuestion(
    m: EntityManager,
    id: number,
    q: { kind: string; prompt: string; image_url: string | null; explanation: string | null; options: StoredOption[] },
  ): Promise<QuestionRow | undefined> {
    return queryOne<QuestionRow>(
      m,
      `UPDATE courses.quiz_question AS q SET kind = $2, prompt = $3, image_url = $4, explanation = $5, options = $6::jsonb, updated_at = now()
        WHERE q.id = $1 RETURNING ${Q_COLUMNS}`,
      [id, q.kind, q.prompt, q.image_url, q.explanation, JSON.stringify(q.options)],
    );
  }

  /** Deletes the question and closes the gap in its pool's positions. */
  async deleteQuestion(m: EntityManager, q: QuestionRow): Promise<void> {
    await execute(m, `DELETE FROM courses.quiz_question WHERE id = $1`, [q.id]);
    const [col, owner] = q.lesson_id !== null ? ['lesson_id', q.lesson_id] : ['course_id', q.course_id];
    await execute(m, `UPDATE courses.quiz_question SET position = position - 1 WHERE ${col} = $1 AND position > $2`, [owner, q.position]);
  }

  async reorder(m: EntityManager, ids: number[]): Promise<void> {
    await m.query(
      `UPDATE courses.quiz_question q SET position = t.ord, updated_at = now()
         FROM unnest($1::int[]) WITH ORDINALITY AS t(id, ord) WHERE q.id = t.id AND q.position <> t.ord`,
      [ids],
    );
  }

  /** Whether any question still shows this image (an upload no question uses may go). */
  async imageUsed(url: string): Promise<boolean> {
    return !!(await queryOne(this.ds, `SELECT 1 FROM courses.quiz_question WHERE image_url = $1 LIMIT 1`, [url]));
  }

  // --- lesson quiz attempts -------------------------------------------------------------------------

  async insertQuizAttempt(
    m: EntityManager,
    a: { userId: string; lessonId: number; score: number; correct: number; total: number; passed: boolean; answers: StoredAnswer[] },
  ): Promise<void> {
    await execute(
      m,
      `INSERT INTO courses.quiz_attempt (user_id, lesson_id, score, correct, total, passed, answers) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
      [a.userId, a.lessonId, a.score, a.correct, a.total, a.passed, JSON.stringify(a.answers)],
    );
  }

  /** Records the first pass; true when this was it. */
  async insertQuizPass(m: EntityManager, userId: string, lessonId: number, score: number): Promise<boolean> {
    return !!(await queryOne(m, `INSERT INTO courses.quiz_pass (user_id, lesson_id, score) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING user_id`, [userId, lessonId, score]));
  }

  async quizRecord(userId: string, lessonId: number): Promise<{ attempts: number; best: number | null; passed: boolean }> {
    const row = await queryOne<{ attempts: number; best: number | null; passed: boolean }>(
      this.ds,
      `SELECT count(*)::int AS attempts, max(score) AS best, EXISTS (SELECT 1 FROM courses.quiz_pass WHERE user_id = $1 AND lesson_id = $2) AS passed
         FROM courses.quiz_attempt WHERE user_id = $1 AND lesson_id = $2`,
      [userId, lessonId],
    );
    return row ?? { attempts: 0, best: null, passed: false };
  }

  // --- the assessment -------------------------------------------------------------------------------

  assessment(courseId: number, db: Queryable = this.ds): Promise<AssessmentRow | undefined> {
    return queryOne<AssessmentRow>(
      db,
      `SELECT course_id, questions_per_attempt, passing_score, attempts_per_day, time_limit_minutes FROM courses.assessment WHERE course_id = $1`,
      [courseId],
    );
  }

  async upsertAssessment(s: AssessmentRow): Promise<AssessmentRow> {
    const row = await queryOne<AssessmentRow>(
      this.ds,
      `INSERT INTO courses.assessment (course_id, questions_per_attempt, passing_score, attempts_per_day, time_limit_minutes) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (course_id) DO UPDATE SET questions_per_attempt = EXCLUDED.questions_per_attempt, passing_score = EXCLUDED.passing_score,
         attempts_per_day = EXCLUDED.attempts_per_day, time_limit_minutes = EXCLUDED.time_limit_minutes, updated_at = now()
       RETURNING course_id, questions_per_attempt, passing_score, attempts_per_day, time_limit_minutes`,
      [s.course_id, s.questions_per_attempt, s.passing_score, s.attempts_per_day, s.time_limit_minutes],
    );
    return row!;
  }

  async deleteAssessment(courseId: number): Promise<number> {
    return execute(this.ds, `DELETE FROM courses.assessment WHERE course_id = $1`, [courseId]);
  }

  /** Serialises one user's starts and submissions in one course (attempts per day, one open attempt). */
  async lockUserCourse(m: EntityManager, userId: string, courseId: number): Promise<void> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`assessment:${userId}:${courseId}`]);
  }

  /** Attempts the user started today (São Paulo day), submitted or not. */
  async attemptsToday(userId: string, courseId: number, db: Queryable = this.ds): Promise<number> {
    return (
      (await queryOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM courses.assessment_attempt WHERE user_id = $1 AND course_id = $2 AND day = ${SP_TODAY}`, [userId, courseId]))?.n ??
      0
    );
  }

  /** The attempt started and not submitted whose time (with the grace) has not run out. */
  openAttempt(userId: string, courseId: number, graceSeconds: number, db: Queryable = this.ds): Promise<AssessmentAttemptRow | undefined> {
    return queryOne<AssessmentAttemptRow>(
      db,
      `SELECT ${A_COLUMNS} FROM courses.assessment_attempt a
        WHERE a.user_id = $1 AND a.course_id = $2 AND a.submitted_at IS NULL
          AND (a.deadline IS NULL OR a.deadline + make_interval(secs => $3) > now())
        ORDER BY a.started_at DESC LIMIT 1`,
      [userId, courseId, graceSeconds],
    );
  }

  /** Draws `n` questions of the pool at random. */
  async draw(m: EntityManager, courseId: number, n: number): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(m, `SELECT id FROM courses.quiz_question WHERE course_id = $1 ORDER BY random() LIMIT $2`, [courseId, n]);
    return rows.map((r) => r.id);
  }

  async insertAttempt(m: EntityManager, userId: string, courseId: number, questionIds: number[], limitMinutes: number | null): Promise<AssessmentAttemptRow> {
    const row = await queryOne<AssessmentAttemptRow>(
      m,
      `WITH a AS (
         INSERT INTO courses.assessment_attempt (user_id, course_id, question_ids, day, deadline)
         VALUES ($1, $2, $3::int[], ${SP_TODAY}, CASE WHEN $4::int IS NULL THEN NULL ELSE now() + make_interval(mins => $4::int) END)
         RETURNING *)
       SELECT ${A_COLUMNS} FROM a`,
      [userId, courseId, questionIds, limitMinutes],
    );
    return row!;
  }

  lockAttempt(m: EntityManager, id: number, userId: string, courseId: number): Promise<AssessmentAttemptRow | undefined> {
    return queryOne<AssessmentAttemptRow>(m, `SELECT ${A_COLUMNS} FROM courses.assessment_attempt a WHERE a.id = $1 AND a.user_id = $2 AND a.course_id = $3 FOR UPDATE`, [
      id,
      userId,
      courseId,
    ]);
  }

  /** Whether the deadline (plus the grace) has passed, by the database's clock. */
  async isLate(m: EntityManager, id: number, graceSeconds: number): Promise<boolean> {
    const row = await queryOne<{ late: boolean }>(
      m,
      `SELECT (deadline IS NOT NULL AND deadline + make_interval(secs => $2) < now()) AS late FROM courses.assessment_attempt WHERE id = $1`,
      [id, graceSeconds],
    );
    return !!row?.late;
  }

  async secondsLeft(deadline: Date | null): Promise<number | null> {
    if (!deadline) return null;
    const row = await queryOne<{ s: number }>(this.ds, `SELECT greatest(0, floor(extract(epoch FROM $1::timestamptz - now())))::int AS s`, [deadline]);
    return row?.s ?? 0;
  }

  async submitAttempt(
    m: EntityManager,
    id: number,
    r: { expired: boolean; score: number; correct: number; total: number; passed: boolean; answers: StoredAnswer[] },
  ): Promise<void> {
    await execute(
      m,
      `UPDATE courses.assessment_attempt SET submitted_at = now(), expired = $2, score = $3, correct = $4, total = $5, passed = $6, answers = $7::jsonb WHERE id = $1`,
      [id, r.expired, r.score, r.correct, r.total, r.passed, JSON.stringify(r.answers)],
    );
  }

  async insertAssessmentPass(m: EntityManager, userId: string, courseId: number, score: number): Promise<boolean> {
    return !!(await queryOne(m, `INSERT INTO courses.assessment_pass (user_id, course_id, score) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING user_id`, [userId, courseId, score]));
  }

  async assessmentRecord(userId: string, courseId: number): Promise<{ best: number | null; passed: boolean }> {
    const row = await queryOne<{ best: number | null; passed: boolean }>(
      this.ds,
      `SELECT (SELECT max(score) FROM courses.assessment_attempt WHERE user_id = $1 AND course_id = $2 AND submitted_at IS NOT NULL) AS best,
              EXISTS (SELECT 1 FROM courses.assessment_pass WHERE user_id = $1 AND course_id = $2) AS passed`,
      [userId, courseId],
    );
    return row ?? { best: null, passed: false };
  }

  async lessonsCompleted(userId: string, courseId: number): Promise<boolean> {
    const row = await queryOne<{ lessons: number; done: number }>(
      this.ds,
      `SELECT count(l.id)::int AS lessons, count(p.lesson_id)::int AS done
         FROM courses.lesson l LEFT JOIN courses.lesson_progress p ON p.lesson_id = l.id AND p.user_id = $1 WHERE l.course_id = $2`,
      [userId, courseId],
    );
    return !!row && row.lessons > 0 && row.done >= row.lessons;
  }

  /** Seconds until the next São Paulo midnight (a 429's Retry-After). */
  async secondsToTomorrow(): Promise<number> {
    const row = await queryOne<{ s: string }>(
      this.ds,
      `SELECT extract(epoch FROM ((${SP_TODAY} + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo') - now()) AS s`,
    );
    return toNumber(row?.s ?? 60);
  }

  // --- statistics -----------------------------------------------------------------------------------

  /** Attempts, users, pass rate and average score of a lesson quiz or an assessment (submitted attempts). */
  async stats(pool: Pool): Promise<{ attempts: number; users: number; passed: number; average: number | null }> {
    const sql =
      'lessonId' in pool
        ? `SELECT count(*)::int AS attempts, count(DISTINCT user_id)::int AS users, count(*) FILTER (WHERE passed)::int AS passed, avg(score)::float AS average
             FROM courses.quiz_attempt WHERE lesson_id = $1`
        : `SELECT count(*)::int AS attempts, count(DISTINCT user_id)::int AS users, count(*) FILTER (WHERE passed)::int AS passed, avg(score)::float AS average
             FROM courses.assessment_attempt WHERE course_id = $1 AND submitted_at IS NOT NULL`;
    return (await queryOne(this.ds, sql, [poolId(pool)]))!;
  }

  /** Per question of the pool: how often it was answered and missed, most missed first. */
  mostMissed(pool: Pool, limit: number): Promise<{ question_id: number; prompt: string; answered: number; missed: number }[]> {
    const attempts =
      'lessonId' in pool
        ? `SELECT answers FROM courses.quiz_attempt WHERE lesson_id = $1`
        : `SELECT answers FROM courses.assessment_attempt WHERE course_id = $1 AND submitted_at IS NOT NULL AND NOT expired`;
    return queryRows(
      this.ds,
      `WITH a AS (SELECT (x->>'question_id')::int AS question_id, (x->>'correct')::boolean AS correct FROM (${attempts}) t, jsonb_array_elements(t.answers) x)
       SELECT q.id AS question_id, q.prompt, count(a.question_id)::int AS answered, count(*) FILTER (WHERE a.correct = false)::int AS missed
         FROM courses.quiz_question q JOIN a ON a.question_id = q.id
        WHERE ${poolWhere(pool)}
        GROUP BY q.id, q.prompt
       HAVING count(*) FILTER (WHERE a.correct = false) > 0
        ORDER BY count(*) FILTER (WHERE a.correct = false)::float / count(a.question_id) DESC, missed DESC, q.position
        LIMIT $2`,
      [poolId(pool), limit],
    );
  }

  // --- LGPD -----------------------------------------------------------------------------------------

  quizAttemptsOf(userId: string): Promise<Record<string, unknown>[]> {
    return queryRows(
      this.ds,
      `SELECT c.id AS course_id, c.title AS course_title, l.id AS lesson_id, l.title AS lesson_title, a.score, a.correct, a.total, a.passed, a.answers, a.created_at
         FROM courses.quiz_attempt a JOIN courses.lesson l ON l.id = a.lesson_id JOIN courses.course c ON c.id = l.course_id
        WHERE a.user_id = $1 ORDER BY a.created_at, a.id`,
      [userId],
    );
  }

  assessmentAttemptsOf(userId: string): Promise<Record<string, unknown>[]> {
    return queryRows(
      this.ds,
      `SELECT c.id AS course_id, c.title AS course_title, a.started_at, a.deadline, a.submitted_at, a.expired, a.score, a.correct, a.total, a.passed, coalesce(a.answers, '[]'::jsonb) AS answers
         FROM courses.assessment_attempt a JOIN courses.course c ON c.id = a.course_id
        WHERE a.user_id = $1 ORDER BY a.started_at, a.id`,
      [userId],
    );
  }

  /** `user.deleted`: every attempt and pass of the user. */
  removeUser(userId: string): Promise<number> {
    return this.transaction(async (m) => {
      let n = 0;
      for (const t of ['quiz_attempt', 'quiz_pass', 'assessment_attempt', 'assessment_pass']) n += await execute(m, `DELETE FROM courses.${t} WHERE user_id = $1`, [userId]);
      return n;
    });
  }
}
