import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { VideoProcessing } from '@clima/contract';
import { createServiceApp } from '@clima/common';
import { DataSource } from 'typeorm';
import { createStorage } from '@clima/storage';
import { mp4Bytes } from '../../../packages/storage/src/testing/fixtures';
import { startS3Server } from '../../../packages/storage/src/testing/s3-server';
import { AppModule as CoursesModule } from '../../courses/src/app.module';
import { loadCoursesConfig } from '../../courses/src/config';
import { VideoTranscodeConsumer } from '../src/videos/transcode/video-transcode.consumer';
import { VideoUploadsRepository } from '../src/videos/video-uploads.repository';
import { as, catalogApp, createContent } from './helpers';

const run = promisify(execFile);

jest.setTimeout(240_000);

/**
 * These tests are about what a conversion writes and how it is served, so ffmpeg runs here at normal priority.
 * At the service's default (nice 19, checked in ffmpeg-ladder.spec.ts) it gets 1–2 % of a core while other jest
 * workers keep both cores busy: the S3 test's conversion took 1.2 s on an idle machine, 70 s beside four busy
 * loops, and had not started after 220 s in a full CI run.
 */
const NORMAL_PRIORITY = { VIDEO_TRANSCODE_NICE: '0' };

/** A real video made by ffmpeg's test sources: a moving test card and a tone. */
async function testVideo(dir: string, o: { width: number; height: number; seconds: number }): Promise<Buffer> {
  const out = join(dir, `fonte-${o.width}x${o.height}.mp4`);
  await run('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc=size=${o.width}x${o.height}:rate=25:duration=${o.seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:duration=${o.seconds}`,
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', out,
  ]);
  return readFile(out);
}

const nameOf = (url: string) => url.split('/').pop()!;

/** Waits until the worker is done with the upload (ready or failed), reading it as the admin's list does. */
async function settled(app: NestFastifyApplication, name: string, timeoutMs = 220_000): Promise<{ final: VideoProcessing; seen: VideoProcessing[] }> {
  const seen: VideoProcessing[] = [];
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const res = await request(app.getHttpServer()).get('/api/admin/videos').query({ names: name }).set(as.admin()).expect(200);
    const row = (res.body as VideoProcessing[])[0]!;
    seen.push(row);
    if (row.status === 'ready' || row.status === 'failed') return { final: row, seen };
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`conversion of ${name} did not finish; last seen ${JSON.stringify(seen.at(-1))}`);
}

describe('video conversion to HLS and its serving (local disk)', () => {
  let dir: string;
  let app: NestFastifyApplication;
  // the courses service answers which uploads its courses show (asked for a file no published content shows)
  let courses: NestFastifyApplication;
  let http: ReturnType<NestFastifyApplication['getHttpServer']>;
  let url: string;
  let name: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clima-catalog-hls-'));
    app = await catalogApp({ ...NORMAL_PRIORITY, STORAGE_DRIVER: 'local', STORAGE_DIR: dir, VIDEO_SEGMENT_SECONDS: '4' });
    http = app.getHttpServer();
    const coursesConfig = loadCoursesConfig();
    courses = await createServiceApp(CoursesModule.forRoot(coursesConfig), coursesConfig, { rpc: true });
    await courses.startAllMicroservices();
    const video = await testVideo(dir, { width: 960, height: 540, seconds: 8 });
    url = (await request(http).post('/api/admin/upload-video').set(as.admin()).attach('video', video, 'aula.mp4').expect(201)).body.url;
    name = nameOf(url);
    await createContent(app, { video_url: null, video_file_url: url, is_published: 1 });
  });
  afterAll(async () => {
    await courses.close();
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('converts an upload into an HLS ladder up to the source size, with a poster and an offline MP4', async () => {
    const { final, seen } = await settled(app, name);
    expect(final).toEqual({ name, status: 'ready', percent: 100, error: null, renditions: [360, 540], captions: false });
    // while it ran, the admin read 'processing' with a percentage between 0 and 100
    for (const row of seen.filter((r) => r.status === 'processing')) expect(row.percent).toBeGreaterThanOrEqual(0);

    const streams = (await request(http).get(`/api/videos/${name}/streams`).set(as.subscriber()).expect(200)).body;
    expect(streams).toEqual({
      status: 'ready',
      hls: `${url}/master.m3u8`,
      poster: `${url}/poster.jpg`,
      captions: null,
      offline: { url: `${url}/offline.mp4`, bytes: expect.any(Number) },
      renditions: [360, 540],
    });

    const master = await request(http).get(`${url}/master.m3u8`).set(as.subscriber()).expect(200);
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(master.text).toMatch(/^#EXTM3U/);
    const variants = [...master.text.matchAll(/#EXT-X-STREAM-INF:([^\n]*)\n([^\n]+)/g)].map((m) => ({ info: m[1]!, uri: m[2]! }));
    expect(variants.map((v) => v.uri).sort()).toEqual(['360p.m3u8', '540p.m3u8']);
    expect(variants.find((v) => v.uri === '360p.m3u8')!.info).toContain('RESOLUTION=640x360');
    expect(variants.find((v) => v.uri === '540p.m3u8')!.info).toContain('RESOLUTION=960x540');
    for (const v of variants) expect(v.info).toMatch(/CODECS="avc1\.[0-9a-f]+,mp4a\.40\.2"/);

    // segments of ~4 s, cut at the same times on every rung (aligned key frames)
    const cuts: string[] = [];
    for (const rung of ['360p', '540p']) {
      const playlist = (await request(http).get(`${url}/${rung}.m3u8`).set(as.subscriber()).expect(200)).text;
      expect(playlist).toContain('#EXT-X-ENDLIST');
      const durations = [...playlist.matchAll(/#EXTINF:([\d.]+),/g)].map((m) => Number(m[1]));
      expect(durations.length).toBeGreaterThanOrEqual(2);
      for (const d of durations) expect(d).toBeLessThanOrEqual(4.1);
      expect(durations.reduce((a, b) => a + b, 0)).toBeCloseTo(8, 0);
      cuts.push(durations.map((d) => d.toFixed(1)).join(','));
      const segments = [...playlist.matchAll(/^(\d{3}p_\d{5}\.ts)$/gm)].map((m) => m[1]!);
      const segment = await request(http).get(`${url}/${segments[0]}`).set(as.subscriber()).expect(200);
      expect(segment.headers['x-accel-redirect']).toBe(`/media/renditions/${name}/${segments[0]}`);
      expect(segment.headers['content-type']).toBe('video/mp2t');
      // the stored segment is H.264 + AAC at the rung's height
      const probe = JSON.parse(
        (await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,height', '-of', 'json', join(dir, 'renditions', name, segments[0]!)])).stdout,
      ) as { streams: { codec_name: string; height?: number }[] };
      expect(probe.streams.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264']);
      expect(probe.streams.find((s) => s.codec_name === 'h264')!.height).toBe(Number(rung.slice(0, -1)));
    }
    expect(cuts[0]).toBe(cuts[1]);

    // the offline copy: one 360p MP4 whose index comes first (plays while it downloads), and the poster
    const offline = await request(http).get(`${url}/offline.mp4`).set(as.subscriber()).expect(200);
    expect(offline.headers['x-accel-redirect']).toBe(`/media/renditions/${name}/offline.mp4`);
    const mp4 = await readFile(join(dir, 'renditions', name, 'offline.mp4'));
    expect(mp4.length).toBe(streams.offline.bytes);
    expect(mp4.indexOf('moov')).toBeLessThan(mp4.indexOf('mdat'));
    expect((await stat(join(dir, 'renditions', name, 'poster.jpg'))).size).toBeGreaterThan(0);
    await request(http).get(`${url}/poster.jpg`).set(as.subscriber()).expect(200);
  });

  it('refuses playlists, segments and the sources to anonymous callers (401) and non-subscribers (403)', async () => {
    await settled(app, name);
    for (const path of [`${url}/master.m3u8`, `${url}/360p.m3u8`, `${url}/360p_00000.ts`, `${url}/offline.mp4`, `/api/videos/${name}/streams`]) {
      expect((await request(http).get(path).expect(401)).body).toEqual({ error: expect.any(String) });
      expect((await request(http).get(path).set(as.inactive()).expect(403)).body).toEqual({ error: expect.any(String) });
      // an administrator session alone is not a subscription (as for the original file)
      await request(http).get(path).set(as.admin()).expect(401);
    }
    // a file that is not one of the conversion's, or of an unknown upload: 404
    for (const path of [`${url}/../../segredo`, `${url}/999p.m3u8`, `${url}/fonte.mp4`, `/api/files/videos/0123456789abcdef0123456789abcdef.mp4/master.m3u8`]) {
      expect((await request(http).get(path).set(as.subscriber())).status).toBe(404);
    }
  });

  it('keeps a subscriber away from the renditions of an upload no published content shows', async () => {
    const video = await testVideo(dir, { width: 320, height: 240, seconds: 2 });
    const draft = (await request(http).post('/api/admin/upload-video').set(as.admin()).attach('video', video, 'rascunho.mp4').expect(201)).body.url;
    await createContent(app, { video_url: null, video_file_url: draft, is_published: 0 });
    // a source below the lowest rung gets one rung at its own size, never scaled up
    expect((await settled(app, nameOf(draft))).final).toMatchObject({ status: 'ready', renditions: [240] });
    expect((await request(http).get(`${draft}/master.m3u8`).set(as.subscriber()).expect(404)).body).toEqual({ error: 'Vídeo não encontrado' });
    await request(http).get(`/api/videos/${nameOf(draft)}/streams`).set(as.subscriber()).expect(404);
  });

  it("marks a broken file 'failed' with its reason, and the original still plays", async () => {
    const broken = (await request(http).post('/api/admin/upload-video').set(as.admin()).attach('video', mp4Bytes(50_000), 'quebrado.mp4').expect(201)).body.url;
    await createContent(app, { video_url: null, video_file_url: broken, is_published: 1 });
    const { final } = await settled(app, nameOf(broken));
    expect(final.status).toBe('failed');
    expect(final.error).toMatch(/^Não foi possível converter o vídeo: /);
    const original = await request(http).get(broken).set(as.subscriber()).expect(200);
    expect(original.headers['x-accel-redirect']).toBe(`/media/videos/${nameOf(broken)}`);
    const streams = (await request(http).get(`/api/videos/${nameOf(broken)}/streams`).set(as.subscriber()).expect(200)).body;
    expect(streams).toMatchObject({ status: 'failed', hls: null, offline: null });
    await request(http).get(`${broken}/master.m3u8`).set(as.subscriber()).expect(404);
  });

  it('the sweep converts uploads that have no renditions (made before the conversion existed), and tells their duration', async () => {
    const storage = createStorage({ driver: 'local', dir });
    const old = 'abcdefabcdefabcdefabcdefabcdef01.mp4';
    await storage.put(`videos/${old}`, createReadStream(join(dir, 'fonte-320x240.mp4')), { contentType: 'video/mp4' });
    await app.get(VideoUploadsRepository).insert({ name: old, contentType: 'video/mp4', size: 1, uploadedBy: 'admin:1' });
    // a lesson saved through the API with this file and no duration, before anything read the file: 0 for now
    const coursesHttp = () => request(courses.getHttpServer());
    const course = (await coursesHttp().post('/api/admin/courses').set(as.admin()).send({ title: 'Curso da varredura' }).expect(201)).body as { id: number };
    const lesson = (await coursesHttp().post(`/api/admin/courses/${course.id}/lessons`).set(as.admin()).send({ title: 'Aula antiga', video_file_url: `/api/files/videos/${old}` }).expect(201))
      .body as { id: number; duration_seconds: number };
    expect(lesson.duration_seconds).toBe(0);
    // nothing queued it: it waits as 'pending' until a sweep
    expect((await request(http).get('/api/admin/videos').query({ names: old }).set(as.admin()).expect(200)).body).toMatchObject([{ status: 'pending', renditions: [] }]);
    expect(await app.get(VideoTranscodeConsumer).sweep()).toBeGreaterThanOrEqual(1);
    expect((await settled(app, old)).final).toMatchObject({ status: 'ready', renditions: [240] });
    // the conversion read the duration (2 s) and the catalog told the courses service, which filled the lesson
    const durationOf = async () =>
      ((await coursesHttp().get(`/api/admin/courses/${course.id}/lessons`).set(as.admin()).expect(200)).body as { id: number; duration_seconds: number }[]).find((l) => l.id === lesson.id)!
        .duration_seconds;
    const until = Date.now() + 15_000;
    while ((await durationOf()) === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(await durationOf()).toBe(2);
  });

  it('the sweep reads the duration of an upload converted before durations were kept, and tells it', async () => {
    await settled(app, name);
    const ds = app.get(DataSource);
    // as an upload converted before this was kept: neither the catalog nor the courses service knows its duration
    await ds.query(`UPDATE catalog.video_uploads SET duration_seconds = NULL WHERE name = $1`, [name]);
    await ds.query(`DELETE FROM courses.video_duration WHERE name = $1`, [name]);
    const coursesHttp = () => request(courses.getHttpServer());
    const course = (await coursesHttp().post('/api/admin/courses').set(as.admin()).send({ title: 'Curso antigo' }).expect(201)).body as { id: number };
    const lesson = (await coursesHttp().post(`/api/admin/courses/${course.id}/lessons`).set(as.admin()).send({ title: 'Aula antiga', video_file_url: url }).expect(201))
      .body as { id: number; duration_seconds: number };
    expect(lesson.duration_seconds).toBe(0);
    expect(await app.get(VideoTranscodeConsumer).sweep()).toBeGreaterThanOrEqual(1);
    const durationOf = async () =>
      ((await coursesHttp().get(`/api/admin/courses/${course.id}/lessons`).set(as.admin()).expect(200)).body as { id: number; duration_seconds: number }[]).find((l) => l.id === lesson.id)!
        .duration_seconds;
    const until = Date.now() + 60_000;
    while ((await durationOf()) === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    expect(await durationOf()).toBe(8);
    expect(await ds.query(`SELECT duration_seconds FROM catalog.video_uploads WHERE name = $1`, [name])).toEqual([{ duration_seconds: 8 }]);
    // known now: the next sweep queues no reading of it
    expect(await app.get(VideoUploadsRepository).unknownDurationBatch('', 500)).not.toContainEqual({ name });
  });

  it("stores 'Legendas (pt-BR)' as WebVTT and serves them by the video's rule", async () => {
    const put = (vtt: unknown) => request(http).put(`/api/admin/videos/${name}/captions`).set(as.admin()).send({ vtt });
    for (const bad of ['Olá', 'WEBVTT\n\nsem tempo', '<script>WEBVTT</script>\n00:00.000 --> 00:01.000\nx']) {
      expect((await put(bad).expect(400)).body).toEqual({ error: expect.stringContaining('WebVTT') });
    }
    expect((await put(`WEBVTT\n\n00:00.000 --> 00:01.000\n${'a'.repeat(210 * 1024)}`).expect(400)).body.error).toContain('200KB');
    await request(http).put(`/api/admin/videos/0123456789abcdef0123456789abcdef.mp4/captions`).set(as.admin()).send({ vtt: 'WEBVTT\n\n00:00.000 --> 00:01.000\nx' }).expect(404);
    await request(http).put(`/api/admin/videos/${name}/captions`).set(as.subscriber()).send({ vtt: 'WEBVTT' }).expect(403);
    await request(http).put(`/api/admin/videos/${name}/captions`).send({ vtt: 'WEBVTT' }).expect(401);

    const vtt = '\uFEFFWEBVTT\r\n\r\n00:00.500 --> 00:03.000\r\nVerifique a pressão do gás\r\n';
    expect((await put(vtt).expect(200)).body).toMatchObject({ name, captions: true });
    const served = await request(http).get(`${url}/captions.vtt`).set(as.subscriber()).expect(200);
    expect(served.headers['content-type']).toContain('text/vtt');
    expect(served.text).toBe('WEBVTT\n\n00:00.500 --> 00:03.000\nVerifique a pressão do gás\n');
    expect((await request(http).get(`/api/videos/${name}/streams`).set(as.subscriber()).expect(200)).body.captions).toBe(`${url}/captions.vtt`);
    await request(http).get(`${url}/captions.vtt`).expect(401);

    expect((await put('').expect(200)).body.captions).toBe(false);
    await request(http).get(`${url}/captions.vtt`).set(as.subscriber()).expect(404);
  });
});

describe('video conversion through the S3 driver', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let app: NestFastifyApplication;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clima-catalog-hls-s3-'));
    s3 = await startS3Server('clima-hls');
    app = await catalogApp({
      ...NORMAL_PRIORITY,
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.config.endpoint!,
      S3_REGION: s3.config.region,
      S3_BUCKET: s3.config.bucket,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(async () => {
    await app.close();
    await s3.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the ladder to the bucket; playlists and segments come from the service, the offline copy by presigned URL', async () => {
    const video = await testVideo(dir, { width: 640, height: 360, seconds: 4 });
    const url = (await request(app.getHttpServer()).post('/api/admin/upload-video').set(as.admin()).attach('video', video, 'obra.mp4').expect(201)).body.url;
    await createContent(app, { video_url: null, video_file_url: url, is_published: 1 });
    expect((await settled(app, nameOf(url))).final).toMatchObject({ status: 'ready', renditions: [360] });
    const playlist = await request(app.getHttpServer()).get(`${url}/360p.m3u8`).set(as.subscriber()).expect(200);
    const first = /^(360p_\d{5}\.ts)$/m.exec(playlist.text)![1]!;
    // segments through the service (hls.js fetches them: no other origin for the page's connect-src), in MPEG-TS
    const segment = await request(app.getHttpServer()).get(`${url}/${first}`).set(as.subscriber()).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => done(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    const bytes = segment.body as Buffer;
    expect(bytes.length).toBeGreaterThan(1000);
    expect(bytes[0]).toBe(0x47); // the MPEG-TS sync byte
    // the offline copy and the poster by presigned URL, like the original
    const offline = await request(app.getHttpServer()).get(`${url}/offline.mp4`).set(as.subscriber()).expect(302);
    expect(offline.headers.location).toContain(`/clima-hls/renditions/${nameOf(url)}/offline.mp4`);
    expect((await fetch(offline.headers.location, { headers: { Range: 'bytes=0-99' } })).status).toBe(206);
  });
});
