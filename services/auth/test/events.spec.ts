import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Queue } from 'bullmq';
import { bullConnection, dataSourceOptions, EventBus, eventQueueName, runMigrations } from '@clima/common';
import { randomBytes } from 'node:crypto';
import { DataSource, DataSourceOptions } from 'typeorm';
import { psql } from '../../../infra/test/test-env';
import { entities, migrations, SCHEMA } from '../src/database';
import { DEMO_PASSWORD, seed } from '../src/seed';
import { adminBrowser, assertedIdentity, bootApp, Browser, eventually, registerUser } from './helpers';

const silent = { info: () => undefined };

describe('events', () => {
  let app: NestFastifyApplication;
  let bus: EventBus;
  beforeAll(async () => {
    ({ app } = await bootApp());
    bus = app.get(EventBus);
  });
  afterAll(() => app.close());

  const statusOf = async (id: string) => {
    const [row] = await app.get(DataSource).query(
      `SELECT subscription_status, subscription_plan, subscription_expires_at, subscription_updated_at FROM auth.users WHERE id = $1`,
      [id],
    );
    return row as { subscription_status: string; subscription_plan: string | null; subscription_expires_at: Date | null; subscription_updated_at: Date | null };
  };

  /** Waits until the auth worker has handled the fact about `userId` produced at `occurredAt`. */
  const handled = async (userId: string, occurredAt: string) => {
    const queue = new Queue(eventQueueName('auth'), { connection: bullConnection(process.env.REDIS_URL!), prefix: process.env.KEY_PREFIX });
    try {
      await eventually(async () => {
        const jobs = await queue.getJobs(['completed']);
        return jobs.some((j) => j?.data?.payload?.userId === userId && j.data.payload.occurredAt === occurredAt);
      }, 'the fact to be handled');
    } finally {
      await queue.close();
    }
  };

  describe('subscription.changed (from billing)', () => {
    it('activates the subscription; the identity and /me follow', async () => {
      const { browser, me } = await registerUser(app);
      await bus.publish('subscription.changed', {
        userId: me.id,
        status: 'active',
        plan: 'annual',
        expiresAt: '2030-01-31T00:00:00.000Z',
        occurredAt: new Date().toISOString(),
      });
      await eventually(async () => (await statusOf(me.id)).subscription_status === 'active', 'the subscription to be active');
      expect(assertedIdentity(await browser.identity()).user?.subscriptionStatus).toBe('active');
      expect((await browser.get('/api/users/me')).body).toMatchObject({
        subscription_status: 'active',
        subscription_plan: 'annual',
        subscription_expires_at: '2030-01-31T00:00:00.000Z',
      });
    });

    it('ignores a fact older than the last one applied, and a replay changes nothing', async () => {
      const { me } = await registerUser(app);
      const t0 = Date.now();
      const newer = { userId: me.id, status: 'canceled' as const, plan: 'monthly' as const, expiresAt: null, occurredAt: new Date(t0).toISOString() };
      const older = { userId: me.id, status: 'active' as const, plan: 'monthly' as const, expiresAt: null, occurredAt: new Date(t0 - 60_000).toISOString() };
      await bus.publish('subscription.changed', newer, { id: randomBytes(16).toString('hex') });
      await eventually(async () => (await statusOf(me.id)).subscription_status === 'canceled', 'the newer fact');
      await bus.publish('subscription.changed', older);
      // a marker fact published after the older one shows the worker has passed it
      const marker = await registerUser(app);
      await bus.publish('subscription.changed', { ...older, userId: marker.me.id });
      await eventually(async () => (await statusOf(marker.me.id)).subscription_status === 'active', 'the marker');
      await handled(me.id, older.occurredAt);
      const after = await statusOf(me.id);
      expect(after.subscription_status).toBe('canceled');
      expect(after.subscription_updated_at!.toISOString()).toBe(newer.occurredAt);
      // the same fact again (another delivery) leaves the same state
      await bus.publish('subscription.changed', newer);
      await bus.publish('subscription.changed', { ...older, userId: marker.me.id, status: 'expired', occurredAt: new Date(t0 + 1000).toISOString() });
      await eventually(async () => (await statusOf(marker.me.id)).subscription_status === 'expired', 'the second marker');
      expect(await statusOf(me.id)).toEqual(after);
    });

    it('an administrator\'s edit is newer than any earlier billing fact', async () => {
      const { me } = await registerUser(app);
      const before = new Date(Date.now() - 5_000).toISOString();
      const { browser: admin } = await adminBrowser(app);
      await admin.put(`/api/admin/users/${me.id}`, { subscription_status: 'expired' });
      await bus.publish('subscription.changed', { userId: me.id, status: 'active', plan: 'monthly', expiresAt: null, occurredAt: before });
      await handled(me.id, before);
      expect((await statusOf(me.id)).subscription_status).toBe('expired');
    });

    it('a fact about an unknown (deleted) user is ignored', async () => {
      const occurredAt = new Date().toISOString();
      await bus.publish('subscription.changed', { userId: 'email_987654321', status: 'active', plan: 'monthly', expiresAt: null, occurredAt });
      await handled('email_987654321', occurredAt);
      expect(await app.get(DataSource).query(`SELECT id FROM auth.users WHERE id = 'email_987654321'`)).toEqual([]);
    });
  });

  describe('facts published for the other services', () => {
    it('register publishes user.upserted and user.signed_in; each sign-in another user.signed_in', async () => {
      const { me, password } = await registerUser(app, { name: 'Ranking Teste' });
      await new Browser(app).post('/api/auth/signin', { email: me.email, password });
      const queue = new Queue(eventQueueName('ranking'), { connection: bullConnection(process.env.REDIS_URL!), prefix: process.env.KEY_PREFIX });
      try {
        const mine = await eventually(async () => {
          const jobs = (await queue.getJobs(['waiting', 'active', 'completed', 'delayed'])).filter((j) => j?.data?.payload?.userId === me.id);
          return jobs.length >= 3 ? jobs : undefined;
        }, 'the ranking jobs');
        const names = mine.map((j) => j.name).sort();
        expect(names).toEqual(['user.signed_in', 'user.signed_in', 'user.upserted']);
        const upserted = mine.find((j) => j.name === 'user.upserted')!;
        expect(upserted.data.payload).toEqual({ userId: me.id, email: me.email, name: 'Ranking Teste', createdAt: expect.stringMatching(/T/) });
      } finally {
        await queue.close();
      }
    });
  });
});

describe('seed', () => {
  const name = `clima_test_seed_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const base = process.env.TEST_DATABASE_BASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
  let ds: DataSource;
  beforeAll(async () => {
    psql(`CREATE DATABASE ${name}`);
    const options = dataSourceOptions({ url: `${base}/${name}`, schema: SCHEMA, entities, migrations, poolSize: 2 });
    await runMigrations(options as DataSourceOptions & { schema: string });
    ds = new DataSource(options as DataSourceOptions);
    await ds.initialize();
  });
  afterAll(async () => {
    await ds?.destroy();
    psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('creates the first administrator with a generated password once, and demo users into an empty table', async () => {
    const first = await seed(ds, silent, { NODE_ENV: 'test', ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined, SEED_DEMO_USERS: undefined });
    expect(first).toEqual({ adminUsername: 'admin', adminPassword: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/), created: true, demoUsers: 6 });
    const [admin] = await ds.query(`SELECT username, password_hash FROM auth.administrators`);
    expect(admin.password_hash).toMatch(/^\$argon2id\$/);
    const demo = await ds.query(`SELECT id, email, name, subscription_status, subscription_plan, password_hash, email_verified_at FROM auth.users WHERE email = 'demo@climapro.com.br'`);
    expect(demo[0]).toMatchObject({ id: expect.stringMatching(/^email_\d+$/), name: 'Técnico Demo', subscription_status: 'active', subscription_plan: 'monthly' });
    // demo accounts show the product, not the 'Confirme seu e-mail' banner
    expect(demo[0].email_verified_at).toBeInstanceOf(Date);
    const { verify } = await import('@node-rs/argon2');
    expect(await verify(demo[0].password_hash, DEMO_PASSWORD)).toBe(true);
    expect(await verify(admin.password_hash, first.adminPassword!)).toBe(true);
    const outbox = await ds.query(`SELECT name FROM auth.outbox`);
    expect(outbox).toHaveLength(6);

    const again = await seed(ds, silent, { NODE_ENV: 'test', ADMIN_USERNAME: 'outro', ADMIN_PASSWORD: 'outra-senha-1', SEED_DEMO_USERS: true });
    expect(again).toEqual({ adminUsername: 'admin', adminPassword: null, created: false, demoUsers: 0 });
    expect(await ds.query(`SELECT count(*)::int AS n FROM auth.users`)).toEqual([{ n: 6 }]);
  });

  it('takes the administrator from ADMIN_USERNAME/ADMIN_PASSWORD and seeds no demo users in production', async () => {
    // CASCADE: the tables that belong to a user (e-mailed links) go with it
    await ds.query(`TRUNCATE auth.administrators, auth.users, auth.outbox CASCADE`);
    const r = await seed(ds, silent, { NODE_ENV: 'production', ADMIN_USERNAME: 'chefe', ADMIN_PASSWORD: 'senha-do-chefe', SEED_DEMO_USERS: undefined });
    expect(r).toEqual({ adminUsername: 'chefe', adminPassword: 'senha-do-chefe', created: true, demoUsers: 0 });
    expect(await ds.query(`SELECT count(*)::int AS n FROM auth.users`)).toEqual([{ n: 0 }]);
  });
});
