import { randomBytes } from 'node:crypto';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { ClientProxy } from '@nestjs/microservices';
import { ask, createRpcClient, rpcPattern, signedIdentityHeaders } from '@clima/common';
import { Course, VIDEO_REFERENCES_QUERY, VideoReferencesAnswer } from '@clima/contract';
import { admin, anonymous, buildApp, Factory, unique, userHeaders } from './helpers';

/** A name of the shape the catalog gives an uploaded video. */
const uploadName = () => `${randomBytes(16).toString('hex')}.mp4`;

describe('course video sources by audience', () => {
  let app: NestFastifyApplication;
  let make: Factory;
  let client: ClientProxy;
  const http = () => request(app.getHttpServer());
  beforeAll(async () => {
    app = await buildApp({ rpc: true });
    await app.startAllMicroservices();
    make = new Factory(app);
    client = createRpcClient(process.env.REDIS_URL!);
    await client.connect();
  });
  afterAll(async () => {
    await client.close();
    await app.close();
  });

  /** A published course with both video sources, in a category of its own, with a lesson. */
  async function courseWithVideo() {
    const tag = unique();
    const category = await make.category({ name: `Categoria ${tag}`, description: `Descrição ${tag}` });
    const file = `/api/files/videos/${uploadName()}`;
    const link = `https://www.youtube.com/watch?v=${randomBytes(4).toString('hex')}abc`;
    const course = await make.course({ title: `Carga de gás ${tag}`, course_category_id: category.id, video_url: link, video_file_url: file });
    await make.lesson(course.id, { youtube_video_id: 'dQw4w9WgXcQ' });
    return { tag, category, course, file, link };
  }

  const callers = {
    anonymous,
    inactive: userHeaders(undefined, 'inactive'),
    canceled: userHeaders(undefined, 'canceled'),
    // an administrator session alone is not a subscription: the admin routes carry the sources
    administrator: admin,
    flaggedAdminWithoutSubscription: signedIdentityHeaders({
      user: { id: unique('email_'), email: 'x@exemplo.com.br', name: 'Admin', subscriptionStatus: 'inactive', isAdmin: true },
      admin: { id: 'user:x', username: 'x@exemplo.com.br' },
    }),
  };

  it('every public listing route hides the video sources from callers without an active subscription', async () => {
    const { tag, category, course, file, link } = await courseWithVideo();
    const routes = [
      '/api/courses',
      `/api/courses?category=${category.slug}`,
      `/api/courses?category=${category.id}`,
      `/api/courses?search=${encodeURIComponent(`carga de gas ${tag}`)}`,
      '/api/course-categories',
      `/api/course-categories-with-stats?search=${encodeURIComponent(tag)}`,
    ];
    for (const [who, headers] of Object.entries(callers)) {
      for (const path of routes) {
        const res = await http().get(path).set(headers).expect(200);
        const text = JSON.stringify(res.body);
        expect({ who, path, leaks: text.includes(file) || text.includes(link) }).toEqual({ who, path, leaks: false });
        const mine = (res.body as Course[]).find((c) => c.id === course.id && 'video_url' in c);
        // the course itself is listed with the spec's shape, its sources null
        if (path.startsWith('/api/courses')) expect({ who, path, mine }).toEqual({ who, path, mine: expect.objectContaining({ video_url: null, video_file_url: null, title: course.title }) });
      }
    }
  });

  it('an active subscriber gets the sources in every course list and in the course; administrators on the admin routes', async () => {
    const { tag, category, course, file, link } = await courseWithVideo();
    const subscriber = userHeaders();
    for (const path of ['/api/courses', `/api/courses?category=${category.slug}`, `/api/courses?category=${category.id}`, `/api/courses?search=${encodeURIComponent(tag)}`]) {
      const res = await http().get(path).set(subscriber).expect(200);
      expect((res.body as Course[]).find((c) => c.id === course.id)).toMatchObject({ video_url: link, video_file_url: file });
    }
    expect((await http().get(`/api/courses/${course.id}`).set(subscriber).expect(200)).body).toMatchObject({ video_url: link, video_file_url: file });
    const adminList = await http().get('/api/admin/courses').query({ search: tag }).set(admin).expect(200);
    expect(adminList.body).toEqual([expect.objectContaining({ id: course.id, video_url: link, video_file_url: file })]);
    expect((await http().get(`/api/admin/courses/${course.id}`).set(admin).expect(200)).body).toMatchObject({ video_url: link, video_file_url: file });
  });

  it('tells the catalog which uploads courses reference, published only or drafts too', async () => {
    const [published, draft, inLink, unused, lesson, draftLesson] = [uploadName(), uploadName(), uploadName(), uploadName(), uploadName(), uploadName()];
    await make.course({ video_file_url: `/api/files/videos/${published}` });
    await make.course({ video_file_url: `https://clima.exemplo.com.br/api/files/videos/${draft}`, is_published: 0 });
    await make.course({ video_url: `https://clima.exemplo.com.br/api/files/videos/${inLink}` });
    // a lesson's own uploaded video, in a published course and in a draft
    await make.lesson((await make.course()).id, { video_file_url: `/api/files/videos/${lesson}` });
    await make.lesson((await make.course({ is_published: 0 })).id, { video_file_url: `/api/files/videos/${draftLesson}` });
    const names = [published, draft, inLink, unused, lesson, draftLesson];
    const pattern = rpcPattern('courses', VIDEO_REFERENCES_QUERY);

    const anyCourse = await ask<VideoReferencesAnswer>(client, pattern, { names, published_only: false }, 5000);
    expect(anyCourse?.referenced.sort()).toEqual([published, draft, inLink, lesson, draftLesson].sort());
    const publishedOnly = await ask<VideoReferencesAnswer>(client, pattern, { names, published_only: true }, 5000);
    expect(publishedOnly?.referenced.sort()).toEqual([published, inLink, lesson].sort());
    // a question that is not a list of upload names gets no answer (the catalog then keeps the files)
    expect(await ask(client, pattern, { names: ["' OR 1=1 --"], published_only: false }, 1000)).toBeNull();
  });
});
