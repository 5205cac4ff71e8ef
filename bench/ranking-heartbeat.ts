/**
 * Heartbeats of the ranking service (issue 17): the firehose through the gateway, the worker's drain and the
 * storage it leaves, on one platform instance of its own (withPlatform).
 *
 * 1. Storage and the worker. BENCH_STORAGE_HEARTBEATS (1,000,000) study heartbeats of distinct users, each studying
 *    an hour (a heartbeat every 30 s), queued as the HTTP processes queue them (batches of 1,000 of one moment,
 *    many users each); the real worker applies them. Printed: the worker's rate, the bytes on disk per million
 *    heartbeats (as written; live, after VACUUM FULL; and once the retention job dropped the day's stretches), and
 *    a year at 100,000 daily users online an hour, against the one-row-per-minute ledger it replaced (measured on
 *    a table of that shape in the same database).
 2. The authenticated no-op ceiling: HEAD /api/users/session/heartbeat through the gateway, flat out (closed loop,
 *    BENCH_CONNECTIONS, Debian's wrk with the users' sessions in turn: bench/lib/wrk.ts), against nginx's own
 *    answer (`/gateway-health`) in the same run: nginx, the auth service's identity check and the ranking's
 *    verification of the signed identity, nothing else. Then the study heartbeat (POST,
 *    `{"activity":"video","visible":true}`) flat out the same way: the ratio of the two is what queueing a
 *    heartbeat costs. wrk's own CPU is printed beside each figure.
 * 3. The target: BENCH_RATE heartbeats/s (10,000: 300,000 users every 30 s) open loop for BENCH_SECONDS (60):
 *    accepted rate, p99 of the call, points lag (last heartbeat sent → queue drained, totals final), CPU per
 *    process, the load generator's included. When it is not held: lower rates (BENCH_STEPS, 20 s each) and the
 *    highest one held, with where the time goes.
 *
 * The open-loop generator: wrk2 (wrk at a constant rate, latency from each request's scheduled time) is not in
 * Debian, and wrk itself is closed loop: a Lua `delay()` can pace it, but wrk then measures from the moment a
 * request is sent, so a server that falls behind pushes the schedule back instead of showing up in the p99
 * (coordinated omission). autocannon's fixed rate did not serve either: it sends one request at a time per
 * connection (with 100 connections and 22-ms calls it could not send more than about 4,500/s, and the sends it
 * missed were never counted), and with more connections it sends each second's share in a burst. The open loop is
 * bench:mixed's (lib/open-loop.ts: sends on a schedule in 1–2 ms ticks, latency from each one's scheduled time)
 * over lib/raw-http.ts's cheap client, with as many connections as the rate needs (BENCH_OPEN_CONNECTIONS). Its
 * CPU is this process's ("load generator"), printed with every step.
 *
 * The instance models many users with the BENCH_USERS sessions it creates: RANKING_HEARTBEAT_MIN_INTERVAL_MS=0
 * (every heartbeat is queued: a real user's are 30 s apart) and IDENTITY_CACHE_SECONDS=0 (no identity is answered
 * from the auth process's memory, as a user's next heartbeat comes long after its 2 s). The account's identity in
 * Redis keeps the product's IDENTITY_REDIS_SECONDS (600 s): a user studying sends a heartbeat every 30 s, so in
 * production 19 of 20 checks find it there (one Redis round trip) and one reads Postgres; with the bench's few
 * hundred users every check after the first finds it. BENCH_IDENTITY_REDIS=0 gives the check before issue 24
 * (Redis, then Postgres, on every heartbeat). With a few thousand sessions the auth service still reuses a signed
 * assertion for 10 s and the ranking finds it in its verifier's cache: the signature work per request is lower
 * than with 300,000 distinct users (part 1 gives the worker distinct users), about 55 µs of auth's CPU to sign and
 * 140 µs of the ranking's to verify on this machine. BENCH_FRESH_ASSERTIONS=1 measures parts 2 and 3 as those users
 * would be: every request comes from another client address (X-Forwarded-For from the bench's own address, which
 * the gateway is told to trust: TRUSTED_PROXIES=127.0.0.1), BENCH_FRESH_REQUESTS (120,000) (user, address) pairs in
 * turn, so a pair comes back only after the auth service stopped reusing its signed assertion (10 s at up to
 * 12,000/s): each heartbeat is signed by auth and verified by the ranking, as a user's heartbeat 30 s after the last.
 *
 * Run: npm run bench:ranking (under `flock /tmp/clima-web.lock`).
 * Environment: BENCH_RATE=10000  BENCH_SECONDS=60  BENCH_CEILING_SECONDS=20  BENCH_STEPS=6666,5000,3333
 *   BENCH_USERS=1000  BENCH_CONNECTIONS=100 (closed loops)  BENCH_OPEN_CONNECTIONS (open loop; unset: rate × 50 ms, at least
 *   BENCH_CONNECTIONS)  BENCH_STORAGE_HEARTBEATS=1000000 (0: no part 1)  BENCH_DRAIN_SECONDS=300
 *   BENCH_IDENTITY_CACHE=0 (IDENTITY_CACHE_SECONDS)
 *   BENCH_IDENTITY_REDIS (IDENTITY_REDIS_SECONDS; unset: the product's default)
 *   BENCH_HEARTBEAT_MIN_INTERVAL (RANKING_HEARTBEAT_MIN_INTERVAL_MS, 0: every heartbeat queued; the product's 10000 answers
 *   a user's heartbeats closer than 10 s without queueing them, as a few users in a closed loop send them)
 *   BENCH_FRESH_ASSERTIONS=1 (every request a fresh signed assertion, see above)  BENCH_FRESH_REQUESTS=120000
 *   BENCH_CPU_PROF=<dir>: V8 CPU profiles of every service (bench/lib/cpu-profile.ts), written at the end of the run,
 *   with windows.json (each flat-out run and the open loop on the profiles' monotonic clock, µs)
 * A benchmark, not a test: nothing is asserted.
 */
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { Platform } from '../infra/platform.cjs';
import { metricsAuth, withPlatform } from './lib/harness';
import { openLoop, percentile } from './lib/open-loop';
import { RawHttpClient } from './lib/raw-http';
import { gatewayCeiling, printWrk, wrk } from './lib/wrk';

const env = process.env;
const RATE = Number(env.BENCH_RATE ?? 10_000);
const SECONDS = Number(env.BENCH_SECONDS ?? 60);
const CEILING_SECONDS = Number(env.BENCH_CEILING_SECONDS ?? 20);
const STEPS = (env.BENCH_STEPS ?? '6666,5000,3333').split(',').map(Number).filter((n) => n > 0);
const USERS = Number(env.BENCH_USERS ?? 1000);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 100);
/**
 * The open loop's connections, at most (one request at a time on each: a rate needs rate × call time of them, by
 * Little's law; a send finding them all busy waits, its latency counted from its scheduled time). Unset: enough
 * for the target even if every call took the aim's p99 (50 ms).
 */
const openConnections = (target: number) => Number(env.BENCH_OPEN_CONNECTIONS ?? Math.max(CONNECTIONS, Math.ceil((target * AIM.p99Ms) / 1000)));
const STORAGE_HEARTBEATS = Number(env.BENCH_STORAGE_HEARTBEATS ?? 1_000_000);
const DRAIN_SECONDS = Number(env.BENCH_DRAIN_SECONDS ?? 300);
const PROF = env.BENCH_CPU_PROF;
const FRESH = env.BENCH_FRESH_ASSERTIONS === '1';
const FRESH_REQUESTS = Number(env.BENCH_FRESH_REQUESTS ?? 120_000);
/** How many requests a load sends in turn: one per user, or the fresh (user, address) pairs. */
const requestCount = (users: number) => (FRESH ? Math.max(users, FRESH_REQUESTS) : users);
const HEARTBEAT = '/api/users/session/heartbeat';
const STUDY = JSON.stringify({ activity: 'video', visible: true });
/** Aims of the issue, and its floor (100,000 active users every 30 s). */
const AIM = { rate: 10_000, floor: 3_333, p99Ms: 50, lagSeconds: 10, held: 0.97 } as const;

type Headers = Record<string, string>;

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

async function drain(queue: Queue, since: number): Promise<{ drained: boolean; left: number; seconds: number }> {
  let left = await backlog(queue);
  while (left > 0 && Date.now() - since < DRAIN_SECONDS * 1000) {
    await new Promise((r) => setTimeout(r, 100));
    left = await backlog(queue);
  }
  return { drained: left === 0, left, seconds: (Date.now() - since) / 1000 };
}

type Histogram = Map<number, number>;

/** The heartbeat route's duration histogram from the ranking service's /metrics (cumulative buckets). */
async function serviceHistogram(metricsUrl: string, headers: Record<string, string>, method: string): Promise<Histogram | null> {
  try {
    const text = await (await fetch(metricsUrl, { headers })).text();
    const buckets: Histogram = new Map();
    for (const line of text.split('\n')) {
      if (!line.startsWith('http_request_duration_seconds_bucket') || !line.includes(HEARTBEAT) || !line.includes(`method="${method}"`)) continue;
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
  if (!b) return 'n/a';
  const total = (b.get(Infinity) ?? 0) - (a?.get(Infinity) ?? 0);
  if (total <= 0) return 'n/a';
  for (const bound of [...b.keys()].sort((x, y) => x - y)) {
    if ((b.get(bound) ?? 0) - (a?.get(bound) ?? 0) >= 0.99 * total) return bound === Infinity ? '> largest bucket' : `≤ ${bound * 1000} ms`;
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
  for (const c of platform.children) if (c.pid) sample.set(c.name, subtree(c.pid));
  for (const p of procs.values()) {
    const group = p.comm.startsWith('postgres') ? 'postgres (machine-wide)' : p.comm.startsWith('redis-server') ? 'redis (machine-wide)' : null;
    if (group) sample.set(group, (sample.get(group) ?? 0) + p.ticks);
  }
  // the platform's processes are this process's children too (startPlatform spawns them): the load generator is
  // this process (the open loop) and its other children (wrk), not the platform
  const platformPids = new Set(platform.children.map((c) => c.pid));
  sample.set('load generator', (procs.get(process.pid)?.ticks ?? 0) + (children.get(process.pid) ?? []).filter((c) => !platformPids.has(c)).reduce((s, c) => s + subtree(c), 0));
  return sample;
}

function cpuBetween(a: CpuSample, b: CpuSample, seconds: number): CpuShare[] {
  const TICKS = 100; // USER_HZ on Linux
  return [...b.entries()]
    .map(([name, ticks]) => ({ name, cores: (ticks - (a.get(name) ?? 0)) / TICKS / seconds }))
    .filter((s) => s.cores >= 0.01)
    .sort((x, y) => y.cores - x.cores);
}

function cpuCount(): number {
  return readFileSync('/proc/cpuinfo', 'utf8').split('\n').filter((l) => l.startsWith('processor')).length;
}

const cpuText = (cpu: CpuShare[]) => cpu.map((c) => `${c.name} ${c.cores.toFixed(2)}`).join(', ');

// ---------------------------------------------------------------------------------------------------------------
// Load through the gateway

interface Load {
  label: string;
  /** Open-loop target per second; null for flat out. */
  target: number | null;
  seconds: number;
  accepted: number;
  p50: number;
  p99: number;
  errors: number;
  serviceP99: string;
  lagSeconds: number;
  drained: boolean;
  backlogLeft: number;
  cpu: CpuShare[];
  /** The load generator's CPU in cores: wrk's own (closed loop) or this process's (the open loop). */
  generator: number;
  generatorName: string;
}

interface Ctx {
  gateway: string;
  cookies: Headers[];
  queue: Queue;
  metricsUrl: string;
  platform: Platform;
}

async function load(ctx: Ctx, label: string, o: { method: 'POST' | 'HEAD'; target: number | null; seconds: number }): Promise<Load> {
  // built before the CPU is sampled: with BENCH_FRESH_ASSERTIONS the list is long
  const requests = requestsOf(ctx, o.method);
  const histBefore = await serviceHistogram(ctx.metricsUrl, metricsAuth(ctx.platform.env), o.method);
  const cpuBefore = cpuSample(ctx.platform);
  let figures: { seconds: number; accepted: number; p50: number; p99: number; errors: number; generator: number; generatorName: string };
  if (o.target) {
    // open loop: each user's session in turn, on the schedule, latency from each send's scheduled time
    const gateway = new URL(ctx.gateway);
    const client = new RawHttpClient(gateway.hostname, Number(gateway.port), openConnections(o.target));
    const ms: number[] = [];
    let ok = 0;
    let n = 0;
    const t0 = performance.now();
    try {
      await openLoop(o.target, o.seconds, async (due) => {
        const answer = await client.request(requests[n++ % requests.length]!);
        ms.push(performance.now() - due);
        if (answer.status >= 200 && answer.status < 300) ok++;
      });
    } finally {
      client.close();
    }
    // a server that falls behind answers after the schedule ends: the rate is over the time until the last answer
    const elapsed = Math.max(o.seconds, (performance.now() - t0) / 1000);
    figures = { seconds: elapsed, accepted: ok / elapsed, p50: Math.round(percentile(ms, 50)), p99: Math.round(percentile(ms, 99)), errors: ms.length - ok, generator: 0, generatorName: 'open loop on node:net, this process' };
  } else {
    const w = await wrk(label, ctx.gateway, requests, { connections: CONNECTIONS, seconds: o.seconds });
    figures = { seconds: o.seconds, accepted: (w.rps * w.seconds - w.non2xx) / w.seconds, p50: w.p50, p99: w.p99, errors: w.errors + w.non2xx, generator: w.generatorCores, generatorName: 'wrk, one thread' };
  }
  const sentAt = Date.now();
  const cpu = cpuBetween(cpuBefore, cpuSample(ctx.platform), figures.seconds);
  if (o.target) figures.generator = cpu.find((c) => c.name === 'load generator')?.cores ?? 0;
  const histAfter = await serviceHistogram(ctx.metricsUrl, metricsAuth(ctx.platform.env), o.method);
  const drained = o.method === 'POST' ? await drain(ctx.queue, sentAt) : { drained: true, left: 0, seconds: 0 };
  return {
    label,
    target: o.target,
    ...figures,
    serviceP99: serviceP99(histBefore, histAfter),
    lagSeconds: drained.seconds,
    drained: drained.drained,
    backlogLeft: drained.left,
    cpu,
  };
}

/**
 * The requests a load sends in turn: one per user; with BENCH_FRESH_ASSERTIONS, FRESH_REQUESTS (user, client address)
 * pairs, each address another (10.x.y.z, believed by the gateway from the bench's own address).
 */
function requestsOf(ctx: Ctx, method: 'POST' | 'HEAD') {
  return Array.from({ length: requestCount(ctx.cookies.length) }, (_, i) => ({
    method,
    path: HEARTBEAT,
    headers: {
      ...ctx.cookies[i % ctx.cookies.length]!,
      'content-type': 'application/json',
      ...(FRESH ? { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` } : {}),
    },
    ...(method === 'POST' ? { body: STUDY } : {}),
  }));
}

const held = (s: Load) => s.target !== null && s.accepted >= AIM.held * s.target && s.p99 < AIM.p99Ms && s.drained && s.lagSeconds < AIM.lagSeconds;
const lagText = (s: Load) => (s.drained ? `${s.lagSeconds.toFixed(1)} s` : `> ${s.lagSeconds.toFixed(0)} s (${s.backlogLeft} batches still queued)`);

function print(s: Load): void {
  const lines = [
    `${s.label}: ${s.target ? `${s.target}/s open loop` : 'flat out (closed loop)'} for ${s.seconds.toFixed(1)} s (to the last answer), ${s.target ? openConnections(s.target) : CONNECTIONS} connections`,
    `  accepted rate         ${s.accepted.toFixed(0)}/s (${s.errors} errors, non-2xx or timeouts)`,
    `  call                  p50 ${s.p50} ms, p99 ${s.p99} ms (inside the ranking service: p99 ${s.serviceP99})`,
  ];
  if (s.label.includes('heartbeat')) lines.push(`  points lag            ${lagText(s)} from the last heartbeat sent until the queue is drained (totals final)`);
  lines.push(`  load generator        ${s.generator.toFixed(2)} of ${cpuCount()} cores (${s.generatorName})`, `  CPU (cores of ${cpuCount()})    ${cpuText(s.cpu)}`, '');
  process.stdout.write(lines.join('\n') + '\n');
}

/** Where the time goes when a rate is not held. */
function diagnose(s: Load, ceiling: Load): string[] {
  const out: string[] = [];
  if (s.target && s.accepted < AIM.held * s.target) {
    out.push(`- accepted ${s.accepted.toFixed(0)}/s of ${s.target}/s; the authenticated no-op's ceiling in this run is ${ceiling.accepted.toFixed(0)}/s: client, nginx, the identity check and the service share ${cpuCount()} cores (CPU above)`);
  }
  if (s.p99 >= AIM.p99Ms) out.push(`- p99 ${s.p99} ms against ${s.serviceP99} inside the ranking service: the rest is nginx, the auth_request subrequest and waiting for a CPU`);
  if (!s.drained || s.lagSeconds >= AIM.lagSeconds) out.push(`- points lag ${lagText(s)}: the worker (one process, RANKING_WORKER_CONCURRENCY batches at once) and Postgres`);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Part 1: storage and the worker, on distinct users

const TABLES_SQL = `SELECT c.relname AS name, pg_total_relation_size(c.oid)::bigint AS bytes, c.reltuples::bigint AS approx_rows
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'ranking' AND c.relkind = 'r' ORDER BY 1`;

async function tableSizes(db: Client): Promise<Map<string, number>> {
  const rows = (await db.query<{ name: string; bytes: string }>(TABLES_SQL)).rows;
  return new Map(rows.map((r) => [r.name, Number(r.bytes)]));
}

const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const gb = (bytes: number) => `${(bytes / 1e9).toFixed(1)} GB`;

function grew(before: Map<string, number>, after: Map<string, number>): string {
  return [...after.entries()]
    .map(([name, bytes]) => [name, bytes - (before.get(name) ?? 0)] as const)
    .filter(([, d]) => Math.abs(d) >= 100_000)
    .sort((a, b) => b[1] - a[1])
    .map(([name, d]) => `${name} ${mb(d)}`)
    .join(', ');
}

async function storagePart(ctx: Ctx, db: Client): Promise<void> {
  const perUser = 120; // an hour, every 30 s
  const users = Math.ceil(STORAGE_HEARTBEATS / perUser);
  const heartbeats = users * perUser;
  const run = Date.now().toString(36);
  // the heartbeats span 90 minutes from `start`: two hours ago, or, when that stretch would cross midnight in São Paulo
  // (UTC−3, no summer time), the same stretch ending at 23:30 the evening before, so each user studies on one São
  // Paulo day (10 + 60 points) whatever the hour of the run
  const SP_OFFSET = 3 * 3600_000;
  const spDay = (t: number) => Math.floor((t - SP_OFFSET) / 86_400_000);
  let start = Date.now() - 2 * 3600_000;
  if (spDay(start) !== spDay(start + 5400_000)) start = spDay(start + 5400_000) * 86_400_000 + SP_OFFSET - 2 * 3600_000;
  process.stdout.write(`\n1. storage and the worker: ${heartbeats.toLocaleString('en')} study heartbeats of ${users.toLocaleString('en')} users (an hour each), batches of 1,000\n`);
  await db.query('VACUUM FULL');
  const empty = await tableSizes(db);

  // by moment: each batch holds 1,000 users' heartbeats of about the same instant, as an HTTP process gathers them
  const BATCH = 1000;
  const queuedAt = Date.now();
  let batch: { userId: string; at: number; activity: 'video'; visible: true }[] = [];
  let jobs = 0;
  for (let k = 1; k <= perUser; k++) {
    for (let u = 0; u < users; u++) {
      batch.push({ userId: `bench_s${run}_${u}`, at: start + (u % 1800) * 1000 + k * 30_000, activity: 'video', visible: true });
      if (batch.length === BATCH) {
        await ctx.queue.add('batch', { heartbeats: batch }, { jobId: randomUUID(), removeOnComplete: true, attempts: 10, backoff: { type: 'exponential', delay: 500 } });
        batch = [];
        jobs++;
        // keep the backlog small: the queue is not what is measured here
        if (jobs % 20 === 0) while ((await backlog(ctx.queue)) > 40) await new Promise((r) => setTimeout(r, 20));
      }
    }
  }
  if (batch.length) await ctx.queue.add('batch', { heartbeats: batch }, { jobId: randomUUID(), removeOnComplete: true });
  const drained = await drain(ctx.queue, queuedAt);
  const workerSeconds = (Date.now() - queuedAt) / 1000;
  const [check] = (await db.query<{ users: string; seconds: string; points: string }>(
    `SELECT count(*) AS users, sum(online_seconds) AS seconds, sum(points) AS points FROM ranking.user_stats WHERE user_id LIKE $1`,
    [`bench_s${run}_%`],
  )).rows;
  process.stdout.write(
    `  worker                ${(heartbeats / workerSeconds).toFixed(0)} heartbeats/s applied (${workerSeconds.toFixed(1)} s, one worker process${drained.drained ? '' : `, NOT drained: ${drained.left} batches left`})\n` +
      `  check                 ${check!.users} users, ${(Number(check!.seconds) / 3600).toFixed(0)} h of study, ${Number(check!.points).toLocaleString('en')} points (expected ${users} users, ${users} h, ${(users * 70).toLocaleString('en')} points)\n`,
  );

  const written = await tableSizes(db);
  await db.query('VACUUM FULL');
  const live = await tableSizes(db);
  // three days later the retention job drops the day's stretches (each day keeps its seconds and points)
  await db.query(`UPDATE ranking.active_days SET learning_spans = NULL WHERE user_id LIKE $1`, [`bench_s${run}_%`]);
  await db.query(`DELETE FROM ranking.applied_batches`);
  await db.query('VACUUM FULL');
  const compacted = await tableSizes(db);
  const perMillion = (bytes: number) => mb((bytes * 1e6) / heartbeats);
  process.stdout.write(
    `  bytes per million     ${perMillion(total(live) - total(empty))} live (after VACUUM FULL), ${perMillion(total(compacted) - total(empty))} once the retention job dropped the stretches; ` +
      `${perMillion(total(written) - total(empty))} on disk before vacuum (every batch rewrites its users' rows: dead row versions that autovacuum reclaims for reuse)\n` +
      `  where (live)          ${grew(empty, live)}\n`,
  );

  // a year at 100,000 daily users online an hour: per user-day one compacted row (active_days), per user-week one
  // weekly row, one stats row per user; the stretches of the last 3 days and an hour of batch keys on top
  const rows = async (table: string) => Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ranking.${table} WHERE user_id LIKE $1`, [`bench_s${run}_%`])).rows[0]!.n);
  const perRow = (table: string, n: number) => (compacted.get(table)! - empty.get(table)!) / n;
  const dayRow = perRow('active_days', await rows('active_days'));
  const weekRow = perRow('weekly_points', await rows('weekly_points'));
  const userRow = perRow('user_stats', users);
  const liveDayRow = (live.get('active_days')! - empty.get('active_days')!) / (await rows('active_days'));
  const DAU = 100_000;
  const year = DAU * 365 * dayRow + DAU * 52 * weekRow + DAU * userRow + 3 * DAU * (liveDayRow - dayRow);

  // the ledger this replaced: one row per user and minute online (measured on a table of its shape)
  await db.query(`CREATE TEMP TABLE old_online_minutes (user_id text NOT NULL, minute timestamptz NOT NULL, PRIMARY KEY (user_id, minute))`);
  await db.query(
    `INSERT INTO old_online_minutes SELECT 'email_' || (1000000 + u), date_trunc('minute', now()) - m * interval '1 minute' FROM generate_series(1, 10000) u, generate_series(1, 100) m`,
  );
  await db.query('VACUUM ANALYZE old_online_minutes');
  const oldRow = Number((await db.query<{ b: string }>(`SELECT pg_total_relation_size('old_online_minutes') AS b`)).rows[0]!.b) / 1_000_000;
  const oldYear = DAU * 60 * 365 * oldRow;
  process.stdout.write(
    `  a year, 100,000 daily users online an hour (${((DAU * perUser) / 1e6).toFixed(0)} million heartbeats a day, ${((DAU * 365) / 1e6).toFixed(1)} million user-days):\n` +
      `                        ${gb(year)} (user-day ${dayRow.toFixed(0)} B, user-week ${weekRow.toFixed(0)} B, user ${userRow.toFixed(0)} B; the last 3 days' stretches ${mb(3 * DAU * (liveDayRow - dayRow))})\n` +
      `                        the old minute ledger: ${(DAU * 60 * 365 / 1e9).toFixed(2)} billion rows × ${oldRow.toFixed(0)} B = ${gb(oldYear)} (${(oldYear / year).toFixed(0)}× more)\n`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// CPU profiles (BENCH_CPU_PROF=<dir>)

/**
 * Asks every service for its V8 profile (bench/lib/cpu-profile.ts, preloaded) at the end of the run, and writes
 * the windows of the runs on the monotonic clock the profiles are stamped with (windows.json), to cut them to a run.
 */
async function writeProfiles(platform: Platform, windows: Record<string, [bigint, bigint]>): Promise<void> {
  for (const c of platform.children) if (c.name !== 'gateway' && c.pid) process.kill(c.pid, 'SIGUSR2');
  await new Promise((r) => setTimeout(r, 2000));
  writeFileSync(join(PROF!, 'windows.json'), JSON.stringify(Object.fromEntries(Object.entries(windows).map(([k, [a, b]]) => [k, [Number(a), Number(b)]])), null, 1));
  process.stdout.write(`CPU profiles in ${PROF} (the flat-out runs: windows.json, monotonic µs)\n\n`);
}

// ---------------------------------------------------------------------------------------------------------------

if (PROF) mkdirSync(PROF, { recursive: true });
void withPlatform(
  async (p) => {
    const gateway = `http://127.0.0.1:${p.env.GATEWAY_PORT}`;
    const redis = new URL(p.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const queue = new Queue('ranking-heartbeats', {
      connection: { host: redis.hostname, port: Number(redis.port || 6379), db: Number(redis.pathname.slice(1) || 0) },
      prefix: p.env.KEY_PREFIX,
    });
    const db = new Client({ connectionString: p.env.DATABASE_URL });
    await db.connect();
    try {
      const load1 = loadavg().map((l) => l.toFixed(1)).join(' / ');
      process.stdout.write(`machine load average ${load1} (1/5/15 min) on ${cpuCount()} cores: the figures mean little when it is far above ${cpuCount()}\n`);
      const ctx: Ctx = { gateway, cookies: [], queue, metricsUrl: `http://127.0.0.1:${p.ports.ranking}/metrics`, platform: p };
      if (STORAGE_HEARTBEATS > 0) await storagePart(ctx, db);

      const run = Date.now().toString(36);
      const t0 = Date.now();
      ctx.cookies = (await inParallel(USERS, 8, (i) => register(gateway, i, run))).map((cookie) => ({ cookie }));
      process.stdout.write(`\n${USERS} signed-in users registered through the gateway in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
      if (FRESH) process.stdout.write(`every request a fresh signed assertion: ${requestCount(USERS).toLocaleString('en')} (user, client address) pairs in turn\n`);
      const warm = await load(ctx, 'warm-up', { method: 'POST', target: 500, seconds: 3 });
      if (warm.errors > 0) throw new Error(`warm-up: ${warm.errors} failed heartbeats`);

      process.stdout.write(`\n2. the authenticated no-op ceiling and the heartbeat, flat out\n`);
      const nginx = await gatewayCeiling(gateway, { connections: CONNECTIONS, seconds: Math.min(CEILING_SECONDS, 10) });
      printWrk([nginx]);
      process.stdout.write('\n');
      const ceilingFrom = process.hrtime.bigint() / 1000n;
      const ceiling = await load(ctx, 'no-op (HEAD, gateway + identity)', { method: 'HEAD', target: null, seconds: CEILING_SECONDS });
      const ceilingTo = process.hrtime.bigint() / 1000n;
      print(ceiling);
      const flatFrom = process.hrtime.bigint() / 1000n;
      const flat = await load(ctx, 'study heartbeat (POST), flat out', { method: 'POST', target: null, seconds: CEILING_SECONDS });
      const flatTo = process.hrtime.bigint() / 1000n;
      print(flat);
      const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : 'n/a');
      process.stdout.write(
        `ratio heartbeat/no-op  ${ratio(flat.accepted, ceiling.accepted)} of the accepted rate; p99 ${flat.p99} ms vs ${ceiling.p99} ms\n` +
          `ratio to nginx alone   no-op ${ratio(ceiling.accepted, nginx.rps)}, heartbeat ${ratio(flat.accepted, nginx.rps)} of nginx's own ${nginx.rps.toFixed(0)}/s\n`,
      );

      process.stdout.write(`\n3. the target: ${RATE}/s (${(RATE * 30).toLocaleString('en')} users every 30 s)\n`);
      const targetFrom = process.hrtime.bigint() / 1000n;
      const target = await load(ctx, 'study heartbeat', { method: 'POST', target: RATE, seconds: SECONDS });
      const targetTo = process.hrtime.bigint() / 1000n;
      print(target);
      process.stdout.write(
        [
          `ratio to the no-op    accepted ${ratio(target.accepted, ceiling.accepted)} of the no-op's flat-out ceiling (${ceiling.accepted.toFixed(0)}/s)`,
          `aim                   ${AIM.rate}/s accepted, p99 < ${AIM.p99Ms} ms, lag < ${AIM.lagSeconds} s; floor ${AIM.floor}/s`,
          `result                ${held(target) ? `${RATE}/s held through the gateway` : `${RATE}/s NOT held through the gateway`}`,
          ...(held(target) ? [] : diagnose(target, ceiling)),
          '',
        ].join('\n'),
      );
      if (!held(target)) {
        let best: Load | null = null;
        for (const rate of STEPS.filter((r) => r < RATE)) {
          const s = await load(ctx, 'study heartbeat', { method: 'POST', target: rate, seconds: Math.min(SECONDS, 20) });
          process.stdout.write(
            `  ${String(rate).padStart(5)}/s  accepted ${s.accepted.toFixed(0)}/s  p99 ${s.p99} ms (service ${s.serviceP99})  lag ${lagText(s)}  ${held(s) ? 'held' : 'not held'}  generator ${s.generator.toFixed(2)} cores  CPU ${cpuText(s.cpu)}\n`,
          );
          if (held(s)) {
            best = s;
            break;
          }
        }
        process.stdout.write(best ? `highest rate held through the gateway (of the steps tried): ${best.target}/s\n` : 'no rate tried was held\n');
      }
      const failed = (await queue.getJobCounts('failed')).failed ?? 0;
      if (failed > 0) process.stdout.write(`failed heartbeat batches: ${failed}\n`);
      // last: a Nest service ends on SIGUSR2 (its shutdown hooks) once the profile is written
      if (PROF) {
        await writeProfiles(p, {
          'no-op (HEAD), flat out': [ceilingFrom, ceilingTo],
          'study heartbeat (POST), flat out': [flatFrom, flatTo],
          [`study heartbeat, ${RATE}/s open loop`]: [targetFrom, targetTo],
        });
      }
    } finally {
      await db.end();
      await queue.close();
    }
  },
  // the billing service refuses to start in production without payment-provider keys; it plays no part here
  {
    RANKING_HEARTBEAT_MIN_INTERVAL_MS: env.BENCH_HEARTBEAT_MIN_INTERVAL ?? '0',
    IDENTITY_CACHE_SECONDS: env.BENCH_IDENTITY_CACHE ?? '0',
    ...(env.BENCH_IDENTITY_REDIS ? { IDENTITY_REDIS_SECONDS: env.BENCH_IDENTITY_REDIS } : {}),
    BILLING_PROVIDER: 'sandbox',
    ...(FRESH ? { TRUSTED_PROXIES: '127.0.0.1' } : {}),
    ...(PROF ? { NODE_OPTIONS: `--require ${join(__dirname, 'lib/cpu-profile.js')}`, BENCH_CPU_PROF: PROF } : {}),
  },
).catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
