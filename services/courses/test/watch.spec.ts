import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import { ask, bullConnection, createRpcClient, EventBus, EventEnvelope, eventQueueName, rpcPattern } from '@clima/common';
import { ContinueLesson, CoursesExport, LessonPosition, USER_EXPORT_QUERY } from '@clima/contract';
import { DataSource } from 'typeorm';
import { loadCoursesConfig } from '../src/config';
import { admin, anonymous, buildApp, Factory, unique, userHeaders } from './helpers';

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Resume and the completion rule: a lesson completes when LESSON_COMPLETE_RATIO (0.9) of it has really
 * been watched — distinct seconds played, never faster than the player can play.
 */
describe('lesson positions and the completion rule', () => {
  let app: NestFastifyApplication;
  let make: Factory;
  let ds: DataSource;
  const queues: Queue[] = [];
  const http = () => request(app.getHttpServer());
  beforeAll(async () => {
    app = await buildApp({ rpc: true });
    await app.startAllMicroservices();
    make = new Factory(app);
    ds = app.get(DataSource);
    for (const service of ['ranking', 'courses'] as const) {
      queues.push(new Queue(eventQueueName(service), { connection: bullConnection(process.env.REDIS_URL!), prefix: process.env.KEY_PREFIX }));
    }
  });
  afterAll(async () => {
    await Promise.all(queues.map((q) => q.close()));
    await app.close();
  });

  async function course(durations: number[]) {
    const c = await make.course();
    const lessons = [];
    for (const d of durations) lessons.push(await make.lesson(c.id, { duration_seconds: d }));
    return { course: c, lessons };
  }

  const report = (courseId: number, lessonId: number, user: Record<string, string>, body: unknown) =>
    http().put(`/api/courses/${courseId}/lessons/${lessonId}/position`).set(user).send(body as object);

  /** As if the first report on the lesson had come `minutes` ago (the pace limit counts from it). */
  const startedAgo = (userId: string, lessonId: number, minutes: number) =>
    ds.query(`UPDATE courses.lesson_watch SET created_at = now() - make_interval(mins => $3) WHERE user_id = $1 AND lesson_id = $2`, [userId, lessonId, minutes]);

  /** The events published to `service` for this user, by name (every job state: consumed ones stay a while). */
  async function eventsFor(service: 'ranking' | 'courses', userId: string): Promise<EventEnvelope[]> {
    const queue = queues[service === 'ranking' ? 0 : 1]!;
    const jobs = await queue.getJobs(['waiting', 'active', 'completed', 'delayed', 'failed', 'prioritized', 'paused']);
    return jobs.map((j) => j?.data as EventEnvelope).filter((e) => e && (e.payload as { userId?: string }).userId === userId);
  }

  it('saves the position and merges the watched stretches; the progress shows the watched share', async () => {
    const { course: c, lessons } = await course([600]);
    const id = unique('email_');
    const user = userHeaders(id);
    const first = await report(c.id, lessons[0]!.id, user, { position: 30, duration: 600, watched: [[0, 30]] }).expect(200);
    expect(LessonPosition.parse(first.body)).toEqual({ lesson_id: lessons[0]!.id, position: 30, duration: 600, watched_fraction: 0.05, completed: 0 });
    // overlapping and adjacent stretches, in any order, count once
    const second = await report(c.id, lessons[0]!.id, user, { position: 60, duration: 600, watched: [[40, 60], [20, 40.2]] }).expect(200);
    expect(second.body.watched_fraction).toBe(0.1);
    const [row] = await ds.query(`SELECT watched, watched_seconds FROM courses.lesson_watch WHERE user_id = $1`, [id]);
    expect(row).toEqual({ watched: [[0, 60]], watched_seconds: 60 });
    const progress = await http().get(`/api/courses/${c.id}/progress`).set(user).expect(200);
    expect(progress.body).toEqual([{ lesson_id: lessons[0]!.id, completed: 0, position: 60, duration: 600, watched_fraction: 0.1 }]);
    // a player that reports a hair past the end is clamped to the duration
    const edge = await report(c.id, lessons[0]!.id, user, { position: 600.4, duration: 600, watched: [[599, 600.6]] }).expect(200);
    expect(edge.body).toMatchObject({ position: 600, duration: 600 });
  });

  it('seeking to the end does not complete the lesson', async () => {
    const { course: c, lessons } = await course([600]);
    const id = unique('email_');
    const user = userHeaders(id);
    await report(c.id, lessons[0]!.id, user, { position: 5, duration: 600, watched: [[0, 5]] }).expect(200);
    await startedAgo(id, lessons[0]!.id, 60);
    // the user jumps to 9:50 and lets the last seconds play
    const end = await report(c.id, lessons[0]!.id, user, { position: 600, duration: 600, watched: [[590, 600]] }).expect(200);
    expect(end.body).toMatchObject({ position: 600, watched_fraction: 0.025, completed: 0 });
    await http().get(`/api/courses/${c.id}/progress`).set(user).expect(200, [{ lesson_id: lessons[0]!.id, completed: 0, position: 600, duration: 600, watched_fraction: 0.025 }]);
  });

  it('replaying the same minute does not inflate what was watched', async () => {
    const { course: c, lessons } = await course([600]);
    const id = unique('email_');
    const user = userHeaders(id);
    await report(c.id, lessons[0]!.id, user, { position: 1, duration: 600, watched: [] }).expect(200);
    await startedAgo(id, lessons[0]!.id, 60);
    for (let i = 0; i < 12; i++) {
      const res = await report(c.id, lessons[0]!.id, user, { position: 120, duration: 600, watched: [[60, 120]] }).expect(200);
      expect(res.body).toMatchObject({ watched_fraction: 0.1, completed: 0 });
    }
  });

  it('never credits more than could have been played since the first report', async () => {
    const { course: c, lessons } = await course([3600]);
    const id = unique('email_');
    const user = userHeaders(id);
    // a forged first report claiming the whole hour gets the first minute of grace only
    const forged = await report(c.id, lessons[0]!.id, user, { position: 3600, duration: 3600, watched: [[0, 3600]] }).expect(200);
    expect(forged.body).toMatchObject({ watched_fraction: 0.016, completed: 0 });
    // ten minutes later, at most twenty more minutes (the fastest speed is 2×) plus the grace
    await startedAgo(id, lessons[0]!.id, 10);
    const later = await report(c.id, lessons[0]!.id, user, { position: 3600, duration: 3600, watched: [[0, 3600]] }).expect(200);
    expect(later.body.watched_fraction).toBeGreaterThanOrEqual(0.35);
    expect(later.body.watched_fraction).toBeLessThan(0.37);
    expect(later.body.completed).toBe(0);
  });

  it("uses the lesson's own duration, never the player's: the probe's request on a one-hour lesson completes nothing", async () => {
    const { course: c, lessons } = await course([3600, 0]);
    const id = unique('email_');
    const user = userHeaders(id);
    const probe = await report(c.id, lessons[0]!.id, user, { position: 60, duration: 60, watched: [[0, 60]] }).expect(200);
    expect(probe.body).toEqual({ lesson_id: lessons[0]!.id, position: 60, duration: 3600, watched_fraction: 0.016, completed: 0 });
    // even long after the first report, a claim of a short video is measured against the hour
    await startedAgo(id, lessons[0]!.id, 120);
    const again = await report(c.id, lessons[0]!.id, user, { position: 60, duration: 60, watched: [[0, 60]] }).expect(200);
    expect(again.body).toMatchObject({ duration: 3600, completed: 0 });
    // a lesson whose duration is unknown cannot be completed by what the player claims
    await report(c.id, lessons[1]!.id, user, { position: 1, duration: 60, watched: [] }).expect(200);
    await startedAgo(id, lessons[1]!.id, 10);
    const unknown = await report(c.id, lessons[1]!.id, user, { position: 60, duration: 60, watched: [[0, 60]] }).expect(200);
    expect(unknown.body.completed).toBe(0);
    const [{ count }] = await ds.query(`SELECT count(*)::int AS count FROM courses.lesson_progress WHERE user_id = $1`, [id]);
    expect(count).toBe(0);
    expect(await eventsFor('ranking', id)).toEqual([]);
  });

  it('completes at 90% watched, once: lesson.completed is published once, course.completed when the last lesson completes', async () => {
    const { course: c, lessons } = await course([600, 40]);
    const id = unique('email_');
    const user = userHeaders(id);
    const lesson = lessons[0]!.id;
    await report(c.id, lesson, user, { position: 10, duration: 600, watched: [[0, 10]] }).expect(200);
    await startedAgo(id, lesson, 60);
    const almost = await report(c.id, lesson, user, { position: 530, duration: 600, watched: [[10, 530]] }).expect(200);
    expect(almost.body).toMatchObject({ watched_fraction: 0.883, completed: 0 });
    const reached = await report(c.id, lesson, user, { position: 545, duration: 600, watched: [[530, 545]] }).expect(200);
    expect(reached.body).toMatchObject({ watched_fraction: 0.908, completed: 1 });
    // more reports, also at once, change nothing and publish nothing more
    await Promise.all([1, 2, 3].map(() => report(c.id, lesson, user, { position: 600, duration: 600, watched: [[545, 600]] }).expect(200)));
    await report(c.id, lesson, user, { position: 20, duration: 600, watched: [] }).expect(200, { lesson_id: lesson, position: 20, duration: 600, watched_fraction: 1, completed: 1 });

    await eventually(async () => (await eventsFor('ranking', id)).length >= 1, 'lesson.completed in the ranking queue');
    let ranking = await eventsFor('ranking', id);
    expect(ranking.map((e) => e.name)).toEqual(['lesson.completed']);
    expect(ranking[0]!.payload).toEqual({ userId: id, courseId: c.id, lessonId: lesson, at: expect.any(String) });

    // the second (and last) lesson completes the course
    await report(c.id, lessons[1]!.id, user, { position: 40, duration: 40, watched: [[0, 40]] }).expect(200);
    await report(c.id, lessons[1]!.id, user, { position: 40, duration: 40, watched: [[0, 40]] }).expect(200);
    await eventually(async () => (await eventsFor('ranking', id)).length >= 3, 'the events of the second lesson');
    await new Promise((r) => setTimeout(r, 1200));
    ranking = await eventsFor('ranking', id);
    expect(ranking.map((e) => e.name).sort()).toEqual(['course.completed', 'lesson.completed', 'lesson.completed']);
    expect(ranking.find((e) => e.name === 'course.completed')!.payload).toEqual({ userId: id, courseId: c.id, at: expect.any(String) });
    expect((await eventsFor('courses', id)).map((e) => e.name)).toEqual(['course.completed']);
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM courses.lesson_progress WHERE user_id = $1`, [id]);
    expect(n).toBe(2);
  });

  it('keeps lessons completed under the old rule, and publishes nothing for them', async () => {
    const { course: c, lessons } = await course([600]);
    const id = unique('email_');
    const user = userHeaders(id);
    // a completion recorded when loading the frame was enough
    await ds.query(`INSERT INTO courses.lesson_progress (user_id, lesson_id, completed_at) VALUES ($1, $2, now() - interval '30 days')`, [id, lessons[0]!.id]);
    const state = { lesson_id: lessons[0]!.id, completed: 1, position: null, duration: null, watched_fraction: null };
    await http().get(`/api/courses/${c.id}/progress`).set(user).expect(200, [state]);
    await http().post(`/api/courses/${c.id}/lessons/${lessons[0]!.id}/progress`).set(user).expect(200, state);
    const res = await report(c.id, lessons[0]!.id, user, { position: 30, duration: 600, watched: [[0, 30]] }).expect(200);
    expect(res.body).toMatchObject({ completed: 1, watched_fraction: 0.05 });
    await new Promise((r) => setTimeout(r, 1200));
    expect(await eventsFor('ranking', id)).toEqual([]);
  });

  it("lists 'Continuar assistindo': the last lesson played in each course, started and not finished, most recent first", async () => {
    const a = await course([600, 600]);
    const b = await course([600]);
    const finished = await course([600]);
    const hidden = await course([600]);
    const id = unique('email_');
    const user = userHeaders(id);
    await http().get('/api/courses/continue').set(user).expect(200, []);
    await report(a.course.id, a.lessons[0]!.id, user, { position: 40, duration: 600, watched: [[0, 40]] }).expect(200);
    await report(a.course.id, a.lessons[1]!.id, user, { position: 12, duration: 600, watched: [[0, 12]] }).expect(200);
    await report(finished.course.id, finished.lessons[0]!.id, user, { position: 590, duration: 600, watched: [[580, 590]] }).expect(200);
    await report(hidden.course.id, hidden.lessons[0]!.id, user, { position: 100, duration: 600, watched: [[90, 100]] }).expect(200);
    await http().patch(`/api/admin/courses/${hidden.course.id}/toggle-published`).set(admin).send({ is_published: 0 }).expect(200);
    // under 5 s is not worth resuming
    await report(b.course.id, b.lessons[0]!.id, user, { position: 3, duration: 600, watched: [[0, 3]] }).expect(200);
    await report(b.course.id, b.lessons[0]!.id, user, { position: 200, duration: 600, watched: [[3, 13]] }).expect(200);

    const res = await http().get('/api/courses/continue').set(user).expect(200);
    const list = res.body as ContinueLesson[];
    for (const item of list) ContinueLesson.parse(item);
    expect(list.map((i) => [i.course.id, i.lesson_id, i.position])).toEqual([
      [b.course.id, b.lessons[0]!.id, 200],
      [a.course.id, a.lessons[1]!.id, 12],
    ]);
    expect(list[1]).toMatchObject({ lesson_title: a.lessons[1]!.title, duration: 600, course: { title: a.course.title, lessons_count: 2 } });
    // an inactive user still reads the list (the course summary of the public list, without video sources)
    await http().get('/api/courses/continue').set(userHeaders(undefined, 'inactive')).expect(200, []);
    await http().get('/api/courses/continue').set(anonymous).expect(401);
    await http().get('/api/courses/continue').set(admin).expect(401);
  });

  it('refuses bad reports with a Portuguese message and saves nothing', async () => {
    const { course: c, lessons } = await course([600]);
    const id = unique('email_');
    const user = userHeaders(id);
    const path = `/api/courses/${c.id}/lessons/${lessons[0]!.id}/position`;
    const cases: [unknown, string][] = [
      [{}, 'Posição inválida: informe os segundos assistidos (número maior ou igual a zero)'],
      [{ position: -1, duration: 600 }, 'Posição inválida: informe os segundos assistidos (número maior ou igual a zero)'],
      [{ position: '10', duration: 600 }, 'Posição inválida: informe os segundos assistidos (número maior ou igual a zero)'],
      [{ position: 10, duration: 0 }, 'Duração inválida: informe a duração do vídeo em segundos (número maior que zero)'],
      [{ position: 10, duration: 1e12 }, 'Duração inválida: informe a duração do vídeo em segundos (número maior que zero)'],
      [{ position: 700, duration: 600 }, 'A posição não pode passar da duração do vídeo'],
      [{ position: 10, duration: 600, watched: [[10, 5]] }, 'Cada trecho assistido deve ficar dentro da duração do vídeo, com o início antes do fim'],
      [{ position: 10, duration: 600, watched: [[-3, 5]] }, 'Cada trecho assistido deve ficar dentro da duração do vídeo, com o início antes do fim'],
      [{ position: 10, duration: 600, watched: [[0, 900]] }, 'Cada trecho assistido deve ficar dentro da duração do vídeo, com o início antes do fim'],
      [{ position: 10, duration: 600, watched: [[0]] }, 'Trechos assistidos inválidos: envie uma lista de [início, fim] em segundos'],
      [{ position: 10, duration: 600, watched: 'tudo' }, 'Trechos assistidos inválidos: envie uma lista de [início, fim] em segundos'],
      [{ position: 10, duration: 600, watched: Array.from({ length: 51 }, (_, i) => [i, i + 0.5]) }, 'No máximo 50 trechos assistidos por envio'],
    ];
    for (const [body, error] of cases) {
      const res = await http().put(path).set(user).send(body as object);
      expect({ body, status: res.status, answer: res.body }).toEqual({ body, status: 400, answer: { error } });
    }
    // numbers JSON cannot hold as finite (1e999 parses as Infinity)
    const infinite = await http().put(path).set(user).set('content-type', 'application/json').send('{"position":1e999,"duration":600}');
    expect(infinite.status).toBe(400);
    expect(infinite.body.error).toMatch(/^Posição inválida/);
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM courses.lesson_watch WHERE user_id = $1`, [id]);
    expect(n).toBe(0);
  });

  it('deletes the watch records of a deleted user and exports them (LGPD)', async () => {
    const { course: c, lessons } = await course([50, 600]);
    const id = unique('email_');
    const user = userHeaders(id);
    await report(c.id, lessons[0]!.id, user, { position: 50, duration: 50, watched: [[0, 50]] }).expect(200);
    await report(c.id, lessons[1]!.id, user, { position: 42, duration: 600, watched: [[0, 42]] }).expect(200);
    const client = createRpcClient(process.env.REDIS_URL!);
    try {
      const exported = (await ask(client, rpcPattern('courses', USER_EXPORT_QUERY), { userId: id }, 5000)) as CoursesExport;
      CoursesExport.shape.lesson_positions.parse(exported.lesson_positions);
      expect(exported.lesson_progress.map((p) => p.lesson_id)).toEqual([lessons[0]!.id]);
      expect(exported.lesson_positions.map((p) => [p.lesson_id, p.position, p.duration, p.watched])).toEqual([
        [lessons[0]!.id, 50, 50, [[0, 50]]],
        [lessons[1]!.id, 42, 600, [[0, 42]]],
      ]);
      expect(exported.lesson_positions[0]).toMatchObject({ course_id: c.id, course_title: c.title, lesson_title: lessons[0]!.title });
    } finally {
      await client.close();
    }
    await app.get(EventBus).publish('user.deleted', { userId: id });
    await eventually(async () => (await ds.query(`SELECT 1 FROM courses.lesson_watch WHERE user_id = $1`, [id])).length === 0, 'watch records removed');
    expect(await ds.query(`SELECT 1 FROM courses.lesson_progress WHERE user_id = $1`, [id])).toEqual([]);
  });

  it('reads LESSON_COMPLETE_RATIO from the environment (default 0.9)', () => {
    expect(loadCoursesConfig({ ...process.env, LESSON_COMPLETE_RATIO: undefined }).LESSON_COMPLETE_RATIO).toBe(0.9);
    expect(loadCoursesConfig({ ...process.env, LESSON_COMPLETE_RATIO: '0.75' }).LESSON_COMPLETE_RATIO).toBe(0.75);
    expect(() => loadCoursesConfig({ ...process.env, LESSON_COMPLETE_RATIO: '1.5' })).toThrow(/LESSON_COMPLETE_RATIO/);
  });
});
