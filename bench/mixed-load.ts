/**
 * Mixed load through the gateway, shaped like real use: browsing lists, opening contents and courses,
 * heartbeats, manual downloads (the file served by nginx after the service said yes), and a few admin
 * calls. Open loop at rising rates (each request sent at its scheduled time, latency counted from that
 * time) until p99 passes 200 ms or errors pass 1 %. Prints the highest rate held, each service's latency
 * (from the X-Service header of the answers) and CPU use (from its /metrics), and which saturates first.
 * In the same run, the gateway serving a static file: the ceiling of this machine.
 *
 *   npm run bench:mixed            BENCH_SECONDS (8 per step), BENCH_START_RATE (25), BENCH_MAX_RATE (6400)
 */
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { load, metricsAuth, metricsToken, repoRoot } from './lib/harness';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPlatform, testPlatformEnv } = require(join(repoRoot(), 'infra/platform.cjs')) as typeof import('../infra/platform.cjs');
import type { Platform } from '../infra/platform.cjs';

const PG = process.env.BENCH_DATABASE_BASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
const STEP_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const START_RATE = Number(process.env.BENCH_START_RATE ?? 25);
const MAX_RATE = Number(process.env.BENCH_MAX_RATE ?? 6400);
const P99_LIMIT_MS = 200;
const SERVICES = ['auth', 'catalog', 'courses', 'manuals', 'ranking', 'billing'];

interface Req {
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  cookie?: string;
  /** A follow-up request made with the answer (the download after the download link). */
  then?: (body: string) => Req | null;
}

interface Result {
  kind: string;
  service: string;
  status: number;
  ms: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: 512 });

function send(base: string, r: Req): Promise<{ status: number; service: string; body: string }> {
  return new Promise((resolve) => {
    const url = new URL(r.path, base);
    const headers: Record<string, string> = {};
    if (r.cookie) headers.cookie = r.cookie;
    if (r.method === 'POST') headers['content-type'] = 'application/json';
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: r.method, headers, agent, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.length < 64 && chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, service: String(res.headers['x-service'] ?? 'gateway'), body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', () => resolve({ status: 0, service: 'gateway', body: '' }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, service: 'gateway', body: '' }));
    req.end(r.method === 'POST' ? '{}' : undefined);
  });
}

/**
 * Sends `pick()` requests at `rate` per second for `seconds`, in ticks of at most 2 ms (the loop always
 * yields, so answers are read while requests go out); latency counts from each request's scheduled time.
 */
async function openLoop(base: string, rate: number, seconds: number, pick: () => Req): Promise<Result[]> {
  const results: Result[] = [];
  const pending: Promise<void>[] = [];
  const start = performance.now();
  const total = Math.round(rate * seconds);
  const fire = (due: number) => {
    const r = pick();
    pending.push(
      (async () => {
        let answer = await send(base, r);
        results.push({ kind: r.kind, service: answer.status === 0 ? 'gateway' : answer.service, status: answer.status, ms: performance.now() - due });
        const next = answer.status < 300 ? r.then?.(answer.body) : null;
        if (next) {
          const t0 = performance.now();
          answer = await send(base, next);
          results.push({ kind: next.kind, service: answer.status === 0 ? 'gateway' : answer.service, status: answer.status, ms: performance.now() - t0 });
        }
      })(),
    );
  };
  let i = 0;
  while (i < total) {
    const now = performance.now();
    while (i < total && start + (i * 1000) / rate <= now) fire(start + (i++ * 1000) / rate);
    const next = start + (i * 1000) / rate - performance.now();
    await new Promise((r) => (next > 0.5 ? setTimeout(r, Math.min(2, next)) : setImmediate(r)));
  }
  await Promise.all(pending);
  return results;
}

/** Busy share of the whole machine's CPU (every process, not only the platform's) from /proc/stat. */
function machineCpu(): { busy: number; total: number } {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = f[3]! + (f[4] ?? 0);
    const total = f.reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const isError = (r: Result) => r.status === 0 || r.status >= 500;

interface ServiceFigures {
  cpu: number;
  /** cumulative request counts per histogram bucket (upper bound in seconds), API routes only */
  buckets: Map<number, number>;
}

/** CPU seconds and the latency histogram of every service, from its /metrics. */
async function scrape(p: Platform): Promise<Record<string, ServiceFigures>> {
  const out: Record<string, ServiceFigures> = {};
  await Promise.all(
    SERVICES.map(async (s) => {
      const text = await (await fetch(`http://127.0.0.1:${p.ports[s]}/metrics`, { headers: metricsAuth(p.env) })).text();
      const buckets = new Map<number, number>();
      for (const m of text.matchAll(/^http_request_duration_seconds_bucket\{([^}]*)\} (\d+)/gm)) {
        if (!/route="\/api\//.test(m[1]!)) continue;
        const le = /le="([^"]+)"/.exec(m[1]!)![1]!;
        const bound = le === '+Inf' ? Infinity : Number(le);
        buckets.set(bound, (buckets.get(bound) ?? 0) + Number(m[2]));
      }
      out[s] = { cpu: Number(/^process_cpu_seconds_total(?:\{[^}]*\})? ([\d.e+-]+)/m.exec(text)?.[1] ?? 0), buckets };
    }),
  );
  return out;
}

/** p99 inside the service (upper bound of the histogram bucket), over the requests between two scrapes. */
function serverP99(a: ServiceFigures, b: ServiceFigures): string {
  const bounds = [...b.buckets.keys()].sort((x, y) => x - y);
  const diff = bounds.map((k) => (b.buckets.get(k) ?? 0) - (a.buckets.get(k) ?? 0));
  const total = diff[diff.length - 1] ?? 0;
  if (!total) return '-';
  const i = diff.findIndex((c) => c >= total * 0.99);
  const bound = bounds[i]!;
  return bound === Infinity ? '>10000' : `≤${Math.round(bound * 1000)}`;
}

function register(base: string, tag: string): Promise<{ cookie: string; id: string }> {
  return fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Técnico ${tag}`, email: `bench-${tag}-${randomBytes(4).toString('hex')}@example.com`, password: 'segredo123' }),
  }).then(async (res) => {
    if (res.status !== 201) throw new Error(`register ${res.status}`);
    return { cookie: res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '), id: ((await res.json()) as { id: string }).id };
  });
}

async function main(): Promise<void> {
  const id = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const db = `clima_bench_${id}`;
  const keyPrefix = `bench_${id}`;
  const admin = { username: 'admin-bench', password: `Bench-${randomBytes(9).toString('base64url')}` };
  const web = mkdtempSync(join(tmpdir(), 'clima-bench-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Clima Pro</title>');
  // a static file the size of a typical hashed chunk of the web app
  writeFileSync(join(web, 'assets', 'app-bench.js'), `/* bench */${'var x=1;'.repeat(2500)}`);
  execFileSync('psql', [`${PG}/postgres`, '-qc', `CREATE DATABASE ${db}`]);
  const env = await testPlatformEnv({
    DATABASE_URL: `${PG}/${db}`,
    KEY_PREFIX: keyPrefix,
    LOG_LEVEL: 'warn',
    GATEWAY_ACCESS_LOG: 'off',
    NODE_ENV: 'production',
    BILLING_PROVIDER: 'sandbox',
    SEED_DEMO_USERS: 'false',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    WEB_SHELL_DIR: web,
    METRICS_TOKEN: metricsToken(),
  });
  const p = await startPlatform({ env, install: false, build: false, seed: true });
  const base = `http://127.0.0.1:${env.GATEWAY_PORT}`;
  try {
    // callers: 40 users, half of them active subscribers (through the admin API), and one administrator
    const adminRes = await fetch(`${base}/api/admin/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(admin) });
    const adminCookie = adminRes.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const users: { cookie: string; id: string }[] = [];
    for (let i = 0; i < 40; i++) users.push(await register(base, `u${i}`));
    const subscribers = users.slice(0, 20);
    for (const u of subscribers) {
      const res = await fetch(`${base}/api/admin/users/${u.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie: adminCookie },
        body: JSON.stringify({ subscription_status: 'active', subscription_plan: 'monthly', subscription_expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString() }),
      });
      if (res.status !== 200) throw new Error(`activate ${res.status}`);
    }
    await new Promise((r) => setTimeout(r, 2500));
    const ids = async (path: string, cookie?: string) =>
      ((await (await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {} })).json()) as { id: number }[]).map((x) => x.id);
    const contents = await ids('/api/contents');
    const courses = await ids('/api/courses');
    const manuals = await ids('/api/manuals');
    if (!contents.length || !courses.length || !manuals.length) throw new Error('dados de demonstração ausentes');

    const any = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
    const mix: [number, () => Req][] = [
      [30, () => ({ kind: 'browse', method: 'GET', path: any(['/api/contents', '/api/courses', '/api/manuals', '/api/categories', '/api/course-categories-with-stats', '/api/contents?search=inverter']) })],
      [5, () => ({ kind: 'browse', method: 'GET', path: '/api/ranking', cookie: any(users).cookie })],
      [10, () => ({ kind: 'open', method: 'GET', path: `/api/contents/${any(contents)}`, cookie: any(subscribers).cookie })],
      [10, () => ({ kind: 'open', method: 'GET', path: `/api/courses/${any(courses)}/lessons`, cookie: any(subscribers).cookie })],
      [5, () => ({ kind: 'open', method: 'GET', path: `/api/courses/${any(courses)}`, cookie: any(subscribers).cookie })],
      [25, () => ({ kind: 'heartbeat', method: 'POST', path: '/api/users/session/heartbeat', cookie: any(users).cookie })],
      [5, () => ({ kind: 'me', method: 'GET', path: '/api/users/me', cookie: any(users).cookie })],
      [
        7,
        () => {
          const cookie = any(subscribers).cookie;
          return {
            kind: 'download',
            method: 'POST',
            path: `/api/manuals/${any(manuals)}/download`,
            cookie,
            then: (body) => {
              const url = (JSON.parse(body) as { url?: string }).url;
              return url?.startsWith('/api/files/') ? { kind: 'file', method: 'GET', path: url, cookie } : null;
            },
          };
        },
      ],
      [3, () => ({ kind: 'admin', method: 'GET', path: any(['/api/admin/users?search=bench', '/api/admin/stats', '/api/admin/contents']), cookie: adminCookie })],
    ];
    const weight = mix.reduce((a, [w]) => a + w, 0);
    const pick = () => {
      let x = Math.random() * weight;
      for (const [w, f] of mix) if ((x -= w) < 0) return f();
      return mix[0]![1]();
    };

    // warm-up, then how busy the machine is without our load (other processes share it)
    await openLoop(base, 20, 2, pick);
    const idle0 = machineCpu();
    await new Promise((r) => setTimeout(r, 3000));
    const idle1 = machineCpu();
    const busyBefore = idle1.total > idle0.total ? Math.round(((idle1.busy - idle0.busy) / (idle1.total - idle0.total)) * 100) : 0;

    const print = (s: string) => process.stdout.write(`${s}\n`);
    print(`\nMixed load through the gateway (${STEP_SECONDS} s per step; p99 limit ${P99_LIMIT_MS} ms; latency from the scheduled send time)`);
    print(`${'rate'.padStart(6)} ${'done/s'.padStart(7)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${'err%'.padStart(6)} ${'mach'.padStart(5)}   per service: p99 seen by the client / p99 inside the service (ms), CPU (% of one core)`);
    let held = 0;
    let saturated: string | null = null;
    let lastRows: { rate: number; perService: Record<string, number>; cpuPct: Record<string, number> } | null = null;
    for (let rate = START_RATE; rate <= MAX_RATE; rate *= 2) {
      const before = await scrape(p);
      const m0 = machineCpu();
      const t0 = performance.now();
      const results = await openLoop(base, rate, STEP_SECONDS, pick);
      const elapsed = (performance.now() - t0) / 1000;
      const m1 = machineCpu();
      const after = await scrape(p);
      const machine = m1.total > m0.total ? Math.round(((m1.busy - m0.busy) / (m1.total - m0.total)) * 100) : 0;
      const ms = results.map((r) => r.ms);
      const p99 = pct(ms, 99);
      const errors = results.filter(isError).length / results.length;
      const perService: Record<string, number> = {};
      for (const s of [...SERVICES, 'gateway']) {
        const mine = results.filter((r) => r.service === s).map((r) => r.ms);
        if (mine.length) perService[s] = Math.round(pct(mine, 99));
      }
      const cpuPct = Object.fromEntries(SERVICES.map((s) => [s, Math.round(((after[s]!.cpu - before[s]!.cpu) / elapsed) * 100)]));
      print(
        `${String(rate).padStart(6)} ${(results.length / elapsed).toFixed(0).padStart(7)} ${pct(ms, 50).toFixed(0).padStart(6)} ${p99.toFixed(0).padStart(6)} ${(errors * 100).toFixed(1).padStart(6)} ${`${machine}%`.padStart(5)}   ` +
          SERVICES.map((s) => `${s} ${perService[s] ?? '-'}/${serverP99(before[s]!, after[s]!)} ${cpuPct[s]}%`).join(', ') +
          (perService.gateway !== undefined ? `, files (nginx) ${perService.gateway}` : ''),
      );
      if (p99 > P99_LIMIT_MS || errors > 0.01) {
        // the service slowest inside (its own histogram), else the busiest; if every service answers fast
        // inside, the time is spent outside them (nginx, the identity check, the machine)
        const inside = SERVICES.map((s) => {
          const v = serverP99(before[s]!, after[s]!);
          return { s, ms: v === '-' ? 0 : v === '>10000' ? 10_000 : Number(v.slice(1)), cpu: cpuPct[s]! };
        }).sort((a, b) => b.ms - a.ms || b.cpu - a.cpu);
        const worst = inside[0]!;
        saturated =
          worst.ms > P99_LIMIT_MS / 2
            ? `${worst.s} at ${rate} req/s (p99 inside ${worst.ms} ms, CPU ${worst.cpu} % of a core; seen by the client ${perService[worst.s] ?? '-'} ms)`
            : `no service at ${rate} req/s: every service answers within ${worst.ms} ms inside (slowest ${worst.s}, busiest ${[...inside].sort((a, b) => b.cpu - a.cpu)[0]!.s}); ` +
              `the time goes outside them (nginx and the identity check, the load generator, the machine at ${machine} % CPU)`;
        break;
      }
      held = rate;
      lastRows = { rate, perService, cpuPct };
    }
    print(`\nHighest rate held (p99 ≤ ${P99_LIMIT_MS} ms, errors ≤ 1 %): ${held} req/s`);
    print(`Saturates first: ${saturated ?? `none up to ${MAX_RATE} req/s`}`);
    if (lastRows) print(`At ${lastRows.rate} req/s: CPU ${Object.entries(lastRows.cpuPct).map(([s, v]) => `${s} ${v} %`).join(', ')}`);

    // the ceiling: nginx serving a static file, the same open loop, then flat out
    print(`\nStatic file through the gateway (GET /assets/app-bench.js, 20 KB)`);
    let staticHeld = 0;
    for (let rate = START_RATE * 4; rate <= MAX_RATE * 4; rate *= 2) {
      const results = await openLoop(base, rate, Math.min(STEP_SECONDS, 4), () => ({ kind: 'static', method: 'GET', path: '/assets/app-bench.js' }));
      const p99 = pct(results.map((r) => r.ms), 99);
      const errors = results.filter(isError).length / results.length;
      print(`${String(rate).padStart(6)} p99 ${p99.toFixed(0)} ms, errors ${(errors * 100).toFixed(1)} %`);
      if (p99 > P99_LIMIT_MS || errors > 0.01) break;
      staticHeld = rate;
    }
    const flat = await load('static file, 50 connections', `${base}/assets/app-bench.js`, { connections: 50, duration: Math.min(STEP_SECONDS, 5) });
    print(`Static file: open loop held ${staticHeld} req/s within ${P99_LIMIT_MS} ms; flat out ${flat.rps.toFixed(0)} req/s (p99 ${flat.p99} ms)`);
    print(`\nMixed load held ${held} req/s = ${staticHeld ? ((held / staticHeld) * 100).toFixed(1) : '?'} % of the static ceiling (open loop), ${((held / flat.rps) * 100).toFixed(1)} % of the flat-out static rate.`);
    print(`Load generator and platform share this machine's ${cpus().length} cores; before the load the machine was already ${busyBefore} % busy.`);
    if (busyBefore > 30) print('Other processes were using the CPU: these figures are lower bounds for this machine.');
  } finally {
    agent.destroy();
    await p.stop();
    execFileSync('psql', [`${PG}/postgres`, '-qc', `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`]);
    rmSync(web, { recursive: true, force: true });
    try {
      const { Redis } = await import('ioredis');
      const redis = new Redis(env.REDIS_URL ?? 'redis://127.0.0.1:6379');
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== '0');
      redis.disconnect();
    } catch {
      /* best effort */
    }
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : err}\n`);
  process.exit(1);
});
