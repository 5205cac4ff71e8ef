/**
 * Fault suite (`npm run test:faults`): the real platform on a PostgreSQL cluster and a Redis server of
 * its own (temporary folders, free ports; the machine's shared servers are never touched), under load:
 *  1. a service process killed → the gateway answers 503 JSON at once; the service serves again after restart;
 *  2. a webhook arriving while billing is down → 503; processed (once) when the provider sends it again;
 *  3. PostgreSQL stopped → 503 with a clear JSON error, /health says why; recovery without any restart;
 *  4. Redis restarted (append-only file, appendfsync always) → sessions survive, queued heartbeats are
 *     neither lost nor counted twice, every service reconnects by itself.
 */
import { event, nowUnix, rid, sign, subscription } from '../../../services/billing/test/stripe-fixtures';
import { Outcome, send, startLoad, summarize } from '../support/load';
import { eventually, scrapeMetrics, sleep, startTestPlatform, stopChild, TestPlatform, waitHealthy, WEBHOOK_SECRET } from '../support/platform';
import { PrivatePostgres, PrivateRedis, startPrivatePostgres, startPrivateRedis } from '../support/private-servers';
import { registerUser } from '../support/roles';

jest.setTimeout(600_000);

let pg: PrivatePostgres;
let redis: PrivateRedis;
let t: TestPlatform;
const figures: string[] = [];

const UNAVAILABLE = new Set([
  'Serviço temporariamente indisponível. Tente novamente em instantes.',
  'Banco de dados indisponível. Tente novamente em instantes.',
  'Serviço de autenticação indisponível. Tente novamente em instantes.',
]);

beforeAll(async () => {
  pg = await startPrivatePostgres();
  redis = await startPrivateRedis();
  t = await startTestPlatform({ tag: 'faults', seed: true, pgBase: pg.base, redisUrl: redis.url, env: { RANKING_HEARTBEAT_MIN_INTERVAL_MS: '0' } });
});

afterAll(async () => {
  process.stdout.write(`[faults]\n${figures.map((f) => `  ${f}`).join('\n')}\n`);
  await t?.stop();
  await redis?.destroy();
  pg?.destroy();
});

/** Every answer that is not a 200 must be a quick JSON 503 with one of the platform's unavailability messages. */
function badAnswers(list: Outcome[], maxMs: number): string[] {
  return list
    .filter((o) => o.status !== 200)
    .filter((o) => {
      let error: unknown;
      try {
        error = (JSON.parse(o.body) as { error?: unknown }).error;
      } catch {
        /* not JSON */
      }
      return o.status !== 503 || !o.contentType.includes('application/json') || !UNAVAILABLE.has(String(error)) || o.ms > maxMs;
    })
    .map((o) => `${o.path}: ${o.status} em ${o.ms} ms ${o.body.slice(0, 100)}`);
}

describe('faults under load', () => {
  it('a killed service: 503 JSON at once from the gateway, and it serves again after restart', async () => {
    const load = startLoad(t.base, ['/api/contents', '/api/categories', '/api/courses'], { concurrency: 4 });
    await sleep(1500);
    const killedAt = Date.now();
    await stopChild(t.processOf('catalog'), 'SIGKILL');
    await sleep(4000);
    const restartedAt = Date.now();
    t.spawnService('catalog');
    await waitHealthy(t.platform.ports.catalog!);
    const healthyAt = Date.now();
    await sleep(1500);
    const outcomes = await load.stop();
    // anonymous public lists may be answered from the gateway's cache just after the kill: nginx keeps them 1 s
    // counted in whole seconds, so up to 2 s (render.ts anonymousReadLocation)
    const down = outcomes.filter((o) => o.at >= killedAt + 2100 && o.at < restartedAt && o.path !== '/api/courses');
    const after = outcomes.filter((o) => o.at >= healthyAt + 300);
    figures.push(
      `service killed (catalog, SIGKILL): ${outcomes.length} requests ${JSON.stringify(summarize(outcomes))}; while down ${down.length} catalog requests, ` +
        `all 503 JSON, slowest ${Math.max(...down.map((o) => o.ms))} ms; lost (no answer) ${outcomes.filter((o) => o.status === 0).length}`,
    );
    expect(down.length).toBeGreaterThan(10);
    expect(down.every((o) => o.status === 503)).toBe(true);
    expect(badAnswers(outcomes, 3000)).toEqual([]);
    expect(after.length).toBeGreaterThan(10);
    expect(after.every((o) => o.status === 200)).toBe(true);
  });

  it('a webhook sent during a billing outage is refused with 503 and processed once when the provider retries', async () => {
    const user = await registerUser(t, 'webhook');
    const sub = subscription({ id: rid('sub'), customer: rid('cus'), userId: user.userId, status: 'active', periodEnd: nowUnix() + 30 * 86_400 });
    const evt = event('customer.subscription.created', sub);
    const payload = JSON.stringify(evt);
    const deliver = () => t.call('POST', '/api/billing/webhook', { body: payload, headers: { 'stripe-signature': sign(payload, WEBHOOK_SECRET) } });

    await stopChild(t.processOf('billing'), 'SIGKILL');
    const during = await deliver();
    expect(during.status).toBe(503);
    expect(UNAVAILABLE.has(String(during.json.error))).toBe(true);
    expect((await t.call('GET', '/api/users/me', { cookie: user.cookie })).json.subscription_status).not.toBe('active');

    t.spawnService('billing');
    await waitHealthy(t.platform.ports.billing!);
    // the provider retries the same event (same id), signed again
    const retried = await deliver();
    expect(retried.status).toBe(200);
    expect(retried.json.received).toBe(true);
    const me = await eventually(async () => {
      const res = await t.call('GET', '/api/users/me', { cookie: user.cookie });
      if (res.json.subscription_status !== 'active') throw new Error(`status ${String(res.json.subscription_status)}`);
      return res.json;
    });
    expect(me.subscription_plan).toBe('monthly');
    const again = await deliver();
    expect(again.status).toBe(200);
    expect(again.json.duplicate).toBe(true);
    const rows = await t.sql(`SELECT id FROM billing.subscriptions WHERE user_id = $1`, [user.userId]);
    expect(rows).toHaveLength(1);
    figures.push(`webhook during billing outage: 503 while down; retried after restart → processed once (duplicate on a third delivery), user active`);
  });

  it('PostgreSQL stopped: 503 with a clear JSON error, /health says why, and recovery without a restart', async () => {
    const user = await registerUser(t, 'pg');
    const pids = Object.fromEntries(t.platform.services.map((s) => [s, t.processOf(s).pid]));
    const paths = ['/api/contents', '/api/courses', '/api/manuals', '/api/plans', '/api/ranking', '/api/users/me'];
    const load = startLoad(t.base, paths, { concurrency: 4, cookie: user.cookie });
    await sleep(1500);
    const stoppedAt = Date.now();
    pg.stop();
    await sleep(3000);
    const health = await Promise.all(
      t.platform.services.map(async (s) => {
        const res = await fetch(`http://127.0.0.1:${t.platform.ports[s]}/health`);
        return { s, status: res.status, body: (await res.json()) as { status: string; checks: { database: string; redis: string } } };
      }),
    );
    const duringOutage = load.outcomes.filter((o) => o.at > stoppedAt + 500);
    const restartedAt = Date.now();
    pg.start();
    const recovered = await eventually(async () => {
      const res = await send(t.base, '/api/contents');
      if (res.status !== 200) throw new Error(`ainda ${res.status}`);
      return Date.now();
    }, 60_000);
    for (const s of t.platform.services) await waitHealthy(t.platform.ports[s]!, 30_000);
    await sleep(1500);
    const outcomes = await load.stop();
    const after = outcomes.filter((o) => o.at >= recovered + 1000);

    for (const h of health) {
      expect([h.s, h.status]).toEqual([h.s, 503]);
      expect(h.body.status).toBe('error');
      expect(h.body.checks.database).not.toBe('ok');
      expect(h.body.checks.database.length).toBeGreaterThan(3);
      expect(h.body.checks.redis).toBe('ok');
    }
    expect(duringOutage.filter((o) => o.status === 503).length).toBeGreaterThan(5);
    expect(badAnswers(outcomes, 5000)).toEqual([]);
    expect(after.length).toBeGreaterThan(10);
    expect(after.filter((o) => o.status !== 200).map((o) => `${o.path} ${o.status}`)).toEqual([]);
    // nobody was restarted
    for (const s of t.platform.services) expect(t.processOf(s).pid).toBe(pids[s]);
    expect(t.platform.services.every((s) => t.processOf(s).exitCode === null)).toBe(true);
    figures.push(
      `PostgreSQL stopped (pg_ctl -m fast) for ${((recovered - stoppedAt) / 1000).toFixed(1)} s: ${outcomes.length} requests ${JSON.stringify(summarize(outcomes))}; ` +
        `every /health 503 naming the database ("${health[0]?.body.checks.database}"); back ${((recovered - restartedAt) / 1000).toFixed(1)} s after the start, no process restarted; ` +
        `lost ${outcomes.filter((o) => o.status === 0).length}`,
    );
  });

  it('Redis restarted: sessions survive, queued heartbeats are counted exactly once, services reconnect by themselves', async () => {
    const sessionHolder = await registerUser(t, 'session');
    // points are computed by the ranking worker: stop it so the heartbeats wait in the queue across the restart
    await stopChild(t.processOf('ranking-worker'), 'SIGTERM');
    const users = [];
    for (let i = 0; i < 8; i++) users.push(await registerUser(t, `hb${i}`));
    // a study heartbeat each (a video playing): the HTTP process queues them in batches
    const study = { body: { activity: 'video', visible: true }, headers: { 'content-type': 'application/json' } };
    for (const u of users) {
      const res = await t.call('POST', '/api/users/session/heartbeat', { cookie: u.cookie, ...study });
      expect(res.status).toBe(200);
    }
    const waiting = async () => {
      const text = await scrapeMetrics(t.platform.ports.ranking, t.env);
      return Number(/^queue_jobs\{[^}]*queue="ranking-heartbeats"[^}]*state="waiting"[^}]*\} (\d+)/m.exec(text)?.[1] ?? -1);
    };
    await eventually(async () => expect(await waiting()).toBeGreaterThanOrEqual(1), 15_000, 500);

    const pids = Object.fromEntries(t.platform.services.map((s) => [s, t.processOf(s).pid]));
    await redis.stop();
    const down = await t.call('GET', '/api/users/me', { cookie: sessionHolder.cookie, timeoutMs: 15_000 });
    await sleep(2000);
    await redis.start();

    const me = await eventually(async () => {
      const res = await t.call('GET', '/api/users/me', { cookie: sessionHolder.cookie });
      if (res.status !== 200) throw new Error(`users/me ${res.status} ${res.text}`);
      return res;
    }, 30_000);
    expect(me.json.id).toBe(sessionHolder.userId);
    for (const s of t.platform.services) await waitHealthy(t.platform.ports[s]!, 30_000);
    for (const s of t.platform.services) expect(t.processOf(s).pid).toBe(pids[s]);

    // the worker comes back: every queued heartbeat is processed, none twice
    t.spawnService('ranking', { worker: true });
    const ids = users.map((u) => u.userId);
    const stats = await eventually(async () => {
      const rows = await t.sql<{ user_id: string; points: number; seconds: number }>(
        `SELECT s.user_id, s.points, (SELECT coalesce(sum(a.learning_seconds), 0)::int FROM ranking.active_days a WHERE a.user_id = s.user_id) AS seconds
           FROM ranking.user_stats s WHERE s.user_id = ANY($1)`,
        [ids],
      );
      if (rows.length < ids.length || rows.some((r) => r.seconds < 30)) throw new Error(`${rows.length} de ${ids.length} processados`);
      return rows;
    }, 60_000);
    // the queue is empty (its depth is sampled every RANKING_QUEUE_METRICS_INTERVAL_MS, so read until it says so)
    await eventually(async () => expect(await waiting()).toBe(0), 15_000, 500);
    for (const r of stats) {
      // +10 for the day's first activity (the sign-in or the study), the heartbeat's 30 s of study (no whole minute); never more
      expect([r.user_id, r.seconds, r.points]).toEqual([r.user_id, 30, 10]);
    }
    const heartbeatCall = await t.call('POST', '/api/users/session/heartbeat', { cookie: users[0]!.cookie, ...study });
    expect(heartbeatCall.status).toBe(200);
    figures.push(
      `Redis restarted (SHUTDOWN + start, appendonly yes, appendfsync always): during the restart /api/users/me answered ${down.status}; ` +
        `session cookie valid after; ${users.length} queued study heartbeats → ${stats.length} users with exactly 30 s of study and 10 points (0 lost, 0 double); ` +
        `${t.platform.services.length} services healthy again without restart`,
    );
  });
});
