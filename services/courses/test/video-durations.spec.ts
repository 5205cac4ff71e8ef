import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { EventBus } from '@clima/common';
import { CourseLesson, VIDEO_FILE_PREFIX } from '@clima/contract';
import { DataSource } from 'typeorm';
import { admin, buildApp, Factory, unique, userHeaders } from './helpers';

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A fresh upload name, as the catalog gives them. */
const uploadName = () => `${randomBytes(16).toString('hex')}.mp4`;

/**
 * Issue 27, item 1: a lesson created or updated through the API with an uploaded file and no duration gets the
 * file's duration, which the catalog publishes (`video.uploaded`) once ffprobe read it — whether the fact comes
 * before or after the lesson is saved — and completion is then measured against it.
 */
describe('the duration of an uploaded video reaches its lessons', () => {
  let app: NestFastifyApplication;
  let make: Factory;
  let ds: DataSource;
  let bus: EventBus;
  const http = () => request(app.getHttpServer());
  beforeAll(async () => {
    app = await buildApp();
    make = new Factory(app);
    ds = app.get(DataSource);
    bus = app.get(EventBus);
  });
  afterAll(async () => {
    await app.close();
  });

  /** The catalog's fact, as its outbox publishes it. */
  const uploaded = (name: string, durationSeconds: number) => bus.publish('video.uploaded', { name, durationSeconds });

  const createLesson = async (courseId: number, body: Record<string, unknown>) =>
    (await http().post(`/api/admin/courses/${courseId}/lessons`).set(admin).send({ title: `Aula ${unique()}`, ...body }).expect(201)).body as CourseLesson;

  const lessonsOf = async (courseId: number) => (await http().get(`/api/admin/courses/${courseId}/lessons`).set(admin).expect(200)).body as CourseLesson[];
  const durationOf = async (courseId: number, lessonId: number) => (await lessonsOf(courseId)).find((l) => l.id === lessonId)!.duration_seconds;

  const report = (courseId: number, lessonId: number, user: Record<string, string>, body: unknown) =>
    http().put(`/api/courses/${courseId}/lessons/${lessonId}/position`).set(user).send(body as object);

  /** As if the first report on the lesson had come `minutes` ago (the pace limit counts from it). */
  const startedAgo = (userId: string, lessonId: number, minutes: number) =>
    ds.query(`UPDATE courses.lesson_watch SET created_at = now() - make_interval(mins => $3) WHERE user_id = $1 AND lesson_id = $2`, [userId, lessonId, minutes]);

  /** The probe's request completes nothing; watching most of the real hour does. */
  async function completionUsesTheHour(courseId: number, lessonId: number): Promise<void> {
    const id = unique('email_');
    const user = userHeaders(id);
    const probe = await report(courseId, lessonId, user, { position: 60, duration: 60, watched: [[0, 60]] }).expect(200);
    expect(probe.body).toEqual({ lesson_id: lessonId, position: 60, duration: 3600, watched_fraction: 0.016, completed: 0 });
    await startedAgo(id, lessonId, 120);
    const again = await report(courseId, lessonId, user, { position: 60, duration: 60, watched: [[0, 60]] }).expect(200);
    expect(again.body).toMatchObject({ duration: 3600, completed: 0 });
    const [{ n: none }] = await ds.query(`SELECT count(*)::int AS n FROM courses.lesson_progress WHERE user_id = $1`, [id]);
    expect(none).toBe(0);
    // the real hour, watched to 55 minutes (over 90 %), completes it
    const watched = await report(courseId, lessonId, user, { position: 3300, duration: 3600, watched: [[60, 3300]] }).expect(200);
    expect(watched.body).toMatchObject({ duration: 3600, completed: 1 });
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM courses.lesson_progress WHERE user_id = $1 AND lesson_id = $2`, [id, lessonId]);
    expect(n).toBe(1);
  }

  it('a lesson saved after the fact takes the known duration at once; completion uses it', async () => {
    const name = uploadName();
    await uploaded(name, 3600);
    await eventually(async () => (await ds.query(`SELECT 1 FROM courses.video_duration WHERE name = $1`, [name])).length === 1, 'the duration kept');
    const course = await make.course();
    const lesson = await createLesson(course.id, { video_file_url: `${VIDEO_FILE_PREFIX}${name}` });
    expect(lesson.duration_seconds).toBe(3600);
    // a blank or zero duration is "none" too, as the admin form sends it; a full address of the site is the same file
    const blank = await createLesson(course.id, { video_file_url: `https://climapro.com.br${VIDEO_FILE_PREFIX}${name}`, duration_seconds: '' });
    expect(blank.duration_seconds).toBe(3600);
    // subscribers see the real length
    const seen = await http().get(`/api/courses/${course.id}/lessons`).set(userHeaders()).expect(200);
    expect((seen.body as CourseLesson[]).find((l) => l.id === lesson.id)!.duration_seconds).toBe(3600);
    await completionUsesTheHour(course.id, lesson.id);
  });

  it('a lesson saved before the fact is filled when it arrives; typed durations and YouTube lessons stay', async () => {
    const name = uploadName();
    const url = `${VIDEO_FILE_PREFIX}${name}`;
    const course = await make.course();
    const lesson = await createLesson(course.id, { video_file_url: url });
    expect(lesson.duration_seconds).toBe(0);
    // before the fact, the lesson cannot be completed whatever the player claims
    const early = unique('email_');
    await report(course.id, lesson.id, userHeaders(early), { position: 60, duration: 60, watched: [[0, 60]] }).expect(200);
    const typed = await createLesson(course.id, { video_file_url: url, duration_seconds: 1234 });
    const youtube = await createLesson(course.id, { youtube_video_id: 'dQw4w9WgXcQ', video_file_url: url, duration_seconds: 300 });
    const youtubeUnknown = await createLesson(course.id, { youtube_video_id: 'dQw4w9WgXcQ', video_file_url: url });
    const otherFile = await createLesson(course.id, { video_file_url: `${VIDEO_FILE_PREFIX}${uploadName()}` });

    await uploaded(name, 3600);
    await eventually(async () => (await durationOf(course.id, lesson.id)) === 3600, 'the lesson filled');
    // a replay of the fact (at-least-once), even with another figure, changes nothing
    await uploaded(name, 10);
    await new Promise((r) => setTimeout(r, 800));
    const after = new Map((await lessonsOf(course.id)).map((l) => [l.id, l.duration_seconds]));
    expect(after.get(lesson.id)).toBe(3600);
    expect(after.get(typed.id)).toBe(1234);
    expect(after.get(youtube.id)).toBe(300);
    expect(after.get(youtubeUnknown.id)).toBe(0);
    expect(after.get(otherFile.id)).toBe(0);
    await completionUsesTheHour(course.id, lesson.id);
  });

  it('an update with an uploaded file and no duration takes the file’s; a typed one is kept', async () => {
    const a = uploadName();
    const b = uploadName();
    await uploaded(a, 3600);
    await uploaded(b, 95);
    await eventually(async () => (await ds.query(`SELECT 1 FROM courses.video_duration WHERE name = ANY($1)`, [[a, b]])).length === 2, 'the durations kept');
    const course = await make.course();
    const lesson = await createLesson(course.id, { title: 'Aula sem vídeo' });
    expect(lesson.duration_seconds).toBe(0);
    const put = (body: Record<string, unknown>) => http().put(`/api/admin/lessons/${lesson.id}`).set(admin).send(body).expect(200);
    // the file is given without a duration
    expect((await put({ video_file_url: `${VIDEO_FILE_PREFIX}${a}` })).body.duration_seconds).toBe(3600);
    // another file: its own duration, not the previous file's
    expect((await put({ video_file_url: `${VIDEO_FILE_PREFIX}${b}` })).body.duration_seconds).toBe(95);
    // the form sends every field, the duration left blank
    expect((await put({ title: 'Aula editada', video_file_url: `${VIDEO_FILE_PREFIX}${a}`, duration_seconds: '' })).body.duration_seconds).toBe(3600);
    // a change of title alone keeps it; a duration the admin typed is kept as typed
    expect((await put({ title: 'Aula editada de novo' })).body.duration_seconds).toBe(3600);
    expect((await put({ duration_seconds: '10:00' })).body.duration_seconds).toBe(600);
    // a YouTube lesson's typed duration is not touched by the file it also carries
    const yt = await createLesson(course.id, { youtube_video_id: 'dQw4w9WgXcQ', duration_seconds: 420 });
    const ytPut = await http().put(`/api/admin/lessons/${yt.id}`).set(admin).send({ video_file_url: `${VIDEO_FILE_PREFIX}${a}` }).expect(200);
    expect(ytPut.body.duration_seconds).toBe(420);
  });
});
