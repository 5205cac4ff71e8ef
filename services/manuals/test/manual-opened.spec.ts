import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { EventBus } from '@clima/common';
import { as, buildApp, createManual, uid } from './helpers';

/**
 * A recorded download is a `manual.opened` fact for the ranking's learning points: written in the outbox in the
 * download's own transaction, handed to the ranking's queue by the relay, once per download.
 */
describe('manual.opened', () => {
  let app: NestFastifyApplication;
  let ds: DataSource;
  beforeAll(async () => {
    // the run's key prefix, as every manuals spec: whichever copy's relay takes the outbox row publishes it there
    app = await buildApp();
    ds = app.get(DataSource);
  });
  afterAll(() => app.close());

  const until = async <T>(check: () => Promise<T>, ms = 10_000): Promise<T> => {
    const deadline = Date.now() + ms;
    for (;;) {
      try {
        return await check();
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };

  it('is published to the ranking for each recorded download, and never for a refused one', async () => {
    const m = await createManual(app, { manufacturer_name: `Aberto ${uid()}`, model_name: 'M' });
    const userId = `email_${uid()}`;
    await request(app.getHttpServer()).post(`/api/manuals/${m.id}/download`).set(as.subscriber(userId)).expect(200);
    await request(app.getHttpServer()).post(`/api/manuals/${m.id}/download`).set(as.inactive(userId)).expect(403);
    await request(app.getHttpServer()).post(`/api/manuals/2147483647/download`).set(as.subscriber(userId)).expect(404);

    const queue = app.get(EventBus).queue('ranking');
    const jobs = await until(async () => {
      const found = (await queue.getJobs(['waiting', 'delayed', 'completed'])).filter((j) => j.data?.payload?.userId === userId);
      expect(found).toHaveLength(1);
      return found;
    });
    const [recorded] = await ds.query(`SELECT downloaded_at FROM manuals.downloads WHERE manual_id = $1 AND user_id = $2`, [m.id, userId]);
    expect(jobs[0]!.data).toMatchObject({ name: 'manual.opened', payload: { userId, manualId: m.id, at: expect.any(String) } });
    expect(Math.abs(Date.parse(jobs[0]!.data.payload.at) - new Date(recorded.downloaded_at).getTime())).toBeLessThan(5_000);
    // the relay emptied the outbox
    await until(async () => expect((await ds.query(`SELECT count(*)::int AS n FROM manuals.outbox WHERE payload->>'userId' = $1`, [userId]))[0].n).toBe(0));
    for (const job of jobs) await job.remove();
  });
});
