/**
 * The reliability suites' platform: the real services (from dist) behind the real nginx, on a database
 * and Redis key prefix of their own (created here, removed by stop()), with a known administrator.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Client, Pool } from 'pg';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const infra = require('../../../infra/platform.cjs') as typeof import('../../../infra/platform.cjs');
import type { Platform } from '../../../infra/platform.cjs';

export const ROOT = infra.ROOT;
export const PG_BASE = process.env.TEST_DATABASE_BASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
export const WEBHOOK_SECRET = 'whsec_reliability_suite_sandbox_secret';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: Record<string, unknown> & { error?: unknown };
  ms: number;
}

export interface CallInit {
  cookie?: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string or Buffer as it is (with content-type application/json unless headers say otherwise). */
  body?: unknown;
  timeoutMs?: number;
}

/** Calls the gateway (or any base address) and reads the whole answer. */
export async function call(base: string, method: string, path: string, init: CallInit = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  Object.assign(headers, init.headers);
  const body =
    init.body === undefined ? undefined : typeof init.body === 'string' || Buffer.isBuffer(init.body) ? (init.body as string | Buffer) : JSON.stringify(init.body);
  const started = Date.now();
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body as RequestInit['body'],
    redirect: 'manual',
    signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object') json = parsed as Record<string, unknown>;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, text, json, ms: Date.now() - started };
}

export function cookieOf(res: { headers: Headers }): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `check` passes; fails with its last error after `ms`. */
export async function eventually<T>(check: () => Promise<T>, ms = 20_000, every = 200): Promise<T> {
  const until = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      last = err;
    }
    if (Date.now() > until) throw last;
    await sleep(every);
  }
}

export async function withClient<T>(url: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A small pool for the suite's own queries; a lost connection (database restarted) is dropped, not thrown. */
function suitePool(url: string): Pool {
  const pool = new Pool({ connectionString: url, max: 2, idleTimeoutMillis: 5000 });
  pool.on('error', () => undefined);
  return pool;
}

export const uniqueId = () => `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

export interface StartOptions {
  /** Short name used in the database name and logs. */
  tag: string;
  /** Demo data and the administrator (default true). */
  seed?: boolean;
  env?: Record<string, string>;
  /** Postgres server (without database) and Redis of this platform; default the machine's. */
  pgBase?: string;
  redisUrl?: string;
}

export interface TestPlatform {
  platform: Platform;
  base: string;
  env: Record<string, string>;
  databaseUrl: string;
  admin: { username: string; password: string };
  /** Runs SQL on the platform's database. */
  sql<R = Record<string, unknown>>(query: string, params?: unknown[]): Promise<R[]>;
  call(method: string, path: string, init?: CallInit): Promise<Answer>;
  /** Processes started by the suite beside the platform's own (stopped with the platform). */
  extra: ChildProcess[];
  /** Starts one more copy of a service (or its worker) with the platform's environment. */
  spawnService(service: string, opts?: { env?: Record<string, string>; worker?: boolean; logName?: string }): ChildProcess;
  /** The latest process started under that name ('catalog', 'ranking-worker', …): a respawned one, else the platform's. */
  processOf(name: string): ChildProcess;
  stop(): Promise<void>;
}

/** The environment a service process of this platform runs with (as infra/platform.cjs gives it). */
export function serviceEnv(p: Platform, service: string, extra: Record<string, string> = {}): Record<string, string> {
  const separate = service === 'ranking';
  return { ...(p.env as Record<string, string>), SERVICE_NAME: service, WORKERS_IN_PROCESS: separate ? 'false' : 'true', ...extra };
}

export async function startTestPlatform(o: StartOptions): Promise<TestPlatform> {
  // while working on a suite: reuse a platform already running (written by startTestPlatform's caller as JSON)
  const reuse = process.env.REL_PLATFORM_FILE;
  if (reuse && existsSync(reuse)) return reusePlatform(JSON.parse(readFileSync(reuse, 'utf8')) as Reusable);
  const id = uniqueId();
  const pgBase = o.pgBase ?? PG_BASE;
  const dbName = `clima_rel_${o.tag}_${id}`;
  await withClient(`${pgBase}/postgres`, (c) => c.query(`CREATE DATABASE ${dbName}`));
  const databaseUrl = `${pgBase}/${dbName}`;
  const keyPrefix = `rel_${o.tag}_${id}`;
  const admin = { username: `admin-${o.tag}`, password: `Rel-${randomBytes(9).toString('base64url')}` };
  const redisUrl = o.redisUrl ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const env = await infra.testPlatformEnv({
    DATABASE_URL: databaseUrl,
    KEY_PREFIX: keyPrefix,
    REDIS_URL: redisUrl,
    IDENTITY_CACHE_SECONDS: '1',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    BILLING_PROVIDER: 'sandbox',
    BILLING_SANDBOX_WEBHOOK_SECRET: WEBHOOK_SECRET,
    // /metrics answers only to this bearer token (every copy of a service gets the same environment)
    METRICS_TOKEN: randomBytes(24).toString('base64url'),
    ...o.env,
  });
  // the caller's values win, ports included (testPlatformEnv picks the ports last)
  Object.assign(env, o.env);
  env.STORAGE_DIR = join(ROOT, '.runtime', `storage-rel-${o.tag}-${env.GATEWAY_PORT}`);
  mkdirSync(env.STORAGE_DIR, { recursive: true });
  const logDir = join(ROOT, '.runtime/logs', `rel-${o.tag}-${env.GATEWAY_PORT}`);
  rmSync(logDir, { recursive: true, force: true });
  let platform: Platform;
  try {
    try {
      platform = await infra.startPlatform({ env, install: false, build: false, seed: o.seed ?? true, logDir });
    } catch (err) {
      // a machine busy enough to keep the services from answering /health within the launcher's minute
      // gets a second chance (a service that cannot start fails the same way again)
      if (!/Não ficaram saudáveis/.test(String(err))) throw err;
      // on ports of its own: one that another process took between the pick and the listen stays taken
      rmSync(env.GATEWAY_RUNTIME_DIR, { recursive: true, force: true });
      const fresh = await infra.testPlatformEnv();
      for (const k of Object.keys(fresh)) if (/_PORT$/.test(k) || k === 'PUBLIC_URL' || k === 'GATEWAY_RUNTIME_DIR') env[k] = fresh[k];
      Object.assign(env, o.env);
      platform = await infra.startPlatform({ env, install: false, build: false, seed: false, migrate: false, logDir });
    }
  } catch (err) {
    await dropDatabase(pgBase, dbName).catch(() => undefined);
    await deleteKeys(redisUrl, keyPrefix).catch(() => undefined);
    rmSync(env.STORAGE_DIR, { recursive: true, force: true });
    throw err;
  }
  const base = `http://127.0.0.1:${env.GATEWAY_PORT}`;
  const extra: ChildProcess[] = [];
  const { openSync, closeSync } = await import('node:fs');
  const pool = suitePool(databaseUrl);
  return {
    platform,
    base,
    env,
    databaseUrl,
    admin,
    extra,
    sql: <R>(query: string, params: unknown[] = []) => pool.query(query, params).then((r) => r.rows as R[]),
    call: (method, path, init) => call(base, method, path, init),
    spawnService(service, so = {}) {
      const script = join(ROOT, 'services', service, so.worker ? 'dist/worker.js' : 'dist/main.js');
      const out = openSync(join(platform.logDir, `${so.logName ?? (so.worker ? `${service}-worker` : service)}.log`), 'a');
      const child = spawn(process.execPath, [script], { cwd: ROOT, env: serviceEnv(platform, service, so.env), stdio: ['ignore', out, out] }) as ChildProcess & { name?: string };
      closeSync(out);
      child.name = so.worker ? `${service}-worker` : service;
      extra.push(child);
      return child;
    },
    processOf(name) {
      const mine = [...extra].reverse().find((c) => (c as ChildProcess & { name?: string }).name === name);
      return mine ?? childOf(platform, name);
    },
    async stop() {
      await pool.end().catch(() => undefined);
      await Promise.all(extra.map((c) => stopChild(c)));
      await platform.stop();
      await dropDatabase(pgBase, dbName).catch(() => undefined);
      await deleteKeys(redisUrl, keyPrefix).catch(() => undefined);
      rmSync(env.STORAGE_DIR, { recursive: true, force: true });
      rmSync(env.GATEWAY_RUNTIME_DIR, { recursive: true, force: true });
    },
  };
}

export async function dropDatabase(pgBase: string, name: string): Promise<void> {
  if (process.env.KEEP_TEST_DB) return;
  await withClient(`${pgBase}/postgres`, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

export const deleteKeys = infra.deleteKeys;

/** SIGTERM, then SIGKILL after a while; resolves when the process is gone. */
export function stopChild(c: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 8000): Promise<void> {
  return new Promise((resolve) => {
    if (c.exitCode !== null || c.signalCode !== null) return resolve();
    const t = setTimeout(() => c.kill('SIGKILL'), graceMs);
    c.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
    c.kill(signal);
  });
}

/** The platform's own child process of a service (platform.cjs names them). */
export function childOf(p: Platform, name: string): ChildProcess {
  const c = (p as Platform & { children: (ChildProcess & { name?: string })[] }).children.find((x) => x.name === name);
  if (!c) throw new Error(`processo ${name} não encontrado`);
  return c;
}

/** The Authorization header a scraper of this platform's /metrics sends: METRICS_TOKEN of its environment. */
export function metricsAuth(env: Record<string, string | undefined>): Record<string, string> {
  if (!env.METRICS_TOKEN) throw new Error('METRICS_TOKEN ausente do ambiente da plataforma: /metrics recusaria o scraper');
  return { authorization: `Bearer ${env.METRICS_TOKEN}` };
}

/** The Prometheus text of the service listening on `port`; fails on any answer but 200. */
export async function scrapeMetrics(port: number, env: Record<string, string | undefined>): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: metricsAuth(env), signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`/metrics em ${port}: ${res.status} ${text.slice(0, 120)}`);
  return text;
}

export async function waitHealthy(port: number, ms = 60_000): Promise<void> {
  await eventually(async () => {
    const res = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(2000) });
    if (res.status !== 200) throw new Error(`health ${res.status}`);
  }, ms);
}

/** Number of files under a folder (recursive). */
export function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  let n = 0;
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    n += statSync(p).isDirectory() ? countFiles(p) : 1;
  }
  return n;
}

interface Reusable {
  env: Record<string, string>;
  databaseUrl: string;
  admin: { username: string; password: string };
  logDir: string;
  ports: Record<string, number>;
  services: string[];
  mail: Platform['mail'];
}

/** What a suite needs to reuse a running platform (see REL_PLATFORM_FILE). */
export function describePlatform(t: TestPlatform): Reusable {
  return { env: t.env, databaseUrl: t.databaseUrl, admin: t.admin, logDir: t.platform.logDir, ports: t.platform.ports, services: t.platform.services, mail: t.platform.mail };
}

function reusePlatform(r: Reusable): TestPlatform {
  const pool = suitePool(r.databaseUrl);
  const base = `http://127.0.0.1:${r.env.GATEWAY_PORT}`;
  const platform = { url: base, credentials: null, stop: async () => undefined, services: r.services, env: r.env, logDir: r.logDir, ports: r.ports, children: [], mail: r.mail } as Platform;
  return {
    platform,
    base,
    env: r.env,
    databaseUrl: r.databaseUrl,
    admin: r.admin,
    extra: [],
    sql: <R>(query: string, params: unknown[] = []) => pool.query(query, params).then((x) => x.rows as R[]),
    call: (method, path, init) => call(base, method, path, init),
    spawnService: () => {
      throw new Error('REL_PLATFORM_FILE: processos não disponíveis');
    },
    processOf: () => {
      throw new Error('REL_PLATFORM_FILE: processos não disponíveis');
    },
    stop: () => pool.end(),
  };
}
