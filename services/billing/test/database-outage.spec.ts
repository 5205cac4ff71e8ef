import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createConnection, createServer, Server, Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { buildApp, deliver, newUserId, subscriptionRows } from './helpers';
import { DAY, event, nowUnix, rid, subscription } from './stripe-fixtures';

/** A TCP hop to Postgres that the test can cut and restore, as a database restart would. */
class Hop {
  private server?: Server;
  private sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: { host: string; port: number }) {}

  async up(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = createConnection(this.target);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((r) => this.server!.listen(this.port, '127.0.0.1', r));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async down(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise((r) => this.server?.close(r));
  }
}

describe('webhook while the database is briefly unavailable', () => {
  let app: NestFastifyApplication;
  let hop: Hop;
  let directApp: NestFastifyApplication;
  let direct: DataSource;

  beforeAll(async () => {
    const url = new URL(process.env.DATABASE_URL!);
    hop = new Hop({ host: url.hostname, port: Number(url.port || 5432) });
    await hop.up();
    const viaHop = new URL(url);
    viaHop.hostname = '127.0.0.1';
    viaHop.port = String(hop.port);
    ({ app } = await buildApp({ DATABASE_URL: viaHop.toString() }));
    ({ app: directApp, ds: direct } = await buildApp());
  });
  afterAll(async () => {
    await hop.down().catch(() => undefined);
    await app.close();
    await directApp.close();
  });

  it('answers 5xx so the provider retries, keeps nothing half-done, and processes the retry', async () => {
    const userId = newUserId();
    const evt = event('customer.subscription.created', subscription({ id: rid('sub'), customer: rid('cus'), userId, status: 'active', periodEnd: nowUnix() + 30 * DAY }));
    await hop.down();
    const during = await deliver(app, evt);
    expect(during.status).toBeGreaterThanOrEqual(500);
    expect(during.status).toBe(503);
    expect(during.body.error).toEqual(expect.any(String));
    expect(await direct.query(`SELECT 1 FROM billing.processed_events WHERE event_id = $1`, [evt.id])).toHaveLength(0);
    expect(await subscriptionRows(direct, userId)).toHaveLength(0);

    await hop.up();
    const retry = await deliver(app, evt);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual({ received: true });
    expect(await subscriptionRows(direct, userId)).toEqual([expect.objectContaining({ status: 'active', plan: 'monthly' })]);
  });
});
