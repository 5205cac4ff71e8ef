import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import autocannon from 'autocannon';

/** The repository root, whether this runs compiled (bench/dist) or not. */
export function repoRoot(from = __dirname): string {
  let dir = from;
  while (!existsSync(join(dir, 'infra/platform.cjs'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('infra/platform.cjs não encontrado');
    dir = up;
  }
  return dir;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const thisCheckout = require(join(repoRoot(), 'infra/platform.cjs')) as typeof import('../../infra/platform.cjs');
const { deleteKeys } = thisCheckout;
import type { Platform } from '../../infra/platform.cjs';

const PG = process.env.BENCH_DATABASE_BASE_URL ?? 'postgres://postgres@127.0.0.1:5432';

/**
 * A platform instance on its own database and key prefix (with the demo data when `seed`), removed afterwards.
 * `root`: another built checkout of the project to run instead of this one (a baseline commit, same run).
 */
export async function withPlatform<T>(fn: (p: Platform) => Promise<T>, extraEnv: Record<string, string> = {}, opts: { seed?: boolean; root?: string } = {}): Promise<T> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startPlatform, testPlatformEnv } = opts.root ? (require(join(opts.root, 'infra/platform.cjs')) as typeof import('../../infra/platform.cjs')) : thisCheckout;
  const id = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const db = `clima_bench_${id}`;
  execFileSync('psql', [`${PG}/postgres`, '-qc', `CREATE DATABASE ${db}`]);
  const keyPrefix = `bench_${id}`;
  const env = await testPlatformEnv({
    DATABASE_URL: `${PG}/${db}`,
    KEY_PREFIX: keyPrefix,
    LOG_LEVEL: 'warn',
    GATEWAY_ACCESS_LOG: 'off',
    NODE_ENV: 'production',
    BILLING_PROVIDER: 'sandbox',
    METRICS_TOKEN: metricsToken(),
    ...extraEnv,
  });
  const platform = await startPlatform({ env, install: false, build: false, seed: opts.seed ?? false });
  try {
    return await fn(platform);
  } finally {
    await platform.stop();
    execFileSync('psql', [`${PG}/postgres`, '-qc', `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`]);
    // its sessions, queues and streams go with its database (a run left some 7,000 keys behind before)
    await deleteKeys(env.REDIS_URL ?? 'redis://127.0.0.1:6379', keyPrefix);
  }
}

/** A fresh bearer token for the /metrics of a platform a benchmark starts. */
export const metricsToken = () => randomBytes(24).toString('base64url');

/** The Authorization header for the /metrics of a platform: its METRICS_TOKEN. */
export function metricsAuth(env: Record<string, string | undefined>): Record<string, string> {
  if (!env.METRICS_TOKEN) throw new Error('METRICS_TOKEN ausente do ambiente da plataforma: /metrics recusaria o scraper');
  return { authorization: `Bearer ${env.METRICS_TOKEN}` };
}

export interface Figure {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(label: string, url: string, opts: { headers?: Record<string, string>; connections?: number; duration?: number; method?: 'GET' | 'POST'; body?: string } = {}): Promise<Figure> {
  const r = await autocannon({
    url,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
    connections: opts.connections ?? 50,
    duration: opts.duration ?? Number(process.env.BENCH_SECONDS ?? 10),
  });
  return { label, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

export function print(figures: Figure[]): void {
  for (const f of figures) {
    process.stdout.write(
      `${f.label.padEnd(34)} ${f.rps.toFixed(0).padStart(7)} req/s   p50 ${String(f.p50).padStart(4)} ms   p99 ${String(f.p99).padStart(4)} ms   errors ${f.errors}  non-2xx ${f.non2xx}\n`,
    );
  }
}
