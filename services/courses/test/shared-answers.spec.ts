import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { createServiceApp, SharedAnswers } from '@clima/common';
import { AppModule } from '../src/app.module';
import { loadCoursesConfig } from '../src/config';
import { admin, anonymous, Factory, unique, userHeaders } from './helpers';

/**
 * The course lists are kept per audience and query string until a write of a category, a course or a lesson
 * (SharedAnswers). Two copies of the service under a key prefix of their own; a change written straight into a
 * table (never done by the platform) shows whether an answer was kept.
 */
describe('shared answers of the course lists', () => {
  const prefix = `${process.env.KEY_PREFIX}_${unique('answers')}`;
  let a: NestFastifyApplication;
  let b: NestFastifyApplication;

  const copy = async () => {
    const config = loadCoursesConfig({ ...process.env, KEY_PREFIX: prefix });
    const app = await createServiceApp(AppModule.forRoot(config), config);
    for (let i = 0; i < 100 && !app.get(SharedAnswers).listening; i++) await new Promise((r) => setTimeout(r, 50));
    expect(app.get(SharedAnswers).listening).toBe(true);
    return app;
  };
  const get = (app: NestFastifyApplication, path: string, headers: Record<string, string> = anonymous) => request(app.getHttpServer()).get(path).set(headers).expect(200);

  beforeAll(async () => {
    a = await copy();
    b = await copy();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it("shows a lesson added on one copy in the other copy's category stats on the very next request", async () => {
    const make = new Factory(a);
    const category = await make.category();
    const course = await make.course({ course_category_id: category.id });
    const lesson = await make.lesson(course.id, { duration_seconds: 600 });
    const stats = async () => ((await get(b, '/api/course-categories-with-stats')).body as { id: number; lessons_count: number; total_duration: number }[]).find((c) => c.id === category.id);
    expect(await stats()).toMatchObject({ lessons_count: 1, total_duration: 600 });
    await a.get(DataSource).query(`UPDATE courses.lesson SET duration_seconds = 1 WHERE id = $1`, [lesson.id]);
    expect(await stats()).toMatchObject({ lessons_count: 1, total_duration: 600 });

    await make.lesson(course.id, { duration_seconds: 300 });
    expect(await stats()).toMatchObject({ lessons_count: 2, total_duration: 301 });
    await request(a.getHttpServer()).patch(`/api/admin/courses/${course.id}/toggle-published`).set(admin).send({ is_published: 0 }).expect(200);
    expect(await stats()).toMatchObject({ lessons_count: 0, total_duration: 0 });
  });

  it('gives the video sources of the course list only to active subscribers, whichever asked first', async () => {
    const make = new Factory(a);
    const category = await make.category();
    await make.course({ course_category_id: category.id, video_url: 'https://youtu.be/curso' });
    const sources = async (headers: Record<string, string>) =>
      ((await get(b, `/api/courses?category=${category.slug}`, headers)).body as { video_url: string | null }[]).map((c) => c.video_url);
    expect(await sources(anonymous)).toEqual([null]);
    expect(await sources(userHeaders())).toEqual(['https://youtu.be/curso']);
    expect(await sources(userHeaders(undefined, 'inactive'))).toEqual([null]);
    expect(await sources(userHeaders())).toEqual(['https://youtu.be/curso']);
  });
});
