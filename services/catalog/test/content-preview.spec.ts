import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ContentPreview } from '@clima/contract';
import { as, catalogApp, createCategory, createContent } from './helpers';

/** The locked preview of a shared content (issue 25): public, nothing a subscription pays for, no view counted. */
describe('GET /api/contents/:id/preview', () => {
  let app: NestFastifyApplication;
  let http: ReturnType<NestFastifyApplication['getHttpServer']>;
  beforeAll(async () => {
    app = await catalogApp();
    http = app.getHttpServer();
  });
  afterAll(() => app.close());

  it('shows a published content by its words only, to anyone, and counts no view', async () => {
    const category = await createCategory(app);
    const c = await createContent(app, {
      title: 'Vácuo com bomba de duplo estágio',
      description: 'Até 500 mícrons, com vacuômetro.',
      category_id: category.id,
      tags: '["vácuo","instalação"]',
      video_url: 'https://youtu.be/segredo1234',
    });
    for (const caller of [as.anonymous(), as.inactive(), as.subscriber()]) {
      const res = await request(http).get(`/api/contents/${c.id}/preview`).set(caller).expect(200);
      expect(res.body).toEqual({
        id: c.id,
        title: 'Vácuo com bomba de duplo estágio',
        description: 'Até 500 mícrons, com vacuômetro.',
        category_name: category.name,
        tags: c.tags,
        created_at: c.created_at,
      });
      ContentPreview.parse(res.body);
      const text = JSON.stringify(res.body);
      for (const paid of ['segredo1234', 'youtu', 'video', 'views_count']) expect(text).not.toContain(paid);
    }
    const opened = await request(http).get(`/api/contents/${c.id}`).set(as.subscriber()).expect(200);
    expect(opened.body.views_count).toBe(1);
  });

  it('answers 404 for a draft, an unknown or a malformed id', async () => {
    const draft = await createContent(app, { is_published: 0 });
    for (const id of [draft.id, 2_000_000_000, 'abc']) {
      const res = await request(http).get(`/api/contents/${id}/preview`).expect(404);
      expect(res.body).toEqual({ error: 'Conteúdo não encontrado' });
    }
  });
});
