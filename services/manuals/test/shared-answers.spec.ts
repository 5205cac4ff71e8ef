import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { SharedAnswers } from '@clima/common';
import type { Manual } from '@clima/contract';
import { as, buildApp, createManual, uid } from './helpers';

/**
 * The manuals lists are kept per query string until a write of a manual, a download or the text job's outcome
 * (SharedAnswers). Two copies of the service under a key prefix of their own; a change written straight into the
 * table (never done by the platform) shows whether an answer was kept.
 */
describe('shared answers of the manuals lists', () => {
  const prefix = `${process.env.KEY_PREFIX}_answers${uid()}`;
  let a: NestFastifyApplication;
  let b: NestFastifyApplication;

  const copy = async () => {
    const app = await buildApp({ KEY_PREFIX: prefix });
    for (let i = 0; i < 100 && !app.get(SharedAnswers).listening; i++) await new Promise((r) => setTimeout(r, 50));
    expect(app.get(SharedAnswers).listening).toBe(true);
    return app;
  };

  beforeAll(async () => {
    a = await copy();
    b = await copy();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it("shows a download and an administrator's edit made on one copy in the other copy's list on the very next request", async () => {
    const manufacturer = `Fabricante ${uid()}`;
    const manual = await createManual(a, { manufacturer_name: manufacturer, model_name: `Modelo ${uid()}`, title: 'Manual de serviço' });
    const path = `/api/manuals?manufacturer=${encodeURIComponent(manufacturer)}`;
    const listed = async () => ((await request(b.getHttpServer()).get(path).expect(200)).body as Manual[])[0]!;
    expect(await listed()).toMatchObject({ id: manual.id, title: 'Manual de serviço', download_count: 0 });
    await a.get(DataSource).query(`UPDATE manuals.manuals SET title = 'mudado por fora' WHERE id = $1`, [manual.id]);
    expect((await listed()).title).toBe('Manual de serviço');

    await request(a.getHttpServer()).post(`/api/manuals/${manual.id}/download`).set(as.subscriber()).expect(200);
    expect(await listed()).toMatchObject({ download_count: 1 });

    await request(a.getHttpServer()).put(`/api/admin/manuals/${manual.id}`).set(as.admin).send({ title: 'Manual de instalação' }).expect(200);
    expect((await listed()).title).toBe('Manual de instalação');
    await request(a.getHttpServer()).put(`/api/admin/manuals/${manual.id}`).set(as.admin).send({ is_published: 0 }).expect(200);
    expect((await request(b.getHttpServer()).get(path).expect(200)).body).toEqual([]);
  });

  it('answers 304 to If-None-Match while the list is the same', async () => {
    const manufacturer = `Fabricante ${uid()}`;
    await createManual(a, { manufacturer_name: manufacturer, model_name: `Modelo ${uid()}` });
    const path = `/api/manuals?manufacturer=${encodeURIComponent(manufacturer)}`;
    const first = await request(a.getHttpServer()).get(path).expect(200);
    const again = await request(b.getHttpServer()).get(path).set('If-None-Match', first.headers.etag as string);
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(first.headers.etag);
  });
});
