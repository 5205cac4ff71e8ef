/**
 * Operations: Prometheus metrics on every service (request rate and latency, errors, queue depth and
 * lag; only for the holder of METRICS_TOKEN), and one request id from nginx through the services and the
 * background jobs, in the structured logs. Also: docker-compose.yml sets only variables the services
 * read, under the native names.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REQUIRED_COMPOSE_ENV, renderCompose } from '../../infra/test/compose-render';
import { baseEnvSchema, EVENT_SUBSCRIBERS, eventQueueName, SERVICE_NAMES } from '../../packages/common/src';
import { storageEnv } from '../../packages/storage/src/config';
import { authEnv } from '../../services/auth/src/config';
import { billingEnv } from '../../services/billing/src/config';
import { catalogEnv } from '../../services/catalog/src/config';
import { coursesEnv } from '../../services/courses/src/config';
import { manualsEnv } from '../../services/manuals/src/config';
import { rankingEnv } from '../../services/ranking/src/config';
import { eventually, metricsAuth, ROOT, startTestPlatform, TestPlatform } from './support/platform';
import { adminLogin, registerUser } from './support/roles';

jest.setTimeout(600_000);

let t: TestPlatform;

beforeAll(async () => {
  t = await startTestPlatform({ tag: 'ops', seed: true, env: { LOG_LEVEL: 'info' } });
});

afterAll(async () => {
  await t?.stop();
});

async function metrics(service: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${t.platform.ports[service]}/metrics`, { headers: metricsAuth(t.env) });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
}

function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.lastIndexOf('}'));
    if (Object.entries(labels).every(([k, v]) => inside.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

/** Log lines (JSON) of one process of the platform. */
function logLines(name: string): Record<string, unknown>[] {
  return readFileSync(join(t.platform.logDir, `${name}.log`), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => {
      try {
        return JSON.parse(l) as Record<string, unknown>;
      } catch {
        return {};
      }
    });
}

describe('metrics', () => {
  it('every service exposes request rate, latency, errors and process figures to the token holder only', async () => {
    const calls: [string, string][] = [
      ['auth', '/api/users/me'],
      ['catalog', '/api/contents'],
      ['courses', '/api/courses'],
      ['manuals', '/api/manuals'],
      ['ranking', '/api/ranking'],
      ['billing', '/api/plans'],
    ];
    // only the scraper holding METRICS_TOKEN reads them
    for (const [s] of calls) {
      for (const authorization of [undefined, 'Bearer wrong-token-of-the-operations-suite']) {
        const res = await fetch(`http://127.0.0.1:${t.platform.ports[s]}/metrics`, { headers: authorization ? { authorization } : {} });
        expect([s, res.status, await res.json()]).toEqual([s, 401, { error: 'Token de métricas ausente ou inválido' }]);
      }
    }
    const before = Object.fromEntries(await Promise.all(calls.map(async ([s]) => [s, await metrics(s)] as const)));
    // signed in: an anonymous read of a public list may be answered by the gateway's 1-second cache, never reaching the service
    const { cookie } = await registerUser(t, 'metrics');
    for (const [, path] of calls) for (let i = 0; i < 3; i++) await t.call('GET', path, { cookie });
    for (const [s, path] of calls) {
      const text = await metrics(s);
      for (const name of ['http_request_duration_seconds', 'http_request_errors_total', 'process_cpu_seconds_total', 'nodejs_eventloop_lag_seconds']) {
        expect(text).toContain(`# TYPE ${name}`);
      }
      expect(text).toMatch(new RegExp(`service="${s}"`));
      const count = (x: string) =>
        x
          .split('\n')
          .filter((l) => l.startsWith('http_request_duration_seconds_count{') && l.includes(`route="${path}"`) && l.includes('method="GET"'))
          .reduce((a, l) => a + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
      expect([s, count(text) - count(before[s]!)]).toEqual([s, 3]);
      expect(text).toMatch(/http_request_duration_seconds_bucket\{[^}]*le="0.1"/);
    }
  });

  it('every service that hears events shows its queue depth and backlog age; workers observe the lag', async () => {
    const consumers = SERVICE_NAMES.filter((s) => Object.values(EVENT_SUBSCRIBERS).some((l) => l.includes(s)));
    expect(consumers.length).toBe(SERVICE_NAMES.length);
    for (const s of consumers) {
      const text = await metrics(s);
      const queue = eventQueueName(s);
      for (const state of ['waiting', 'active', 'delayed', 'failed']) expect([s, state, sample(text, 'queue_jobs', { queue, state })]).toEqual([s, state, expect.any(Number)]);
      expect(sample(text, 'queue_oldest_waiting_seconds', { queue })).toEqual(expect.any(Number));
    }
    // the heartbeat queue of the ranking service (refreshed every RANKING_QUEUE_METRICS_INTERVAL_MS)
    await eventually(async () => {
      const ranking = await metrics('ranking');
      expect(sample(ranking, 'queue_jobs', { queue: 'ranking-heartbeats', state: 'waiting' })).toEqual(expect.any(Number));
      expect(ranking).toContain('ranking_heartbeat_oldest_waiting_seconds');
    }, 15_000, 500);

    // a user deleted by the admin: every consumer running in its HTTP process records the job's lag (the manuals' and
    // the catalog's consumers run in their worker processes, whose logs the request-id test below reads)
    const admin = await adminLogin(t);
    const user = await registerUser(t, 'lag');
    expect((await t.call('DELETE', `/api/admin/users/${user.userId}`, { cookie: admin })).status).toBeLessThan(300);
    for (const s of ['courses', 'billing'] as const) {
      await eventually(async () => {
        const n = sample(await metrics(s), 'queue_job_lag_seconds_count', { queue: eventQueueName(s) });
        if (!n) throw new Error(`${s}: sem lag observado`);
      });
    }
  });
});

describe('request id from nginx through services and jobs', () => {
  it('one id in the gateway access log, the service log and the log of the jobs the request caused', async () => {
    // sign-up: auth answers (request log) and publishes user.signed_in, handled by the ranking worker (job log)
    const email = `ops-${Date.now()}@example.com`;
    const res = await t.call('POST', '/api/auth/register', { body: { name: 'Operações', email, password: 'segredo123' } });
    expect(res.status).toBe(201);
    const reqId = res.headers.get('x-request-id')!;
    expect(reqId).toMatch(/^[0-9a-f]{32}$/);
    const userId = String(res.json.id);

    await eventually(async () => {
      const access = readFileSync(t.env.GATEWAY_ACCESS_LOG ?? join(t.env.GATEWAY_RUNTIME_DIR, 'access.log'), 'utf8');
      expect(access).toContain(`"reqId":"${reqId}"`);
      const auth = logLines('auth').find((l) => l.reqId === reqId && l.msg === 'request completed');
      expect(auth).toMatchObject({ service: 'auth', req: { method: 'POST', url: '/api/auth/register' }, res: { statusCode: 201 } });
      const jobs = logLines('ranking-worker').filter((l) => l.reqId === reqId && l.msg === 'event handled');
      expect(jobs.map((l) => l.event).sort()).toEqual(['user.signed_in', 'user.upserted']);
    });

    // an admin deletes the user: the request id reaches every service that removes the user's data
    const admin = await adminLogin(t);
    const del = await t.call('DELETE', `/api/admin/users/${userId}`, { cookie: admin });
    expect(del.status).toBeLessThan(300);
    const delId = del.headers.get('x-request-id')!;
    await eventually(async () => {
      expect(logLines('auth').some((l) => l.reqId === delId && l.msg === 'request completed')).toBe(true);
      for (const s of ['catalog-worker', 'courses', 'manuals-worker', 'billing', 'ranking-worker']) {
        expect([s, logLines(s).some((l) => l.reqId === delId && l.msg === 'event handled' && l.event === 'user.deleted')]).toEqual([s, true]);
      }
    });
  });
});

describe('docker-compose.yml', () => {
  it('is valid and sets only variables the services read, under the names of the native start', () => {
    // rendered with the variables it requires (credentials have no default), as an operator's .env gives them
    const rendered = renderCompose(REQUIRED_COMPOSE_ENV);
    expect([rendered.ok, rendered.stderr]).toEqual([true, expect.any(String)]);
    const resolved = rendered.stdout;
    // environment keys per compose service, from the resolved file (two-space YAML as docker-compose prints it)
    const envOf: Record<string, string[]> = {};
    let svc = '';
    let inServices = false;
    let inEnv = false;
    for (const line of resolved.split('\n')) {
      if (/^\S/.test(line)) inServices = line.startsWith('services:');
      if (!inServices) continue;
      const s = /^ {2}([\w-]+):$/.exec(line);
      if (s) {
        svc = s[1]!;
        envOf[svc] = [];
        inEnv = false;
        continue;
      }
      if (/^ {4}\S/.test(line)) inEnv = line.trim() === 'environment:';
      const kv = /^ {6}([A-Z0-9_]+):/.exec(line);
      if (inEnv && kv) envOf[svc]!.push(kv[1]!);
    }
    const own: Record<string, object> = { auth: authEnv, catalog: { ...catalogEnv, ...storageEnv }, courses: coursesEnv, manuals: manualsEnv, ranking: rankingEnv, billing: billingEnv };
    const unknown: string[] = [];
    for (const [name, keys] of Object.entries(envOf)) {
      const service = name === 'ranking-worker' ? 'ranking' : name;
      if (!own[service]) continue;
      // NODE_OPTIONS is node's own (the flags of package.json "clima.nodeArgs")
      const known = new Set([...Object.keys(baseEnvSchema.shape), ...Object.keys(own[service]!), `${service.toUpperCase()}_PORT`, 'PORT_CHECK', 'NODE_OPTIONS']);
      for (const k of keys) if (!known.has(k)) unknown.push(`${name}: ${k}`);
    }
    expect(unknown).toEqual([]);
    for (const s of SERVICE_NAMES) expect(envOf[s]).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'KEY_PREFIX', 'PUBLIC_URL', 'NODE_ENV', 'HOST']));
    expect(envOf['ranking-worker']).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'KEY_PREFIX']));
    // the native start uses the same names (infra/platform.cjs)
    const native = readFileSync(join(ROOT, 'infra/platform.cjs'), 'utf8');
    for (const k of ['DATABASE_URL', 'REDIS_URL', 'KEY_PREFIX', 'PUBLIC_URL', 'STORAGE_DIR', 'NODE_ENV', 'WORKERS_IN_PROCESS']) expect(native).toContain(k);
  });
});
