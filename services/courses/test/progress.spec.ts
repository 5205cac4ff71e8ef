import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ask, createRpcClient, EventBus, statsPattern } from '@clima/common';
import { CoursesStats } from '@clima/contract';
import { admin, buildApp, Factory, unique, userHeaders } from './helpers';

/** Polls until `check` holds (the event is handled by the service's own worker, asynchronously). */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('lesson progress', () => {
  let app: NestFastifyApplication;
  let make: Factory;
  const http = () => request(app.getHttpServer());
  beforeAll(async () => {
    app = await buildApp({ rpc: true });
    await app.startAllMicroservices();
    make = new Factory(app);
  });
  afterAll(() => app.close());

  async function courseWithLessons(n: number) {
    const course = await make.course();
    const lessons = [];
    for (let i = 0; i < n; i++) lessons.push(await make.lesson(course.id, { duration_seconds: 50 }));
    return { course, lessons };
  }

  /** The player's report of a whole 50-second lesson watched from start to end (completes it). */
  const watchWhole = (courseId: number, lessonId: number, user: Record<string, string>) =>
    http().put(`/api/courses/${courseId}/lessons/${lessonId}/position`).set(user).send({ position: 50, duration: 50, watched: [[0, 50]] });
  const done = (lessonId: number) => ({ lesson_id: lessonId, completed: 1, position: 50, duration: 50, watched_fraction: 1 });

  it('records completion per user: two users progress independently', async () => {
    const { course, lessons } = await courseWithLessons(3);
    const ana = userHeaders(unique('email_'));
    const bruno = userHeaders(unique('google_'));
    await http().get(`/api/courses/${course.id}/progress`).set(ana).expect(200, []);

    const first = await watchWhole(course.id, lessons[0]!.id, ana).expect(200);
    expect(first.body).toEqual({ lesson_id: lessons[0]!.id, position: 50, duration: 50, watched_fraction: 1, completed: 1 });
    await watchWhole(course.id, lessons[2]!.id, ana).expect(200);
    await watchWhole(course.id, lessons[1]!.id, bruno).expect(200);

    const anaProgress = await http().get(`/api/courses/${course.id}/progress`).set(ana).expect(200);
    expect(anaProgress.body).toEqual([done(lessons[0]!.id), done(lessons[2]!.id)]);
    const brunoProgress = await http().get(`/api/courses/${course.id}/progress`).set(bruno).expect(200);
    expect(brunoProgress.body).toEqual([done(lessons[1]!.id)]);
  });

  it('is idempotent: the same whole report (even three at once) completes once and keeps one record', async () => {
    const { course, lessons } = await courseWithLessons(2);
    const user = userHeaders();
    const answers = await Promise.all([1, 2, 3].map(() => watchWhole(course.id, lessons[1]!.id, user)));
    const again = await watchWhole(course.id, lessons[1]!.id, user);
    for (const res of [...answers, again]) {
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ lesson_id: lessons[1]!.id, completed: 1 });
    }
    const progress = await http().get(`/api/courses/${course.id}/progress`).set(user).expect(200);
    expect(progress.body).toEqual([done(lessons[1]!.id)]);
  });

  it('the old "frame loaded" call completes nothing any more: it answers the lesson as it stands', async () => {
    const { course, lessons } = await courseWithLessons(2);
    const user = userHeaders();
    const path = `/api/courses/${course.id}/lessons/${lessons[0]!.id}/progress`;
    await http().post(path).set(user).expect(200, { lesson_id: lessons[0]!.id, completed: 0, position: null, duration: null, watched_fraction: null });
    await http().get(`/api/courses/${course.id}/progress`).set(user).expect(200, []);
    await watchWhole(course.id, lessons[0]!.id, user).expect(200);
    await http().post(path).set(user).expect(200, done(lessons[0]!.id));
  });

  it('refuses a lesson of another course, an unknown lesson and an unpublished course with 404', async () => {
    const { course } = await courseWithLessons(1);
    const other = await courseWithLessons(1);
    const user = userHeaders();
    const foreign = await http().post(`/api/courses/${course.id}/lessons/${other.lessons[0]!.id}/progress`).set(user).expect(404);
    expect(foreign.body).toEqual({ error: 'Aula não encontrada' });
    await watchWhole(course.id, other.lessons[0]!.id, user).expect(404, { error: 'Aula não encontrada' });
    await watchWhole(course.id, 999999999, user).expect(404, { error: 'Aula não encontrada' });
    await watchWhole(999999999, other.lessons[0]!.id, user).expect(404, { error: 'Curso não encontrado' });
    await http().post(`/api/courses/${course.id}/lessons/999999999/progress`).set(user).expect(404, { error: 'Aula não encontrada' });
    await http().post(`/api/courses/${course.id}/lessons/abc/progress`).set(user).expect(404);
    await http().post(`/api/courses/999999999/lessons/${other.lessons[0]!.id}/progress`).set(user).expect(404, { error: 'Curso não encontrado' });
    await http().patch(`/api/admin/courses/${other.course.id}/toggle-published`).set(admin).send({ is_published: 0 }).expect(200);
    await http().post(`/api/courses/${other.course.id}/lessons/${other.lessons[0]!.id}/progress`).set(user).expect(404, { error: 'Curso não encontrado' });
    await watchWhole(other.course.id, other.lessons[0]!.id, user).expect(404, { error: 'Curso não encontrado' });
    await http().get(`/api/courses/${course.id}/progress`).set(user).expect(200, []);
    // an inactive subscriber records nothing
    await http().post(`/api/courses/${course.id}/lessons/1/progress`).set(userHeaders(undefined, 'expired')).expect(403);
    await watchWhole(course.id, 1, userHeaders(undefined, 'expired')).expect(403);
  });

  it('deleting a lesson removes its progress', async () => {
    const { course, lessons } = await courseWithLessons(2);
    const user = userHeaders();
    await watchWhole(course.id, lessons[0]!.id, user).expect(200);
    await watchWhole(course.id, lessons[1]!.id, user).expect(200);
    await http().delete(`/api/admin/lessons/${lessons[0]!.id}`).set(admin).expect(200);
    await http().get(`/api/courses/${course.id}/progress`).set(user).expect(200, [done(lessons[1]!.id)]);
  });

  it('removes the progress of a deleted user when user.deleted arrives, and only theirs', async () => {
    const { course, lessons } = await courseWithLessons(2);
    const goneId = unique('email_');
    const gone = userHeaders(goneId);
    const stays = userHeaders();
    for (const l of lessons) {
      await watchWhole(course.id, l.id, gone).expect(200);
      await watchWhole(course.id, l.id, stays).expect(200);
    }
    const bus = app.get(EventBus);
    await bus.publish('user.deleted', { userId: goneId });
    const progressOf = async (headers: Record<string, string>) => (await http().get(`/api/courses/${course.id}/progress`).set(headers).expect(200)).body as unknown[];
    await eventually(async () => (await progressOf(gone)).length === 0, 'progress of the deleted user removed');
    expect(await progressOf(stays)).toHaveLength(2);
    // a replay of the same fact is harmless
    await bus.publish('user.deleted', { userId: goneId });
    await bus.publish('user.deleted', { userId: unique('email_') });
    expect(await progressOf(stays)).toHaveLength(2);
  });

  it('answers the dashboard figures over Redis', async () => {
    const { course, lessons } = await courseWithLessons(2);
    await watchWhole(course.id, lessons[0]!.id, userHeaders()).expect(200);
    const client = createRpcClient(process.env.REDIS_URL!);
    try {
      const stats = await ask<CoursesStats>(client, statsPattern('courses'), {}, 5000);
      expect(CoursesStats.parse(stats)).toEqual(stats);
      // other specs write in parallel; exact figures are checked on a database of its own (seed.spec.ts)
      expect(stats!.totalCourses).toBeGreaterThanOrEqual(1);
      expect(stats!.totalCourseCategories).toBeGreaterThanOrEqual(0);
      expect(stats!.totalLessons).toBeGreaterThanOrEqual(2);
      expect(stats!.completedLessons).toBeGreaterThanOrEqual(1);
    } finally {
      await client.close();
    }
  });
});
