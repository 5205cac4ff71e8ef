import type { ClientProxy } from '@nestjs/microservices';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { ask, createRpcClient, EventBus, statsPattern } from '@clima/common';
import type { CatalogStats } from '@clima/contract';
import { as, catalogApp, createCategory, createContent, unique } from './helpers';

async function eventually<T>(probe: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  for (;;) {
    const v = await probe();
    if (done(v)) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('catalog figures and events', () => {
  let app: NestFastifyApplication;
  let client: ClientProxy;
  let ds: DataSource;
  beforeAll(async () => {
    app = await catalogApp();
    await app.startAllMicroservices();
    ds = app.get(DataSource);
    client = createRpcClient(process.env.REDIS_URL!);
    await client.connect();
  });
  afterAll(async () => {
    await client.close();
    await app.close();
  });

  it('answers the dashboard figures over Redis', async () => {
    const cat = await createCategory(app);
    const popular = await createContent(app, { category_id: cat.id, title: unique('Popular ') });
    await ds.query(`UPDATE catalog.contents SET views_count = 1000000 WHERE id = $1`, [popular.id]);
    await request(app.getHttpServer()).get(`/api/contents/${popular.id}`).set(as.subscriber()).expect(200);

    const stats = await ask<CatalogStats>(client, statsPattern('catalog'), {}, 5000);
    expect(stats).not.toBeNull();
    const [{ contents, categories, views }] = await ds.query(
      `SELECT (SELECT count(*) FROM catalog.contents)::int AS contents, (SELECT count(*) FROM catalog.categories)::int AS categories,
              (SELECT sum(views_count) FROM catalog.contents)::int AS views`,
    );
    // parallel specs add rows meanwhile, so the figures lie between what existed before and after the question
    expect(stats!.totalContents).toBeGreaterThanOrEqual(1);
    expect(stats!.totalContents).toBeLessThanOrEqual(contents);
    expect(stats!.totalCategories).toBeLessThanOrEqual(categories);
    expect(stats!.totalViews).toBeGreaterThanOrEqual(1_000_001);
    expect(stats!.totalViews).toBeLessThanOrEqual(views);

    expect(stats!.viewsPerDay).toHaveLength(30);
    const [{ today }] = await ds.query(`SELECT to_char((now() AT TIME ZONE 'America/Sao_Paulo')::date, 'YYYY-MM-DD') AS today`);
    expect(stats!.viewsPerDay[29].date).toBe(today);
    expect(stats!.viewsPerDay[29].views).toBeGreaterThanOrEqual(1);
    expect(new Date(stats!.viewsPerDay[0].date).getTime()).toBe(new Date(today).getTime() - 29 * 86_400_000);
    for (const d of stats!.viewsPerDay) expect(d).toEqual({ date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/), views: expect.any(Number) });

    expect(stats!.popularContents.length).toBeLessThanOrEqual(5);
    // other specs may hold a more-watched content at the same time: ours is among the five, in order
    expect(stats!.popularContents).toContainEqual({ id: popular.id, title: popular.title, views_count: 1_000_001, category_name: cat.name });
    const counts = stats!.popularContents.map((c) => c.views_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it("removes a deleted user's view records and keeps the totals", async () => {
    const c = await createContent(app);
    const gone = unique('email_');
    const stays = unique('email_');
    await request(app.getHttpServer()).get(`/api/contents/${c.id}`).set(as.subscriber(gone)).expect(200);
    await request(app.getHttpServer()).get(`/api/contents/${c.id}`).set(as.subscriber(stays)).expect(200);

    const bus = app.get(EventBus);
    const event = { id: unique('ev') };
    await bus.publish('user.deleted', { userId: gone }, event);
    // the same fact delivered twice is harmless
    await bus.publish('user.deleted', { userId: gone }, { id: unique('ev') });

    const users = await eventually(
      async () => (await ds.query(`SELECT user_id FROM catalog.content_views WHERE content_id = $1 ORDER BY user_id`, [c.id])).map((r: { user_id: string }) => r.user_id),
      (ids: string[]) => !ids.includes(gone),
    );
    expect(users).toEqual([stays]);
    const [{ views_count }] = await ds.query(`SELECT views_count FROM catalog.contents WHERE id = $1`, [c.id]);
    expect(views_count).toBe(2);
  });
});
