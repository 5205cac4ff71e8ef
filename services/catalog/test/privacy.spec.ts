/**
 * The catalog's part of the LGPD self-service: its answer to the export query is exactly the user's view
 * records, and a deleted user leaves no row that names them (an uploader with the admin flag included).
 */
import type { ClientProxy } from '@nestjs/microservices';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ask, createRpcClient, EventBus, rpcPattern } from '@clima/common';
import { CatalogExport, USER_EXPORT_QUERY } from '@clima/contract';
import { as, catalogApp, createContent, unique } from './helpers';

describe('catalog: LGPD export and deletion', () => {
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

  const exportOf = (userId: string) => ask<unknown>(client, rpcPattern('catalog', USER_EXPORT_QUERY), { userId }, 5000);

  it("answers the export query with the user's views only, in the contract's shape", async () => {
    const user = unique('email_v');
    const a = await createContent(app, { title: unique('Carga de gás ') });
    const b = await createContent(app, { title: unique('Vácuo ') });
    for (const c of [a, b]) await request(app.getHttpServer()).get(`/api/contents/${c.id}`).set(as.subscriber(user)).expect(200);
    await request(app.getHttpServer()).get(`/api/contents/${a.id}`).set(as.subscriber(unique('email_other'))).expect(200);

    const answer = CatalogExport.parse(await exportOf(user));
    const held = (await ds.query(`SELECT content_id, to_char(day, 'YYYY-MM-DD') AS day, viewed_at FROM catalog.content_views WHERE user_id = $1 ORDER BY viewed_at`, [
      user,
    ])) as { content_id: number; day: string; viewed_at: Date }[];
    expect(answer.views).toEqual(held.map((h) => ({ content_id: h.content_id, content_title: h.content_id === a.id ? a.title : b.title, day: h.day, viewed_at: h.viewed_at.toISOString() })));
    expect(answer.views.map((v) => v.content_id).sort()).toEqual([a.id, b.id].sort());

    expect(await exportOf(unique('email_nobody'))).toEqual({ views: [], positions: [] });
    // a question that is not the contract's gets no answer (the asker treats it as missing)
    expect(await ask<unknown>(client, rpcPattern('catalog', USER_EXPORT_QUERY), { user: 'x' }, 1000)).toBeNull();
  });

  it('user.deleted removes the views and the uploader name of an end user with the admin flag', async () => {
    const user = unique('email_up');
    const c = await createContent(app, { title: unique('Upload ') });
    await request(app.getHttpServer()).get(`/api/contents/${c.id}`).set(as.subscriber(user)).expect(200);
    const file = `${unique('video')}.mp4`;
    await ds.query(`INSERT INTO catalog.video_uploads (name, content_type, size_bytes, uploaded_by) VALUES ($1, 'video/mp4', 10, $2)`, [file, `user:${user}`]);

    await app.get(EventBus).publish('user.deleted', { userId: user }, { id: unique('ev') });
    for (let i = 0; i < 200; i++) {
      const [{ n }] = (await ds.query(`SELECT count(*)::int AS n FROM catalog.content_views WHERE user_id = $1`, [user])) as { n: number }[];
      const [{ by }] = (await ds.query(`SELECT uploaded_by AS by FROM catalog.video_uploads WHERE name = $1`, [file])) as { by: string | null }[];
      if (n === 0 && by === null) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await ds.query(`SELECT 1 FROM catalog.content_views WHERE user_id = $1`, [user])).toHaveLength(0);
    // the upload stays (contents may point at it); who uploaded it does not
    expect(await ds.query(`SELECT uploaded_by FROM catalog.video_uploads WHERE name = $1`, [file])).toEqual([{ uploaded_by: null }]);
  });
});
