import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { bullConnection, createServiceApp, signedIdentityHeaders } from '@clima/common';
import { movBytes, mp4Bytes, pdfBytes, webmBytes } from '../../../packages/storage/src/testing/fixtures';
import { startS3Server } from '../../../packages/storage/src/testing/s3-server';
import { AppModule as CoursesModule } from '../../courses/src/app.module';
import { loadCoursesConfig } from '../../courses/src/config';
import { ORPHAN_UPLOADS_QUEUE, ORPHAN_UPLOADS_SCHEDULER_ID } from '../src/videos/orphan-uploads.queue';
import { OrphanUploadsService } from '../src/videos/orphan-uploads.service';
import { as, catalogApp, createContent, unique } from './helpers';

const LIMIT = 200_000;

/** An end user with the administrator flag (and an active subscription, which the route asks of every end user). */
const flaggedAdmin = () => {
  const id = unique('email_');
  return signedIdentityHeaders({
    user: { id, email: `${id}@exemplo.com.br`, name: 'Gestora', subscriptionStatus: 'active', isAdmin: true },
    admin: { id: `user:${id}`, username: `${id}@exemplo.com.br` },
  });
};

describe('video upload and serving (local disk)', () => {
  let dir: string;
  let app: NestFastifyApplication;
  // the courses service answers which uploads its courses show (the catalog asks it over Redis)
  let courses: NestFastifyApplication;
  let http: ReturnType<NestFastifyApplication['getHttpServer']>;
  let ds: DataSource;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clima-catalog-videos-'));
    app = await catalogApp({ STORAGE_DRIVER: 'local', STORAGE_DIR: dir, VIDEO_MAX_BYTES: String(LIMIT) });
    http = app.getHttpServer();
    ds = app.get(DataSource);
    const coursesConfig = loadCoursesConfig();
    courses = await createServiceApp(CoursesModule.forRoot(coursesConfig), coursesConfig, { rpc: true });
    await courses.startAllMicroservices();
  });
  afterAll(async () => {
    await courses.close();
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  const files = async () => (await readdir(join(dir, 'videos')).catch(() => [] as string[])).sort();
  const upload = (bytes: Buffer, filename = 'aula.mp4') => request(http).post('/api/admin/upload-video').set(as.admin()).attach('video', bytes, filename);
  const nameOf = (url: string) => url.split('/').pop()!;
  /** A course made through the courses service's admin API. */
  const createCourse = async (body: Record<string, unknown>) =>
    (await request(courses.getHttpServer()).post('/api/admin/courses').set(as.admin()).send({ title: unique('Curso '), ...body }).expect(201)).body as { id: number };
  const status = async (url: string, headers: Record<string, string>) => (await request(http).get(url).set(headers)).status;

  it('stores an MP4, WebM or MOV and serves it to subscribers through nginx', async () => {
    for (const [bytes, type] of [
      [mp4Bytes(150_000), 'video/mp4'],
      [webmBytes(2000), 'video/webm'],
      [movBytes(2000), 'video/quicktime'],
    ] as const) {
      const res = await upload(bytes, '../../segredo.txt').expect(201);
      // these bytes only look like videos: no duration can be read from them
      expect(res.body).toEqual({ url: expect.stringMatching(/^\/api\/files\/videos\/[0-9a-f]{32}\.(mp4|webm|mov)$/), duration_seconds: null });
      const name = res.body.url.split('/').pop();
      expect(await files()).toContain(name);
      await createContent(app, { video_url: null, video_file_url: res.body.url, is_published: 1 });

      const served = await request(http).get(res.body.url).set(as.subscriber()).expect(200);
      expect(served.headers['x-accel-redirect']).toBe(`/media/videos/${name}`);
      expect(served.headers['content-type']).toBe(type);
      expect(served.text ?? '').toBe('');
    }
  });

  it('reads the duration of an uploaded video from the file itself (ffprobe), for the lesson form', async () => {
    const out = join(dir, 'tres-segundos.mp4');
    // a real 3-second MP4 with its index at the end (the usual case, which a pipe could not read)
    await promisify(execFile)('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=64x48:rate=10', '-t', '3', '-pix_fmt', 'yuv420p', '-y', out]);
    const res = await upload(await readFile(out)).expect(201);
    expect(res.body).toEqual({ url: expect.stringMatching(/^\/api\/files\/videos\/[0-9a-f]{32}\.mp4$/), duration_seconds: 3 });
    await rm(out);
    // recorded with the upload, and told to the courses service (video.uploaded, from the catalog's outbox)
    const name = nameOf(res.body.url);
    expect(await ds.query(`SELECT duration_seconds FROM catalog.video_uploads WHERE name = $1`, [name])).toEqual([{ duration_seconds: 3 }]);
    // a lesson saved through the API with the file and no duration gets the file's (issue 27)
    const course = await createCourse({});
    const lesson = await request(courses.getHttpServer())
      .post(`/api/admin/courses/${course.id}/lessons`)
      .set(as.admin())
      .send({ title: 'Aula enviada', video_file_url: res.body.url })
      .expect(201);
    const durationOf = async () =>
      ((await request(courses.getHttpServer()).get(`/api/admin/courses/${course.id}/lessons`).set(as.admin()).expect(200)).body as { id: number; duration_seconds: number }[]).find(
        (l) => l.id === lesson.body.id,
      )!.duration_seconds;
    const deadline = Date.now() + 15_000;
    while ((await durationOf()) !== 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await durationOf()).toBe(3);
    // the fact was handed to the queues: nothing is left in the outbox
    const outbox = await ds.query(`SELECT count(*)::int AS n FROM catalog.outbox`);
    expect(outbox).toEqual([{ n: 0 }]);
  });

  it('serves files only to active subscribers, and 404 for unknown names', async () => {
    const { body } = await upload(mp4Bytes(1000)).expect(201);
    await createContent(app, { video_url: null, video_file_url: body.url, is_published: 1 });
    expect((await request(http).get(body.url).expect(401)).body).toEqual({ error: expect.any(String) });
    await request(http).get(body.url).set(as.inactive()).expect(403);
    await request(http).get(body.url).set(as.admin()).expect(401);
    for (const name of ['0123456789abcdef0123456789abcdef.mp4', '..%2F..%2Fetc%2Fpasswd', 'x.mp4', `${body.url.split('/').pop()}.part`]) {
      const res = await request(http).get(`/api/files/videos/${name}`).set(as.subscriber()).expect(404);
      expect(res.body).toEqual({ error: 'Vídeo não encontrado' });
    }
  });

  it('serves a subscriber only the files a published content or course shows; administrators preview any upload', async () => {
    const subscriber = as.subscriber();
    const [{ body: forContent }, { body: forCourse }, { body: byLink }, { body: unused }] = [
      await upload(mp4Bytes(1000)).expect(201),
      await upload(mp4Bytes(1000)).expect(201),
      await upload(mp4Bytes(1000)).expect(201),
      await upload(mp4Bytes(1000)).expect(201),
    ];
    const notFound = { error: 'Vídeo não encontrado' };
    expect((await request(http).get(unused.url).set(subscriber).expect(404)).body).toEqual(notFound);
    // an administrator previews an upload nothing shows yet
    const preview = await request(http).get(unused.url).set(flaggedAdmin()).expect(200);
    expect(preview.headers['x-accel-redirect']).toBe(`/media/videos/${nameOf(unused.url)}`);

    // a content: only once published, and no longer when unpublished
    const content = await createContent(app, { video_url: null, video_file_url: forContent.url, is_published: 0 });
    expect(await status(forContent.url, subscriber)).toBe(404);
    await request(http).patch(`/api/admin/contents/${content.id}/toggle-published`).set(as.admin()).send({ is_published: 1 }).expect(200);
    expect(await status(forContent.url, subscriber)).toBe(200);
    await request(http).patch(`/api/admin/contents/${content.id}/toggle-published`).set(as.admin()).send({ is_published: 0 }).expect(200);
    expect(await status(forContent.url, subscriber)).toBe(404);

    // a course of the courses service: the same rule
    const course = await createCourse({ video_file_url: forCourse.url, is_published: 0 });
    expect(await status(forCourse.url, subscriber)).toBe(404);
    await request(courses.getHttpServer()).patch(`/api/admin/courses/${course.id}/toggle-published`).set(as.admin()).send({ is_published: 1 }).expect(200);
    expect(await status(forCourse.url, subscriber)).toBe(200);

    // a published content that holds the file's full address counts too
    await createContent(app, { video_url: null, video_file_url: `https://clima.exemplo.com.br${byLink.url}`, is_published: 1 });
    expect(await status(byLink.url, subscriber)).toBe(200);
    expect(await status(unused.url, subscriber)).toBe(404);
    expect(await status(unused.url, as.inactive())).toBe(403);
  });

  it('removes uploads nothing references once they are old; referenced and fresh ones stay', async () => {
    const uploaded = async () => nameOf((await upload(mp4Bytes(1000)).expect(201)).body.url);
    const [orphan, inDraftContent, inDraftCourse, fresh] = [await uploaded(), await uploaded(), await uploaded(), await uploaded()];
    await createContent(app, { video_url: null, video_file_url: `/api/files/videos/${inDraftContent}`, is_published: 0 });
    await createCourse({ video_file_url: `/api/files/videos/${inDraftCourse}`, is_published: 0 });
    await ds.query(`UPDATE catalog.video_uploads SET created_at = now() - interval '25 hours' WHERE name = ANY($1)`, [[orphan, inDraftContent, inDraftCourse]]);
    await ds.query(`UPDATE catalog.video_uploads SET created_at = now() - interval '23 hours' WHERE name = $1`, [fresh]);

    expect(await app.get(OrphanUploadsService).removeOrphans()).toBeGreaterThanOrEqual(1);
    const left = await ds.query(`SELECT name FROM catalog.video_uploads WHERE name = ANY($1) ORDER BY name`, [[orphan, inDraftContent, inDraftCourse, fresh]]);
    expect(left.map((r: { name: string }) => r.name)).toEqual([inDraftContent, inDraftCourse, fresh].sort());
    const stored = await files();
    expect(stored).not.toContain(orphan);
    for (const kept of [inDraftContent, inDraftCourse, fresh]) expect(stored).toContain(kept);
    await request(http).get(`/api/files/videos/${orphan}`).set(flaggedAdmin()).expect(404);

    // one repeatable job for the deployment, whatever the number of copies that declared it
    const second = await catalogApp({ STORAGE_DRIVER: 'local', STORAGE_DIR: dir });
    const queue = new Queue(ORPHAN_UPLOADS_QUEUE, { connection: bullConnection(process.env.REDIS_URL!), prefix: process.env.KEY_PREFIX });
    try {
      const schedulers = (await queue.getJobSchedulers()).filter((j) => j.key === ORPHAN_UPLOADS_SCHEDULER_ID);
      expect(schedulers).toEqual([expect.objectContaining({ every: 60 * 60_000 })]);
    } finally {
      await queue.close();
      await second.close();
    }
  });

  it('accepts a file at the limit and refuses a larger one with 413, leaving no file or row', async () => {
    await upload(mp4Bytes(LIMIT)).expect(201);
    const before = await files();
    const [{ n: rowsBefore }] = await ds.query(`SELECT count(*)::int AS n FROM catalog.video_uploads`);
    const res = await upload(mp4Bytes(LIMIT + 1)).expect(413);
    expect(res.body).toEqual({ error: 'O arquivo é muito grande. Tamanho máximo: 1MB' });
    const big = await upload(mp4Bytes(LIMIT * 4)).expect(413);
    expect(big.body.error).toMatch(/^O arquivo é muito grande/);
    expect(await files()).toEqual(before);
    const [{ n: rowsAfter }] = await ds.query(`SELECT count(*)::int AS n FROM catalog.video_uploads`);
    expect(rowsAfter).toBe(rowsBefore);
  });

  it('refuses what is not a video by its bytes, broken and empty uploads with 400, keeping nothing', async () => {
    const before = await files();
    for (const bytes of [pdfBytes(5000), Buffer.from('<?php echo 1; ?>'), Buffer.alloc(0)]) {
      const res = await upload(bytes, 'video.mp4').expect(400);
      expect(res.body).toEqual({ error: 'Por favor, selecione apenas arquivos de vídeo' });
    }
    const noFile = await request(http).post('/api/admin/upload-video').set(as.admin()).field('title', 'x').expect(400);
    expect(noFile.body).toEqual({ error: 'Nenhum arquivo de vídeo enviado no campo "video"' });
    const json = await request(http).post('/api/admin/upload-video').set(as.admin()).send({ video: 'x' }).expect(400);
    expect(json.body.error).toMatch(/malformado/);
    const cut = Buffer.concat([Buffer.from('--b\r\nContent-Disposition: form-data; name="video"; filename="a.mp4"\r\n\r\n'), mp4Bytes(20_000)]);
    const broken = await request(http).post('/api/admin/upload-video').set(as.admin()).set('Content-Type', 'multipart/form-data; boundary=b').send(cut).expect(400);
    expect(broken.body.error).toMatch(/malformado/);
    expect(await files()).toEqual(before);
  });

  it('lets only administrators upload', async () => {
    await request(http).post('/api/admin/upload-video').attach('video', mp4Bytes(100), 'a.mp4').expect(401);
    await request(http).post('/api/admin/upload-video').set(as.subscriber()).attach('video', mp4Bytes(100), 'a.mp4').expect(403);
  });
});

describe('video upload and serving (S3)', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let app: NestFastifyApplication;
  beforeAll(async () => {
    s3 = await startS3Server('clima-videos');
    app = await catalogApp({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.config.endpoint!,
      S3_REGION: s3.config.region,
      S3_BUCKET: s3.config.bucket,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      VIDEO_MAX_BYTES: String(20 * 1024 * 1024),
    });
  });
  afterAll(async () => {
    await app.close();
    await s3.stop();
  });

  it('streams a multi-megabyte upload to the bucket and redirects subscribers to a presigned URL that seeks', async () => {
    const video = mp4Bytes(12 * 1024 * 1024);
    const res = await request(app.getHttpServer()).post('/api/admin/upload-video').set(as.admin()).attach('video', video, 'obra.mp4').expect(201);
    await createContent(app, { video_url: null, video_file_url: res.body.url, is_published: 1 });
    const served = await request(app.getHttpServer()).get(res.body.url).set(as.subscriber()).expect(302);
    const location = served.headers.location;
    expect(location).toContain(`/clima-videos/videos/${res.body.url.split('/').pop()}`);
    const ranged = await fetch(location, { headers: { Range: 'bytes=9000000-9000099' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(video.subarray(9_000_000, 9_000_100))).toBe(true);
  });
});
