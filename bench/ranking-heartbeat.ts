/**
 * Heartbeats of the ranking service (issue 7).
 *
 * 100,000 simulated active users each sending a heartbeat every 30 s is 3,333 heartbeats per second. On its own
 * platform instance (withPlatform) this creates signed-in users through the gateway (register), then drives that
 * rate with autocannon, rotating the users' session cookies across requests, and prints: the accepted rate, the
 * p99 of the heartbeat call, the worker's throughput and how far the points lag behind (time from the last
 * heartbeat sent until the queue is drained, i.e. the totals are final).
 *
 * Baseline, measured in the same run: the same load sent straight to the ranking service with the identity
 * headers the auth service gives the gateway for the same sessions (no nginx, no auth_request). The gateway
 * figures are printed as a ratio of it. When the full rate is not held, lower rates are tried through the gateway
 * and the highest one held is printed, with the CPU each process used (where the time goes).
 *
 * The instance models 100,000 users, not the few hundred sessions it creates:
 * - RANKING_HEARTBEAT_MIN_INTERVAL_MS=0: every heartbeat is queued (a real user's are 30 s apart, beyond the
 *   10 s per-user interval, so none would be dropped);
 * - IDENTITY_CACHE_SECONDS=0 (nginx and auth): a user's next heartbeat comes after 30 s, long after the 2 s
 *   identity caches expired, so every call pays the identity check.
 *
 * Run: npm run bench:ranking
 * Environment: BENCH_RATE=3333  BENCH_SECONDS=60 (per step)  BENCH_USERS=300  BENCH_CONNECTIONS=100
 *   BENCH_DRAIN_SECONDS=300 (longest wait for the worker to drain)  BENCH_SEARCH=0 (no search for the rate held)
 *   BENCH_IDENTITY_CACHE=0 (seconds)
 */
import autocannon from 'autocannon';
import { Queue } from 'bullmq';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Platform } from '../infra/platform.cjs';
import { metricsAuth, withPlatform } from './lib/harness';

const env = process.env;
const RATE = Number(env.BENCH_RATE ?? 3333);
const SECONDS = Number(env.BENCH_SECONDS ?? 60);
const USERS = Number(env.BENCH_USERS ?? 300);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 100);
const DRAIN_SECONDS = Number(env.BENCH_DRAIN_SECONDS ?? 300);
const HEARTBEAT = '/api/users/session/heartbeat';
/** Aims of the issue. */
const AIM = { p99Ms: 50, lagSeconds: 10, held: 0.97 } as const;

type Headers = Record<string, string>;

interface Step {
  label: string;
  target: number;
  seconds: number;
  accepted: number;
  p50: number;
  p99: number;
  errors: number;
  serviceP99: string;
  workerRate: number;
  lagSeconds: number;
  drained: boolean;
  backlogLeft: number;
  cpu: CpuShare[];
}

// ---------------------------------------------------------------------------------------------------------------
// Sessions

async function register(gateway: string, n: number, run: string): Promise<string> {
  const res = await fetch(`${gateway}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Técnico Bench ${n}`, email: `bench-${run}-${n}@bench.clima.test`, password: 'senha-bench-123' }),
  });
  if (!res.ok) throw new Error(`register ${n}: HTTP ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** The signed assertion nginx would forward for a session (it lives 30 s): asked of the auth service as nginx asks it. */
async function identityHeaders(authUrl: string, cookie: string): Promise<Headers> {
  const res = await fetch(`${authUrl}/internal/identity`, { headers: { cookie, 'x-original-method': 'POST', 'x-original-uri': HEARTBEAT } });
  if (res.status !== 204) throw new Error(`identity: HTTP ${res.status}`);
  const headers: Headers = {};
  const assertion = res.headers.get('x-identity-assertion');
  if (!assertion) throw new Error('identity: no assertion for a fresh session');
  headers['x-identity-assertion'] = assertion;
  return headers;
}

async function inParallel<T>(count: number, width: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array<T>(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await fn(i);
      }
    }),
  );
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Queue and service figures

async function backlog(queue: Queue): Promise<number> {
  const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
  return (c.waiting ?? 0) + (c.active ?? 0) + (c.delayed ?? 0) + (c.prioritized ?? 0);
}

type Histogram = Map<number, number>;

/** The heartbeat route's duration histogram from the ranking service's /metrics (cumulative buckets). */
async function serviceHistogram(metricsUrl: string, headers: Record<string, string>): Promise<Histogram | null> {
  try {
    const text = await (await fetch(metricsUrl, { headers })).text();
    const buckets: Histogram = new Map();
    for (const line of text.split('\n')) {
      if (!line.startsWith('http_request_duration_seconds_bucket') || !line.includes(HEARTBEAT)) continue;
      const le = /le="([^"]+)"/.exec(line)?.[1];
      if (!le) continue;
      const bound = le === '+Inf' ? Infinity : Number(le);
      buckets.set(bound, (buckets.get(bound) ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1)));
    }
    return buckets.size ? buckets : null;
  } catch {
    return null;
  }
}

/** Upper bound of the p99 inside the service for the requests seen between two reads. */
function serviceP99(a: Histogram | null, b: Histogram | null): string {
  if (!a || !b) return 'n/a';
  const total = (b.get(Infinity) ?? 0) - (a.get(Infinity) ?? 0);
  if (total <= 0) return 'n/a';
  for (const bound of [...b.keys()].sort((x, y) => x - y)) {
    if ((b.get(bound) ?? 0) - (a.get(bound) ?? 0) >= 0.99 * total) return bound === Infinity ? '> largest bucket' : `≤ ${bound * 1000} ms`;
  }
  return 'n/a';
}

// ---------------------------------------------------------------------------------------------------------------
// CPU per process (Linux /proc): where the time goes

interface ProcStat {
  ppid: number;
  comm: string;
  ticks: number;
}

function readProcs(): Map<number, ProcStat> {
  const procs = new Map<number, ProcStat>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const raw = readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = raw.lastIndexOf(')');
      const fields = raw.slice(close + 2).split(' ');
      procs.set(Number(name), { comm: raw.slice(raw.indexOf('(') + 1, close), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended meanwhile
    }
  }
  return procs;
}

interface CpuShare {
  name: string;
  cores: number;
}

type CpuSample = Map<string, number>;

/** CPU ticks per platform process (with its children, e.g. nginx workers), plus Postgres and Redis machine-wide. */
function cpuSample(platform: Platform): CpuSample {
  const procs = readProcs();
  const children = new Map<number, number[]>();
  for (const [pid, p] of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), pid]);
  const subtree = (pid: number): number => (procs.get(pid)?.ticks ?? 0) + (children.get(pid) ?? []).reduce((s, c) => s + subtree(c), 0);
  const sample: CpuSample = new Map();
  const started = (platform as Platform & { children?: { name: string; pid?: number }[] }).children ?? [];
  for (const c of started) if (c.pid) sample.set(c.name, subtree(c.pid));
  for (const p of procs.values()) {
    const group = p.comm.startsWith('postgres') ? 'postgres (machine-wide)' : p.comm.startsWith('redis-server') ? 'redis (machine-wide)' : null;
    if (group) sample.set(group, (sample.get(group) ?? 0) + p.ticks);
  }
  sample.set('benchmark client', subtree(process.pid));
  return sample;
}

function cpuBetween(a: CpuSample, b: CpuSample, seconds: number): CpuShare[] {
  const TICKS = 100; // USER_HZ on Linux
  return [...b.entries()]
    .map(([name, ticks]) => ({ name, cores: (ticks - (a.get(name) ?? 0)) / TICKS / seconds }))
    .filter((s) => s.cores >= 0.01)
    .sort((x, y) => y.cores - x.cores);
}

// ---------------------------------------------------------------------------------------------------------------
// One load step

async function step(
  label: string,
  url: string,
  target: number,
  seconds: number,
  headerSets: Headers[],
  ctx: { queue: Queue; metricsUrl: string; platform: Platform },
): Promise<Step> {
  const startBacklog = await backlog(ctx.queue);
  const histBefore = await serviceHistogram(ctx.metricsUrl, metricsAuth(ctx.platform.env));
  const cpuBefore = cpuSample(ctx.platform);
  let turn = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    overallRate: target,
    requests: [
      {
        method: 'POST',
        path: HEARTBEAT,
        // every request is another user's heartbeat: rotate the sessions
        setupRequest: (req: autocannon.Request) => ({ ...req, headers: { ...headerSets[turn++ % headerSets.length], 'content-type': 'application/json' } }),
      },
    ],
  });
  const sentAt = Date.now();
  const cpu = cpuBetween(cpuBefore, cpuSample(ctx.platform), seconds);
  const histAfter = await serviceHistogram(ctx.metricsUrl, metricsAuth(ctx.platform.env));
  const backlogAtEnd = await backlog(ctx.queue);
  const ok = result['2xx'];
  // jobs the worker finished while loading = accepted - growth of the backlog
  const workerRate = (ok - (backlogAtEnd - startBacklog)) / seconds;
  let left = backlogAtEnd;
  while (left > 0 && Date.now() - sentAt < DRAIN_SECONDS * 1000) {
    await new Promise((r) => setTimeout(r, 100));
    left = await backlog(ctx.queue);
  }
  return {
    label,
    target,
    seconds,
    accepted: ok / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    serviceP99: serviceP99(histBefore, histAfter),
    workerRate,
    lagSeconds: (Date.now() - sentAt) / 1000,
    drained: left === 0,
    backlogLeft: left,
    cpu,
  };
}

const held = (s: Step) => s.accepted >= AIM.held * s.target && s.p99 < AIM.p99Ms && s.drained && s.lagSeconds < AIM.lagSeconds;

function lagText(s: Step): string {
  return s.drained ? `${s.lagSeconds.toFixed(1)} s` : `> ${s.lagSeconds.toFixed(0)} s (${s.backlogLeft} heartbeats still queued)`;
}

function print(s: Step): void {
  process.stdout.write(
    [
      `${s.label}: ${s.target}/s for ${s.seconds} s, ${CONNECTIONS} connections`,
      `  accepted rate         ${s.accepted.toFixed(0)}/s (${s.errors} errors, non-2xx or timeouts)`,
      `  heartbeat call        p50 ${s.p50} ms, p99 ${s.p99} ms (inside the service: p99 ${s.serviceP99})`,
      `  worker throughput     ${s.workerRate.toFixed(0)} heartbeats/s while loading`,
      `  points lag            ${lagText(s)} from the last heartbeat sent until the totals are final`,
      `  CPU (cores of ${cpuCount()})    ${s.cpu.map((c) => `${c.name} ${c.cores.toFixed(2)}`).join(', ')}`,
      '',
    ].join('\n'),
  );
}

function cpuCount(): number {
  return readFileSync('/proc/cpuinfo', 'utf8').split('\n').filter((l) => l.startsWith('processor')).length;
}

/** Where the time goes when the rate is not held. */
function diagnose(s: Step): string[] {
  const out: string[] = [];
  if (s.accepted < AIM.held * s.target) out.push(`- the HTTP path accepts ${s.accepted.toFixed(0)}/s of ${s.target}/s: client, nginx, the identity check and the service share ${cpuCount()} cores (CPU above)`);
  if (s.p99 >= AIM.p99Ms) out.push(`- p99 ${s.p99} ms against ${s.serviceP99} inside the service: the rest is nginx, auth_request and waiting for a CPU`);
  if (s.workerRate < AIM.held * s.accepted) out.push(`- the worker drains ${s.workerRate.toFixed(0)}/s < ${s.accepted.toFixed(0)}/s accepted: one Postgres transaction per heartbeat bounds it (RANKING_WORKER_CONCURRENCY, more worker processes)`);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------

void withPlatform(
  async (p) => {
    const gateway = `http://127.0.0.1:${p.env.GATEWAY_PORT}`;
    const direct = `http://127.0.0.1:${p.ports.ranking}`;
    const auth = `http://127.0.0.1:${p.ports.auth}`;
    const redis = new URL(p.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const queue = new Queue('ranking-heartbeats', {
      connection: { host: redis.hostname, port: Number(redis.port || 6379), db: Number(redis.pathname.slice(1) || 0) },
      prefix: p.env.KEY_PREFIX,
    });
    const ctx = { queue, metricsUrl: `${direct}/metrics`, platform: p };
    try {
      const run = Date.now().toString(36);
      const t0 = Date.now();
      const cookies = await inParallel(USERS, 8, (i) => register(gateway, i, run));
      process.stdout.write(`${USERS} signed-in users registered through the gateway in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
      const cookieHeaders = cookies.map((cookie) => ({ cookie }));
      const identities = await inParallel(USERS, 8, (i) => identityHeaders(auth, cookies[i]!));

      const warm = await step('warm-up (gateway)', gateway, Math.min(500, RATE), 2, cookieHeaders, ctx);
      if (warm.errors > 0) throw new Error(`warm-up: ${warm.errors} failed heartbeats`);
      const load = loadavg().map((l) => l.toFixed(1)).join(' / ');
      process.stdout.write(`\nheartbeats: ${RATE}/s (100,000 users every 30 s), every one queued, identity caches off\n`);
      process.stdout.write(`machine load average ${load} (1/5/15 min) on ${cpuCount()} cores: the figures mean little when it is far above ${cpuCount()}\n\n`);

      const baseline = await step('baseline: direct to the ranking service (identity headers)', direct, RATE, SECONDS, identities, ctx);
      print(baseline);
      const viaGateway = await step('through the gateway (session cookies, nginx auth_request)', gateway, RATE, SECONDS, cookieHeaders, ctx);
      print(viaGateway);

      const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
      process.stdout.write(
        [
          `ratio gateway/direct  accepted ${ratio(viaGateway.accepted, baseline.accepted)}, p99 ${ratio(viaGateway.p99, baseline.p99)}×, worker ${ratio(viaGateway.workerRate, baseline.workerRate)}`,
          `aim                   ${RATE}/s accepted, p99 < ${AIM.p99Ms} ms, lag < ${AIM.lagSeconds} s`,
          `result                ${held(viaGateway) ? 'full rate held through the gateway' : 'NOT held through the gateway'}`,
          ...(held(viaGateway) ? [] : diagnose(viaGateway)),
          '',
        ].join('\n'),
      );

      if (!held(viaGateway) && env.BENCH_SEARCH !== '0') {
        const stepSeconds = Math.min(SECONDS, 15);
        let best: Step | null = null;
        for (const rate of [0.75, 0.5, 0.3, 0.15, 0.05].map((f) => Math.round(RATE * f))) {
          const s = await step('through the gateway', gateway, rate, stepSeconds, cookieHeaders, ctx);
          process.stdout.write(`  ${String(rate).padStart(5)}/s  accepted ${s.accepted.toFixed(0)}/s  p99 ${s.p99} ms  worker ${s.workerRate.toFixed(0)}/s  lag ${lagText(s)}  ${held(s) ? 'held' : 'not held'}\n`);
          if (held(s)) {
            best = s;
            break;
          }
        }
        process.stdout.write(best ? `highest rate held through the gateway (of the steps tried): ${best.target}/s\n` : 'no rate tried was held\n');
      }
      const failed = (await queue.getJobCounts('failed')).failed ?? 0;
      if (failed > 0) process.stdout.write(`failed heartbeat jobs: ${failed}\n`);
    } finally {
      await queue.close();
    }
  },
  // the billing service refuses to start in production without payment-provider keys; it plays no part here
  { RANKING_HEARTBEAT_MIN_INTERVAL_MS: '0', IDENTITY_CACHE_SECONDS: env.BENCH_IDENTITY_CACHE ?? '0', BILLING_PROVIDER: 'sandbox' },
).catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
