import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp, dataSourceOptions, runMigrations } from '@clima/common';
import { CourseCategoryWithStats, Course, formatTotalDuration, QuizQuestionBody } from '@clima/contract';
import { DataSource, DataSourceOptions } from 'typeorm';
import { psql } from '../../../infra/test/test-env';
import { AppModule } from '../src/app.module';
import { loadCoursesConfig } from '../src/config';
import { entities, migrations, SCHEMA } from '../src/database';
import { DEMO_ASSESSMENTS, DEMO_LESSON_QUIZZES } from '../src/quizzes/demo-quizzes';
import { DEMO_CATEGORIES, seed } from '../src/seed';
import { DEMO_QUESTIONS } from '../src/questions/question-seed';
import { StatsService } from '../src/stats/stats.service';
import { admin, anonymous, userHeaders } from './helpers';

/** The demo data and the dashboard figures, on a database of their own (the seed only fills empty tables). */
describe('demo data', () => {
  const name = `${new URL(process.env.DATABASE_URL!).pathname.slice(1)}_seed`;
  const url = Object.assign(new URL(process.env.DATABASE_URL!), { pathname: `/${name}` }).toString();
  const options = dataSourceOptions({ url, schema: SCHEMA, entities, migrations }) as DataSourceOptions & { schema: string };
  let ds: DataSource;
  let app: NestFastifyApplication;
  const logs: object[] = [];
  const log = { info: (o: object) => void logs.push(o) };

  beforeAll(async () => {
    psql(`CREATE DATABASE ${name}`);
    await runMigrations(options);
    ds = await new DataSource(options).initialize();
    const config = loadCoursesConfig({ ...process.env, DATABASE_URL: url, WORKERS_IN_PROCESS: 'false' });
    app = await createServiceApp(AppModule.forRoot(config), config);
  });
  afterAll(async () => {
    await app?.close();
    await ds?.destroy();
    psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('fills empty tables once, and a second run changes nothing', async () => {
    const first = await seed(ds, log);
    const lessons = DEMO_CATEGORIES.flatMap((c) => c.courses.flatMap((k) => k.lessons));
    expect(first).toEqual({
      categories: DEMO_CATEGORIES.length,
      courses: DEMO_CATEGORIES.flatMap((c) => c.courses).length,
      lessons: lessons.length,
    });
    expect(await seed(ds, log)).toBeNull();
    const [count] = await ds.query(`SELECT count(*)::int AS n FROM courses.course`);
    expect(count.n).toBe(first!.courses);

    const stats = await app.get(StatsService).stats();
    expect(stats).toEqual({ totalCourses: first!.courses, totalCourseCategories: first!.categories, totalLessons: first!.lessons, completedLessons: 0 });
  });

  it("puts a few 'Dúvidas' on the demo lessons: answered by instructors or technicians, and some still unanswered", async () => {
    const rows = (await ds.query(
      `SELECT q.id, q.author_name, q.user_id, q.accepted_reply_id,
              (SELECT count(*)::int FROM courses.lesson_question_reply r WHERE r.question_id = q.id AND r.is_instructor) AS instructor_replies
         FROM courses.lesson_question q`,
    )) as { author_name: string; user_id: string | null; accepted_reply_id: number | null; instructor_replies: number }[];
    expect(rows).toHaveLength(DEMO_QUESTIONS.length);
    expect(rows.every((r) => r.user_id === null && r.author_name)).toBe(true);
    expect(rows.filter((r) => r.instructor_replies > 0).length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((r) => r.accepted_reply_id !== null).length).toBeGreaterThanOrEqual(3);
    const http = request(app.getHttpServer());
    const unanswered = (await http.get('/api/admin/lesson-questions').set(admin).expect(200)).body as { unanswered: number };
    expect(unanswered.unanswered).toBe(2);
  });

  it('gives 4–5 categories of 2–3 published courses with believable totals, and one course still without lessons', async () => {
    const http = request(app.getHttpServer());
    const categories = (await http.get('/api/course-categories-with-stats').set(anonymous).expect(200)).body as CourseCategoryWithStats[];
    expect(categories.length).toBeGreaterThanOrEqual(4);
    expect(categories.length).toBeLessThanOrEqual(5);
    let comingSoon = 0;
    for (const category of categories) {
      const courses = (await http.get('/api/courses').query({ category: category.slug }).set(anonymous).expect(200)).body as Course[];
      expect(courses.length).toBeGreaterThanOrEqual(2);
      expect(courses.length).toBeLessThanOrEqual(3);
      // the category's figures are the sums of its published courses' figures
      expect(category.lessons_count).toBe(courses.reduce((n, c) => n + c.lessons_count, 0));
      expect(category.total_duration).toBe(courses.reduce((n, c) => n + c.total_duration, 0));
      expect(formatTotalDuration(category.total_duration)).toMatch(/^\d+h \d+min$/);
      for (const course of courses) {
        if (course.lessons_count === 0) {
          comingSoon++;
          continue;
        }
        expect(course.lessons_count).toBeGreaterThanOrEqual(3);
        expect(course.lessons_count).toBeLessThanOrEqual(8);
        const list = (await http.get(`/api/courses/${course.id}/lessons`).set(userHeaders()).expect(200)).body as { youtube_video_id: string; duration_seconds: number }[];
        for (const lesson of list) {
          expect(lesson.youtube_video_id).toMatch(/^[A-Za-z0-9_-]{11}$/);
          expect(lesson.duration_seconds).toBeGreaterThan(5 * 60);
          expect(lesson.duration_seconds).toBeLessThan(20 * 60);
        }
      }
    }
    expect(comingSoon).toBe(1);
  });

  it('gives lesson quizzes and final assessments, each question valid for the editor, every demo quiz or lesson title real', async () => {
    const http = request(app.getHttpServer());
    const titles = new Map(DEMO_CATEGORIES.flatMap((c) => c.courses).map((k) => [k.title, new Set(k.lessons.map((l) => l.title))]));
    for (const [course, lessons] of Object.entries(DEMO_LESSON_QUIZZES)) {
      expect(titles.has(course)).toBe(true);
      for (const lesson of Object.keys(lessons)) expect(titles.get(course)!.has(lesson)).toBe(true);
    }
    for (const course of Object.keys(DEMO_ASSESSMENTS)) expect(titles.has(course)).toBe(true);
    const rows = await ds.query(`SELECT kind, prompt, explanation, options FROM courses.quiz_question`);
    const expected = Object.values(DEMO_LESSON_QUIZZES).flatMap((l) => Object.values(l).flat()).length + Object.values(DEMO_ASSESSMENTS).flatMap((a) => a.questions).length;
    expect(rows).toHaveLength(expected);
    for (const r of rows) {
      const body = { kind: r.kind, prompt: r.prompt, explanation: r.explanation, options: r.options.map((o: { text: string; correct: boolean }) => ({ text: o.text, correct: o.correct })) };
      expect(QuizQuestionBody.safeParse(body).error?.issues ?? []).toEqual([]);
    }
    // a subscriber sees the assessment of a demo course, its pool large enough for each draw
    const [{ id }] = await ds.query(`SELECT c.id FROM courses.course c WHERE c.title = 'Vácuo Profissional'`);
    const status = (await http.get(`/api/courses/${id}/assessment`).set(userHeaders()).expect(200)).body;
    expect(status).toMatchObject({ questions_per_attempt: 4, passing_score: 75 });
    for (const a of Object.values(DEMO_ASSESSMENTS)) expect(a.questions.length).toBeGreaterThanOrEqual(a.questionsPerAttempt);
  });
});
