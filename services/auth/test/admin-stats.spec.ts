/**
 * GET /api/admin/stats: this service (in-process, as the gateway would call it) asks the real catalog, ranking and
 * billing services, started from their builds as child processes, over Redis RPC. Then billing is stopped: the
 * answer still comes, names the missing part and keeps the other services' figures.
 * Needs the services built (`npx tsc -b services/catalog services/ranking services/billing`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AdminStats } from '@clima/contract';
import { Client } from 'pg';
import { assembleAdminStats, dayMonth } from '../src/stats/admin-stats.assemble';
import { adminBrowser, bootApp, Browser, registerUser, unique } from './helpers';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { freePorts } = require('../../../infra/platform.cjs') as typeof import('../../../infra/platform.cjs');

jest.setTimeout(300_000);

const ROOT = join(__dirname, '../../..');
const REMOTE = ['catalog', 'ranking', 'billing'] as const;
const RPC_TIMEOUT_MS = 1500;
const saoPauloDay = (d = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(d);

let app: NestFastifyApplication;
let db: Client;
const children = new Map<string, ChildProcess>();

async function healthy(port: number, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false);
    if (ok) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A stats call the way the gateway makes it; it must come back within the RPC timeout, whatever is down. */
async function getStats(browser: Browser) {
  return Promise.race([
    browser.get('/api/admin/stats'),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('GET /api/admin/stats did not answer')), RPC_TIMEOUT_MS + 5000)),
  ]);
}

beforeAll(async () => {
  // a key prefix of this file's own (RPC patterns include it): no other spec's in-process service can answer
  process.env.KEY_PREFIX = `${process.env.KEY_PREFIX}_dash${randomBytes(2).toString('hex')}`;
  const ports = await freePorts(REMOTE.length);
  const env = { ...process.env, LOG_LEVEL: 'warn', WORKERS_IN_PROCESS: 'false' };
  for (const s of REMOTE) {
    const migrate = spawnSync(process.execPath, [join(ROOT, `services/${s}/dist/migrate.js`)], { env, encoding: 'utf8' });
    if (migrate.status !== 0) throw new Error(`${s} migrate: ${migrate.stderr}`);
  }
  REMOTE.forEach((s, i) => {
    const child = spawn(process.execPath, [join(ROOT, `services/${s}/dist/main.js`)], {
      env: { ...env, [`${s.toUpperCase()}_PORT`]: String(ports[i]) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.set(s, child);
  });
  ({ app } = await bootApp({ RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS), ADMIN_STATS_CACHE_SECONDS: '0' }));
  db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const deadline = Date.now() + 240_000;
  const up = await Promise.all(REMOTE.map((s, i) => healthy(ports[i]!, deadline)));
  if (up.includes(false)) throw new Error(`not healthy: ${REMOTE.filter((_, i) => !up[i]).join(', ')}`);
});

afterAll(async () => {
  await Promise.all([...children.values()].map(stop));
  await db?.end();
  await app?.close();
});

describe('GET /api/admin/stats', () => {
  it('is for administrators only: 401 anonymous, 403 for a signed-in end user', async () => {
    const anonymous = await getStats(new Browser(app));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: 'Não autorizado: faça login como administrador' });
    const { browser } = await registerUser(app);
    expect((await getStats(browser)).status).toBe(403);
  });

  it("assembles every service's figures, then names the part whose service stopped answering", async () => {
    const today = saoPauloDay();
    const tag = randomBytes(4).toString('hex');

    // activity in each service's own schema
    const email = `${unique('recente')}@exemplo.com.br`;
    await registerUser(app, { name: 'Técnica Recente', email });
    const {
      rows: [category],
    } = await db.query(`INSERT INTO catalog.categories (name, slug) VALUES ($1, $2) RETURNING id`, [`Painel ${tag}`, `painel-${tag}`]);
    const topViews = 1_500_000 - Math.floor(Math.random() * 1000);
    const {
      rows: [content],
    } = await db.query(`INSERT INTO catalog.contents (title, category_id, is_published, views_count) VALUES ($1, $2, 1, $3) RETURNING id`, [
      `Vácuo na prática ${tag}`,
      category.id,
      topViews,
    ]);
    await db.query(`INSERT INTO catalog.daily_views (day, views) VALUES ($1, 7) ON CONFLICT (day) DO UPDATE SET views = catalog.daily_views.views + 7`, [today]);
    for (let i = 0; i < 3; i++) {
      // a user's day of activity and the study sessions it had (the 'Acessos' chart reads both from this row)
      await db.query(`INSERT INTO ranking.active_days (user_id, day, first_at, source, sessions) VALUES ($1, $2, now(), 'heartbeat', 1)`, [`email_dash_${tag}_${i}`, today]);
    }
    await db.query(
      `INSERT INTO billing.payments (user_id, provider, provider_payment_id, amount_cents, currency, paid_at) VALUES ($1, 'stripe', $2, 1990, 'BRL', now())`,
      [`email_dash_${tag}_0`, `pi_dash_${tag}`],
    );

    const { browser } = await adminBrowser(app);
    const full = await getStats(browser);
    expect(full.status).toBe(200);
    const stats = full.body as AdminStats;
    expect(stats.missing).toEqual([]);
    expect(Object.keys(stats).sort()).toEqual(
      ['activeSubscriptions', 'chartData', 'missing', 'monthlyRevenue', 'popularContents', 'recentUsers', 'subscriptionStats', 'totalCategories', 'totalContents', 'totalUsers', 'totalViews'].sort(),
    );
    const [{ n: users }] = (await db.query(`SELECT count(*)::int AS n FROM auth.users`)).rows as { n: number }[];
    expect(stats.totalUsers).toBeGreaterThanOrEqual(2);
    expect(stats.totalUsers).toBeLessThanOrEqual(users!);
    expect(stats.recentUsers.map((u) => u.email)).toContain(email);
    expect(stats.recentUsers.find((u) => u.email === email)).toEqual({
      id: expect.stringMatching(/^email_\d+$/),
      name: 'Técnica Recente',
      email,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      subscription_status: 'inactive',
    });
    expect(stats.totalContents).toBeGreaterThanOrEqual(1);
    expect(stats.totalCategories).toBeGreaterThanOrEqual(1);
    expect(stats.totalViews).toBeGreaterThanOrEqual(topViews);
    // other specs share the database: this content is among the most watched, which come best first
    expect(stats.popularContents).toContainEqual({ id: content.id, title: `Vácuo na prática ${tag}`, views_count: topViews, category_name: `Painel ${tag}` });
    expect(stats.monthlyRevenue).toBeGreaterThanOrEqual(19.9);
    expect(stats.subscriptionStats).toEqual({ monthly: expect.any(Number), annual: expect.any(Number) });

    // three series of the last 30 São Paulo days, oldest first, in pt-BR 'dd/mm'
    for (const series of [stats.chartData.revenue, stats.chartData.access, stats.chartData.views]) {
      expect(series).toHaveLength(30);
      expect(series.every((d) => /^\d{2}\/\d{2}$/.test(d.formattedDate))).toBe(true);
      expect(series.at(-1)!.formattedDate).toBe(dayMonth(today));
    }
    expect(stats.chartData.revenue.at(-1)!.revenue).toBeGreaterThanOrEqual(19.9);
    expect(stats.chartData.access.at(-1)!.unique_users).toBeGreaterThanOrEqual(3);
    expect(stats.chartData.access.at(-1)!.total_sessions).toBeGreaterThanOrEqual(3);
    for (const d of stats.chartData.access) expect(d.unique_users).toBeLessThanOrEqual(d.total_sessions);
    expect(stats.chartData.views.at(-1)!.views).toBeGreaterThanOrEqual(7);

    // billing stops: the dashboard still answers (within the RPC timeout) and says what is missing
    await stop(children.get('billing')!);
    const partial = await getStats(browser);
    expect(partial.status).toBe(200);
    const degraded = partial.body as AdminStats;
    expect(degraded.missing).toEqual(['billing']);
    expect(degraded.monthlyRevenue).toBe(0);
    expect(degraded.chartData.revenue).toEqual([]);
    expect(degraded.popularContents).toContainEqual(stats.popularContents.find((c) => c.id === content.id));
    expect(degraded.chartData.access).toHaveLength(30);
    expect(degraded.chartData.views).toHaveLength(30);
    expect(degraded.recentUsers.map((u) => u.email)).toContain(email);
    expect(degraded.subscriptionStats).toEqual({ monthly: expect.any(Number), annual: expect.any(Number) });
  });
});

describe('assembleAdminStats', () => {
  it('turns São Paulo days into dd/mm and fills a missing part with zeros and empty lists', () => {
    const auth = { totalUsers: 3, activeSubscriptions: 1, recentUsers: [], subscriptionStats: { monthly: 1, annual: 0 } };
    const out = assembleAdminStats({
      auth,
      catalog: null,
      ranking: { access: [{ date: '2025-03-09', unique_users: 2, total_sessions: 5 }] },
      billing: { monthlyRevenue: 218.9, revenuePerDay: [{ date: '2025-03-09', revenue: 19.9 }], subscriptionStats: { monthly: 9, annual: 9 } },
    });
    expect(out).toEqual({
      totalUsers: 3,
      activeSubscriptions: 1,
      totalContents: 0,
      totalCategories: 0,
      totalViews: 0,
      monthlyRevenue: 218.9,
      chartData: {
        revenue: [{ formattedDate: '09/03', revenue: 19.9 }],
        access: [{ formattedDate: '09/03', unique_users: 2, total_sessions: 5 }],
        views: [],
      },
      recentUsers: [],
      popularContents: [],
      // the distribution comes from the users' own subscription fields, as activeSubscriptions does
      subscriptionStats: { monthly: 1, annual: 0 },
      missing: ['catalog'],
    });
  });
});
