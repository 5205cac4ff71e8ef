import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { createRpcClient, ask, EventBus, statsPattern } from '@clima/common';
import type { ManualsStats } from '@clima/contract';
import { as, buildApp, createManual, uid } from './helpers';

describe('downloads', () => {
  let app: NestFastifyApplication;
  let ds: DataSource;
  const download = (id: number | string, headers: Record<string, string>) =>
    request(app.getHttpServer()).post(`/api/manuals/${id}/download`).set(headers);
  const downloadsOf = async (manualId: number) =>
    (await ds.query(`SELECT user_id, downloaded_at FROM manuals.downloads WHERE manual_id = $1 ORDER BY id`, [manualId])) as {
      user_id: string;
      downloaded_at: Date;
    }[];
  const countOf = async (manualId: number) => (await ds.query(`SELECT download_count FROM manuals.manuals WHERE id = $1`, [manualId]))[0].download_count as number;

  beforeAll(async () => {
    app = await buildApp({}, { rpc: true });
    await app.startAllMicroservices();
    ds = app.get(DataSource);
  });
  afterAll(() => app.close());

  it('401 for a visitor, 403 without an active subscription; nothing is counted', async () => {
    const m = await createManual(app, { manufacturer_name: `Gate ${uid()}`, model_name: 'M' });
    expect((await download(m.id, as.anonymous).expect(401)).body).toEqual({ error: 'Você precisa estar logado' });
    expect((await download(m.id, as.inactive()).expect(403)).body).toEqual({ error: 'Assinatura ativa necessária' });
    expect(await countOf(m.id)).toBe(0);
    expect(await downloadsOf(m.id)).toEqual([]);
  });

  it('404 for an unknown, non-numeric or unpublished manual', async () => {
    const draft = await createManual(app, { manufacturer_name: `Draft ${uid()}`, model_name: 'M', is_published: 0 });
    for (const id of [draft.id, 2147483647, 'abc', '0', '1e3']) {
      expect((await download(id, as.subscriber()).expect(404)).body).toEqual({ error: 'Manual não encontrado' });
    }
    expect(await countOf(draft.id)).toBe(0);
  });

  it('counts the download, records who and when, and answers the address to open', async () => {
    const m = await createManual(app, {
      title: 'Manual de Serviço: Split/Inverter 12000',
      manufacturer_name: `Conta ${uid()}`,
      model_name: 'M',
      file_url: 'https://fabricante.example/servico.pdf',
    });
    const userId = `google_${uid()}`;
    const before = Date.now();
    const res = await download(m.id, as.subscriber(userId)).expect(200);
    expect(res.body).toEqual({
      url: 'https://fabricante.example/servico.pdf',
      file_url: 'https://fabricante.example/servico.pdf',
      external_url: null,
      filename: 'Manual de Serviço Split Inverter 12000.pdf',
    });
    expect(await countOf(m.id)).toBe(1);
    const records = await downloadsOf(m.id);
    expect(records).toHaveLength(1);
    expect(records[0]!.user_id).toBe(userId);
    expect(records[0]!.downloaded_at.getTime()).toBeGreaterThanOrEqual(before - 5000);
    const listed = await request(app.getHttpServer()).get(`/api/manuals?manufacturer=${m.manufacturer_id}`).expect(200);
    expect(listed.body[0].download_count).toBe(1);
  });

  it('answers the external link when the manual has no file', async () => {
    const m = await createManual(app, { title: 'Catálogo', manufacturer_name: `Ext ${uid()}`, model_name: 'M' });
    await ds.query(`UPDATE manuals.manuals SET file_url = NULL, external_url = 'https://fabricante.example/suporte' WHERE id = $1`, [m.id]);
    const res = await download(m.id, as.subscriber()).expect(200);
    expect(res.body).toEqual({ url: 'https://fabricante.example/suporte', file_url: null, external_url: 'https://fabricante.example/suporte', filename: 'Catálogo.pdf' });
  });

  it('50 concurrent downloads count exactly 50', async () => {
    const m = await createManual(app, { manufacturer_name: `Concorrente ${uid()}`, model_name: 'M' });
    const results = await Promise.all(Array.from({ length: 50 }, () => download(m.id, as.subscriber())));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(await countOf(m.id)).toBe(50);
    expect(await downloadsOf(m.id)).toHaveLength(50);
  });

  it('user.deleted removes that user’s download records and keeps the totals', async () => {
    const m = await createManual(app, { manufacturer_name: `Apagado ${uid()}`, model_name: 'M' });
    const gone = `email_${uid()}`;
    const stays = `email_${uid()}`;
    await download(m.id, as.subscriber(gone)).expect(200);
    await download(m.id, as.subscriber(gone)).expect(200);
    await download(m.id, as.subscriber(stays)).expect(200);
    const bus = app.get(EventBus);
    const handled = async (eventId: string) => {
      const jobId = `user.deleted:${eventId}`.replace(/:/g, '_');
      let state = '';
      for (let i = 0; i < 400 && state !== 'completed' && state !== 'failed'; i++) {
        state = await bus.queue('manuals').getJobState(jobId);
        if (state !== 'completed') await new Promise((r) => setTimeout(r, 25));
      }
      expect(state).toBe('completed');
    };
    const first = `del-${uid()}`;
    await bus.publish('user.deleted', { userId: gone }, { id: first });
    await handled(first);
    expect((await downloadsOf(m.id)).map((d) => d.user_id)).toEqual([stays]);
    expect(await countOf(m.id)).toBe(3);
    // a second delivery of the same fact is harmless
    const again = `del-${uid()}`;
    await bus.publish('user.deleted', { userId: gone }, { id: again });
    await handled(again);
    expect((await downloadsOf(m.id)).map((d) => d.user_id)).toEqual([stays]);
    expect(await countOf(m.id)).toBe(3);
  });

  it('answers the dashboard figures over RPC', async () => {
    const m = await createManual(app, { manufacturer_name: `Stats ${uid()}`, model_name: 'M' });
    await download(m.id, as.subscriber()).expect(200);
    const client = createRpcClient(process.env.REDIS_URL!);
    const totals = async () =>
      (
        await ds.query(`SELECT (SELECT count(*)::int FROM manuals.manuals) AS manuals,
                               (SELECT count(*)::int FROM manuals.manufacturers) AS manufacturers,
                               (SELECT coalesce(sum(download_count), 0)::int FROM manuals.manuals) AS downloads`)
      )[0] as { manuals: number; manufacturers: number; downloads: number };
    try {
      // other specs add data meanwhile: the answer lies between the figures read before and after
      const before = await totals();
      const stats = await ask<ManualsStats>(client, statsPattern('manuals'), {}, 5000);
      const after = await totals();
      expect(stats).not.toBeNull();
      expect(Object.keys(stats!).sort()).toEqual(['totalDownloads', 'totalManuals', 'totalManufacturers']);
      expect(stats!.totalManuals).toBeGreaterThanOrEqual(before.manuals);
      expect(stats!.totalManuals).toBeLessThanOrEqual(after.manuals);
      expect(stats!.totalManufacturers).toBeGreaterThanOrEqual(before.manufacturers);
      expect(stats!.totalManufacturers).toBeLessThanOrEqual(after.manufacturers);
      expect(stats!.totalDownloads).toBeGreaterThanOrEqual(before.downloads);
      expect(stats!.totalDownloads).toBeLessThanOrEqual(after.downloads);
    } finally {
      await client.close();
    }
  });
});
