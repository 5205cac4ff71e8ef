import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { SharedAnswers } from '@clima/common';
import { as, catalogApp, createCategory, createContent, unique } from './helpers';

/**
 * The public lists are kept as their bytes per audience and query until a write changes them (SharedAnswers).
 * Two copies of the service on the same database and Redis, under a key prefix of their own (no other spec's
 * writes reach their channel). A change written straight into the table, behind the service's back (the
 * platform never does this), shows whether an answer was kept.
 */
describe('shared answers of the catalog lists', () => {
  const prefix = `${process.env.KEY_PREFIX}_${unique('answers')}`;
  let a: NestFastifyApplication;
  let b: NestFastifyApplication;
  let ds: DataSource;

  const listening = async (app: NestFastifyApplication) => {
    for (let i = 0; i < 100 && !app.get(SharedAnswers).listening; i++) await new Promise((r) => setTimeout(r, 50));
    expect(app.get(SharedAnswers).listening).toBe(true);
  };
  const get = (app: NestFastifyApplication, path: string, headers: Record<string, string> = {}) => request(app.getHttpServer()).get(path).set(headers);
  const titles = async (app: NestFastifyApplication, path: string, headers: Record<string, string> = {}) =>
    ((await get(app, path, headers).expect(200)).body as { title: string }[]).map((c) => c.title);
  const behindTheBack = (id: number, title: string) => ds.query(`UPDATE catalog.contents SET title = $2 WHERE id = $1`, [id, title]);

  beforeAll(async () => {
    a = await catalogApp({ KEY_PREFIX: prefix });
    b = await catalogApp({ KEY_PREFIX: prefix });
    ds = a.get(DataSource);
    await listening(a);
    await listening(b);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it("keeps an answer until a write changes it: an administrator's edit shows on the very next request", async () => {
    const cat = await createCategory(a);
    const content = await createContent(a, { category_id: cat.id, title: 'Carga de gás' });
    const path = `/api/contents?category=${cat.slug}`;
    expect(await titles(a, path, as.subscriber())).toEqual(['Carga de gás']);
    await behindTheBack(content.id, 'mudado por fora');
    expect(await titles(a, path, as.subscriber())).toEqual(['Carga de gás']);

    await request(a.getHttpServer()).put(`/api/admin/contents/${content.id}`).set(as.admin()).send({ title: 'Carga de gás R-32' }).expect(200);
    expect(await titles(a, path, as.subscriber())).toEqual(['Carga de gás R-32']);

    await request(a.getHttpServer()).patch(`/api/admin/contents/${content.id}/toggle-published`).set(as.admin()).send({ is_published: 0 }).expect(200);
    expect(await titles(a, path, as.subscriber())).toEqual([]);
  });

  it('drops the answers another copy of the service keeps, before the edit is answered', async () => {
    const cat = await createCategory(a);
    const content = await createContent(a, { category_id: cat.id, title: 'Vácuo' });
    const path = `/api/contents?category=${cat.slug}`;
    expect(await titles(b, path)).toEqual(['Vácuo']);
    await behindTheBack(content.id, 'mudado por fora');
    expect(await titles(b, path)).toEqual(['Vácuo']);

    await request(a.getHttpServer()).put(`/api/admin/contents/${content.id}`).set(as.admin()).send({ title: 'Vácuo profundo' }).expect(200);
    expect(await titles(b, path)).toEqual(['Vácuo profundo']);

    // categories: renamed on one copy, the other copy's list and the contents' category names follow
    const categories = async (app: NestFastifyApplication) => ((await get(app, '/api/categories').expect(200)).body as { id: number; name: string }[]).find((c) => c.id === cat.id)?.name;
    expect(await categories(b)).toBe(cat.name);
    await request(a.getHttpServer()).put(`/api/admin/categories/${cat.id}`).set(as.admin()).send({ name: 'Refrigeração', slug: cat.slug }).expect(200);
    expect(await categories(b)).toBe('Refrigeração');
    expect((await get(b, path).expect(200)).body[0].category_name).toBe('Refrigeração');
  });

  it('counts a view in the list on the next request', async () => {
    const cat = await createCategory(a);
    const content = await createContent(a, { category_id: cat.id });
    const path = `/api/contents?category=${cat.slug}`;
    expect((await get(b, path).expect(200)).body[0].views_count).toBe(0);
    await get(a, `/api/contents/${content.id}`, as.subscriber()).expect(200);
    expect((await get(b, path).expect(200)).body[0].views_count).toBe(1);
  });

  it('answers 304 while the answer is the same, with a strong ETag that changes with it', async () => {
    const cat = await createCategory(a);
    const content = await createContent(a, { category_id: cat.id });
    const path = `/api/contents?category=${cat.slug}`;
    const first = await get(a, path).expect(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toBe('Cookie');

    for (const app of [a, b]) {
      const again = await get(app, path, { 'If-None-Match': etag });
      expect(again.status).toBe(304);
      expect(again.text ?? '').toBe('');
      expect(again.headers.etag).toBe(etag);
    }
    await request(a.getHttpServer()).put(`/api/admin/contents/${content.id}`).set(as.admin()).send({ title: content.title, description: 'Nova descrição' }).expect(200);
    const changed = await get(b, path, { 'If-None-Match': etag }).expect(200);
    expect(changed.body[0].description).toBe('Nova descrição');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('never gives one audience the answer kept for another (video sources only for active subscribers)', async () => {
    const cat = await createCategory(a);
    await createContent(a, { category_id: cat.id, video_url: 'https://youtu.be/assinantes' });
    const sources = async (path: string, headers: Record<string, string>) =>
      ((await get(a, path, headers).expect(200)).body as { video_url: string | null }[]).map((c) => c.video_url);

    const path = `/api/contents?category=${cat.slug}`;
    expect(await sources(path, as.subscriber())).toEqual(['https://youtu.be/assinantes']);
    expect(await sources(path, as.inactive())).toEqual([null]);
    expect(await sources(path, as.anonymous())).toEqual([null]);
    expect(await sources(path, as.subscriber())).toEqual(['https://youtu.be/assinantes']);

    // the other order, on another list: kept first for visitors
    const cat2 = await createCategory(a);
    await createContent(a, { category_id: cat2.id, video_url: 'https://youtu.be/assinantes' });
    const other = `/api/contents?category=${cat2.slug}`;
    expect(await sources(other, as.anonymous())).toEqual([null]);
    expect(await sources(other, as.subscriber())).toEqual(['https://youtu.be/assinantes']);
    expect(await sources(other, as.inactive())).toEqual([null]);
  });

  it('keeps nothing with ANSWER_CACHE_MB=0', async () => {
    const off = await catalogApp({ KEY_PREFIX: prefix, ANSWER_CACHE_MB: '0' });
    try {
      const cat = await createCategory(off);
      const content = await createContent(off, { category_id: cat.id, title: 'Antes' });
      const path = `/api/contents?category=${cat.slug}`;
      expect(await titles(off, path)).toEqual(['Antes']);
      await behindTheBack(content.id, 'Depois');
      expect(await titles(off, path)).toEqual(['Depois']);
      expect((await get(off, path).expect(200)).headers.etag).toMatch(/^"[\w-]{22}"$/);
    } finally {
      await off.close();
    }
  });
});
