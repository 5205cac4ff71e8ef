/**
 * GET /api/admin/stats through the real gateway, with every service running from its build and answering
 * over Redis RPC; then with the billing service stopped: the answer still comes, names the missing part,
 * and keeps the other services' figures.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AdminStats } from '@clima/contract';
import { Client } from 'pg';
import { AdministratorsService } from '../src/administrators/administrators.service';
import { assembleAdminStats, dayMonth } from '../src/stats/admin-stats.assemble';
import { bootApp, unique } from './helpers';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPlatform, testPlatformEnv } = require('../../../infra/platform.cjs') as typeof import('../../../infra/platform.cjs');
import type { Platform } from '../../../infra/platform.cjs';

jest.setTimeout(180_000);

const RPC_TIMEOUT_MS = 1500;
const saoPauloDay = (d = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(d);

let platform: Platform & { children: (ChildProcess & { name: string })[] };
let base: string;
let app: NestExpressApplication;
let db: Client;

async function call(path: string, cookie?: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(cookie ? { cookie } : {}), ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
    // the answer must come within the RPC timeout, whatever is down; this only stops a hanging call
    signal: AbortSignal.timeout(RPC_TIMEOUT_MS + 5000),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { status: res.status, json: (await res.json()) as Record<string, unknown>, cookies };
}

async function adminCookie(): Promise<string> {
  const username = unique('painel');
  await app.get(AdministratorsService).create({ username, password: 'senha-painel-1' });
  const res = await call('/api/admin/auth/login', undefined, { method: 'POST', body: { username, password: 'senha-painel-1' } });
  expect(res.status).toBe(200);
  return res.cookies;
}

beforeAll(async () => {
  ({ app } = await bootApp());
  db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  // a key prefix of its own: no other spec's in-process service can answer this platform's RPC patterns
  const env = await testPlatformEnv({
    DATABASE_URL: process.env.DATABASE_URL!,
    KEY_PREFIX: `${process.env.KEY_PREFIX}_dash`,
    LOG_LEVEL: 'warn',
    RPC_TIMEOUT_MS: String(RPC_TIMEOUT_MS),
    ADMIN_STATS_CACHE_SECONDS: '0',
  });
  platform = (await startPlatform({ env, install: false, build: false, seed: false })) as typeof platform;
  base = `http://127.0.0.1:${env.GATEWAY_PORT}`;
});

afterAll(async () => {
  await platform?.stop();
  await db?.end();
  await app?.close();
});

describe('GET /api/admin/stats', () => {
  it('is for administrators only: 401 anonymous, 403 for a signed-in end user', async () => {
    expect(await call('/api/admin/stats')).toMatchObject({ status: 401, json: { error: 'Não autorizado: faça login como administrador' } });
    const reg = await call('/api/auth/register', undefined, {
      method: 'POST',
      body: { name: 'Técnico Sem Painel', email: `${unique('sem-painel')}@exemplo.com.br`, password: 'segredo123' },
    });
    expect(reg.status).toBe(201);
    expect((await call('/api/admin/stats', reg.cookies)).status).toBe(403);
  });

  it("assembles every service's figures, then names the part whose service stopped answering", async () => {
    const today = saoPauloDay();
    const tag = randomBytes(4).toString('hex');

    // activity in each service's own schema
    const email = `${unique('recente')}@exemplo.com.br`;
    const reg = await call('/api/auth/register', undefined, { method: 'POST', body: { name: 'Técnica Recente', email, password: 'segredo123' } });
    expect(reg.status).toBe(201);
    const {
      rows: [category],
    } = await db.query(`INSERT INTO catalog.categories (name, slug) VALUES ($1, $2) RETURNING id`, [`Painel ${tag}`, `painel-${tag}`]);
    const topViews = 2_000_000_000 - Math.floor(Math.random() * 1000);
    const {
      rows: [content],
    } = await db.query(`INSERT INTO catalog.contents (title, category_id, is_published, views_count) VALUES ($1, $2, 1, $3) RETURNING id`, [
      `Vácuo na prática ${tag}`,
      category.id,
      topViews,
    ]);
    await db.query(`INSERT INTO catalog.daily_views (day, views) VALUES ($1, 7) ON CONFLICT (day) DO UPDATE SET views = catalog.daily_views.views + 7`, [today]);
    for (let i = 0; i < 3; i++) {
      await db.query(`INSERT INTO ranking.active_days (user_id, day, first_at, source) VALUES ($1, $2, now(), 'heartbeat')`, [`email_dash_${tag}_${i}`, today]);
      await db.query(`INSERT INTO ranking.sessions (user_id, started_at, last_seen_at, started_day) VALUES ($1, now(), now(), $2)`, [`email_dash_${tag}_${i}`, today]);
    }
    await db.query(
      `INSERT INTO billing.payments (user_id, provider, provider_payment_id, amount_cents, currency, paid_at) VALUES ($1, 'stripe', $2, 1990, 'BRL', now())`,
      [`email_dash_${tag}_0`, `pi_dash_${tag}`],
    );

    const cookie = await adminCookie();
    const full = await call('/api/admin/stats', cookie);
    expect(full.status).toBe(200);
    const stats = full.json as unknown as AdminStats;
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
    expect(stats.popularContents[0]).toEqual({ id: content.id, title: `Vácuo na prática ${tag}`, views_count: topViews, category_name: `Painel ${tag}` });
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
    expect(stats.chartData.views.at(-1)!.views).toBeGreaterThanOrEqual(7);

    // billing stops: the dashboard still answers (within the RPC timeout) and says what is missing
    const billing = platform.children.find((c) => c.name === 'billing');
    expect(billing).toBeDefined();
    await new Promise<void>((resolve) => {
      billing!.once('exit', () => resolve());
      billing!.kill('SIGTERM');
    });
    const partial = await call('/api/admin/stats', cookie);
    expect(partial.status).toBe(200);
    const degraded = partial.json as unknown as AdminStats;
    expect(degraded.missing).toEqual(['billing']);
    expect(degraded.monthlyRevenue).toBe(0);
    expect(degraded.chartData.revenue).toEqual([]);
    expect(degraded.popularContents[0]).toEqual(stats.popularContents[0]);
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
