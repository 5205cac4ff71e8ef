import { Injectable } from '@nestjs/common';
import { AppError, auditBefore, isoText, Outbox } from '@clima/common';
import {
  type AdminAssessment,
  type AdminQuizQuestion,
  type AssessmentAttempt,
  type AssessmentResult,
  type AssessmentSettings,
  type AssessmentSettingsBody,
  type AssessmentStatus,
  type LessonQuiz,
  QUIZ_LIMITS,
  QUIZ_MESSAGES,
  type QuizAnswersBody,
  type QuizQuestionBody,
  type QuizResult,
  type QuizStats,
} from '@clima/contract';
import { coursesError, CoursesError } from '../courses.errors';
import { score, toAdminQuestion, toQuestionView } from './quiz-scoring';
import { type AssessmentAttemptRow, type Pool, type QuestionRow, QuizzesRepository } from './quizzes.repository';

const MOST_MISSED = 10;

/**
 * Lesson quizzes (any number of tries; the first pass publishes `quiz.passed`) and the course's final assessment
 * (questions drawn per attempt, attempts per São Paulo day, an optional time limit kept by the server; the first
 * pass publishes `assessment.passed`, which the certificate waits for). The correct answers leave the service
 * only in the answer to a submission, and in the administrators' editor.
 */
@Injectable()
export class QuizzesService {
  constructor(
    private readonly quizzes: QuizzesRepository,
    private readonly outbox: Outbox,
  ) {}

  // --- the subscriber's lesson quiz -----------------------------------------------------------------

  private async publishedLesson(courseId: number, lessonId: number): Promise<void> {
    if (await this.quizzes.lessonIn(courseId, lessonId, true)) return;
    if (!(await this.quizzes.courseExists(courseId, true))) throw coursesError(CoursesError.CourseNotFound);
    throw coursesError(CoursesError.LessonNotFound);
  }

  async lessonQuiz(courseId: number, lessonId: number, userId: string): Promise<LessonQuiz> {
    await this.publishedLesson(courseId, lessonId);
    const [questions, record] = await Promise.all([this.quizzes.questions({ lessonId }), this.quizzes.quizRecord(userId, lessonId)]);
    return {
      lesson_id: lessonId,
      pass_score: QUIZ_LIMITS.lessonPassScore,
      questions: questions.map(toQuestionView),
      best_score: record.best,
      passed: record.passed,
      attempts: record.attempts,
    };
  }

  async answerLessonQuiz(courseId: number, lessonId: number, userId: string, body: QuizAnswersBody, requestId?: string): Promise<QuizResult> {
    await this.publishedLesson(courseId, lessonId);
    const { result, published } = await this.quizzes.transaction(async (m) => {
      const questions = await this.quizzes.questions({ lessonId }, m);
      if (!questions.length) throw coursesError(CoursesError.QuizNotFound);
      const s = score(questions, body);
      const passed = s.score >= QUIZ_LIMITS.lessonPassScore;
      await this.quizzes.insertQuizAttempt(m, { userId, lessonId, score: s.score, correct: s.correct, total: s.total, passed, answers: s.answers });
      const firstPass = passed && (await this.quizzes.insertQuizPass(m, userId, lessonId, s.score));
      if (firstPass) await this.outbox.write(m, 'quiz.passed', { userId, courseId, lessonId, score: s.score, at: new Date().toISOString() }, requestId);
      const result: QuizResult = { score: s.score, correct: s.correct, total: s.total, passed, first_pass: firstPass, results: s.results };
      return { result, published: firstPass };
    });
    if (published) this.outbox.kick();
    return result;
  }

  // --- the subscriber's assessment ------------------------------------------------------------------

  /** The course's assessment, when the course is published and has one with at least one question. */
  private async publishedAssessment(courseId: number) {
    if (!(await this.quizzes.courseExists(courseId, true))) throw coursesError(CoursesError.CourseNotFound);
    const a = await this.quizzes.assessment(courseId);
    if (!a || (await this.quizzes.countQuestions({ courseId })) === 0) throw coursesError(CoursesError.AssessmentNotFound);
    return a;
  }

  /** Null when the course has no assessment (a course page asks for every course). */
  async assessmentStatus(courseId: number, userId: string): Promise<AssessmentStatus | null> {
    const a = await this.publishedAssessment(courseId).catch((err: unknown) => {
      if (err instanceof Error && 'code' in err && err.code === CoursesError.AssessmentNotFound) return null;
      throw err;
    });
    if (!a) return null;
    const [today, record, open, lessonsCompleted] = await Promise.all([
      this.quizzes.attemptsToday(userId, courseId),
      this.quizzes.assessmentRecord(userId, courseId),
      this.quizzes.openAttempt(userId, courseId, 0),
      this.quizzes.lessonsCompleted(userId, courseId),
    ]);
    return {
      course_id: courseId,
      questions_per_attempt: a.questions_per_attempt,
      passing_score: a.passing_score,
      attempts_per_day: a.attempts_per_day,
      time_limit_minutes: a.time_limit_minutes,
      attempts_today: today,
      attempts_left_today: Math.max(0, a.attempts_per_day - today),
      passed: record.passed,
      best_score: record.best,
      open_attempt_id: open?.id ?? null,
      lessons_completed: lessonsCompleted,
    };
  }

  /**
   * Starts an attempt: draws the questions and, with a time limit, sets the deadline. An attempt still open
   * (not submitted, time not over) is answered again instead, with the same questions: reloading the page
   * neither draws new questions nor spends another attempt. Every attempt started counts for the day.
   */
  async startAttempt(courseId: number, userId: string): Promise<{ attempt: AssessmentAttempt; created: boolean }> {
    const a = await this.publishedAssessment(courseId);
    const { row, created } = await this.quizzes.transaction(async (m) => {
      await this.quizzes.lockUserCourse(m, userId, courseId);
      const open = await this.quizzes.openAttempt(userId, courseId, 0, m);
      if (open) return { row: open, created: false };
      const today = await this.quizzes.attemptsToday(userId, courseId, m);
      if (today >= a.attempts_per_day) throw AppError.tooMany(QUIZ_MESSAGES.attemptsExhausted(a.attempts_per_day)).retryAfter(await this.quizzes.secondsToTomorrow());
      const ids = await this.quizzes.draw(m, courseId, a.questions_per_attempt);
      if (!ids.length) throw coursesError(CoursesError.EmptyPool);
      return { row: await this.quizzes.insertAttempt(m, userId, courseId, ids, a.time_limit_minutes), created: true };
    });
    return { attempt: await this.attemptView(row), created };
  }

  private async attemptView(row: AssessmentAttemptRow): Promise<AssessmentAttempt> {
    const byId = new Map((await this.quizzes.questionsByIds(row.question_ids)).map((q) => [q.id, q]));
    return {
      id: row.id,
      course_id: row.course_id,
      // a question deleted from the pool meanwhile is left out
      questions: row.question_ids.flatMap((id) => (byId.has(id) ? [toQuestionView(byId.get(id)!)] : [])),
      started_at: isoText(row.started_at),
      deadline: row.deadline ? isoText(row.deadline) : null,
      seconds_left: await this.quizzes.secondsLeft(row.deadline),
    };
  }

  /**
   * Scores an attempt, once. Answers that arrive more than `QUIZ_LIMITS.graceSeconds` after the deadline are
   * not scored: the attempt is recorded as expired, score 0, not passed (the correct answers are then shown, as
   * after any submission). The first pass records the score for the certificate and publishes `assessment.passed`.
   */
  async submitAttempt(courseId: number, attemptId: number, userId: string, body: QuizAnswersBody, requestId?: string): Promise<AssessmentResult> {
    const a = await this.publishedAssessment(courseId);
    const { result, published } = await this.quizzes.transaction(async (m) => {
      await this.quizzes.lockUserCourse(m, userId, courseId);
      const attempt = await this.quizzes.lockAttempt(m, attemptId, userId, courseId);
      if (!attempt) throw coursesError(CoursesError.AttemptNotFound);
      if (attempt.submitted_at) throw coursesError(CoursesError.AttemptClosed);
      const byId = new Map((await this.quizzes.questionsByIds(attempt.question_ids, m)).map((q) => [q.id, q]));
      const questions = attempt.question_ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])) as QuestionRow[];
      const expired = await this.quizzes.isLate(m, attempt.id, QUIZ_LIMITS.graceSeconds);
      const s = score(questions, body, expired);
      const passed = !expired && s.score >= a.passing_score;
      await this.quizzes.submitAttempt(m, attempt.id, { expired, score: s.score, correct: s.correct, total: s.total, passed, answers: s.answers });
      const firstPass = passed && (await this.quizzes.insertAssessmentPass(m, userId, courseId, s.score));
      if (firstPass) await this.outbox.write(m, 'assessment.passed', { userId, courseId, score: s.score, at: new Date().toISOString() }, requestId);
      const today = await this.quizzes.attemptsToday(userId, courseId, m);
      const result: AssessmentResult = {
        score: s.score,
        correct: s.correct,
        total: s.total,
        passed,
        expired,
        passing_score: a.passing_score,
        attempts_left_today: Math.max(0, a.attempts_per_day - today),
        results: s.results,
      };
      return { result, published: firstPass };
    });
    if (published) this.outbox.kick();
    return result;
  }

  // --- administrators -------------------------------------------------------------------------------

  private async poolExists(pool: Pool): Promise<void> {
    if ('lessonId' in pool) {
      if (!(await this.quizzes.lessonExists(pool.lessonId))) throw coursesError(CoursesError.LessonNotFound);
    } else if (!(await this.quizzes.courseExists(pool.courseId, false))) throw coursesError(CoursesError.CourseNotFound);
  }

  async adminQuestions(pool: Pool): Promise<AdminQuizQuestion[]> {
    await this.poolExists(pool);
    return (await this.quizzes.questions(pool)).map(toAdminQuestion);
  }

  async addQuestion(pool: Pool, body: QuizQuestionBody): Promise<AdminQuizQuestion> {
    await this.poolExists(pool);
    const row = await this.quizzes.transaction(async (m) => {
      await this.quizzes.lockPool(m, pool);
      if ((await this.quizzes.countQuestions(pool, m)) >= QUIZ_LIMITS.maxQuestions) throw AppError.badRequest(`No máximo ${QUIZ_LIMITS.maxQuestions} questões`);
      return this.quizzes.insertQuestion(m, pool, stored(body));
    });
    return toAdminQuestion(row);
  }

  async updateQuestion(id: number, body: QuizQuestionBody): Promise<AdminQuizQuestion> {
    const before = await this.quizzes.question(id);
    if (!before) throw coursesError(CoursesError.QuizQuestionNotFound);
    auditBefore(toAdminQuestion(before));
    const row = await this.quizzes.transaction((m) => this.quizzes.updateQuestion(m, id, stored(body)));
    if (!row) throw coursesError(CoursesError.QuizQuestionNotFound);
    return toAdminQuestion(row);
  }

  async removeQuestion(id: number): Promise<void> {
    const q = await this.quizzes.question(id);
    if (!q) throw coursesError(CoursesError.QuizQuestionNotFound);
    auditBefore(toAdminQuestion(q));
    const pool: Pool = q.lesson_id !== null ? { lessonId: q.lesson_id } : { courseId: q.course_id! };
    await this.quizzes.transaction(async (m) => {
      await this.quizzes.lockPool(m, pool);
      const now = await this.quizzes.question(id, m);
      if (now) await this.quizzes.deleteQuestion(m, now);
    });
  }

  async reorder(pool: Pool, ids: number[]): Promise<AdminQuizQuestion[]> {
    await this.poolExists(pool);
    await this.quizzes.transaction(async (m) => {
      await this.quizzes.lockPool(m, pool);
      const rows = await this.quizzes.questions(pool, m);
      auditBefore(rows.map(toAdminQuestion));
      const current = rows.map((q) => q.id);
      const same = ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
      if (!same) throw coursesError(CoursesError.QuizOrderMismatch);
      await this.quizzes.reorder(m, ids);
    });
    return this.adminQuestions(pool);
  }

  async adminAssessment(courseId: number): Promise<AdminAssessment> {
    await this.poolExists({ courseId });
    const [settings, questions] = await Promise.all([this.quizzes.assessment(courseId), this.quizzes.questions({ courseId })]);
    return { settings: settings ?? null, questions: questions.map(toAdminQuestion) };
  }

  async saveAssessment(courseId: number, body: AssessmentSettingsBody): Promise<AssessmentSettings> {
    await this.poolExists({ courseId });
    const before = await this.quizzes.assessment(courseId);
    if (before) auditBefore(before);
    return this.quizzes.upsertAssessment({ course_id: courseId, ...body });
  }

  /** Removes the assessment's rules (the certificate no longer waits for it); the pool's questions stay for a later one. */
  async removeAssessment(courseId: number): Promise<void> {
    await this.poolExists({ courseId });
    const before = await this.quizzes.assessment(courseId);
    if (!before) throw coursesError(CoursesError.AssessmentNotFound);
    auditBefore(before);
    await this.quizzes.deleteAssessment(courseId);
  }

  async stats(pool: Pool): Promise<QuizStats> {
    await this.poolExists(pool);
    const [s, missed] = await Promise.all([this.quizzes.stats(pool), this.quizzes.mostMissed(pool, MOST_MISSED)]);
    return {
      attempts: s.attempts,
      users: s.users,
      pass_rate: s.attempts ? Math.round((100 * s.passed) / s.attempts) : null,
      average_score: s.average === null ? null : Math.round(s.average * 10) / 10,
      most_missed: missed.map((q) => ({ ...q, missed_rate: Math.round((100 * q.missed) / q.answered) })),
    };
  }
}

/** The body as stored: options numbered 1..n in the order given. */
function stored(body: QuizQuestionBody) {
  return {
    kind: body.kind,
    prompt: body.prompt,
    image_url: body.image_url,
    explanation: body.explanation,
    options: body.options.map((o, i) => ({ id: i + 1, text: o.text, correct: o.correct })),
  };
}
