/**
 * Issue 16's search figure, in one run on a platform instance of its own: GET /api/manuals/search over
 * 5,000 manuals × 40 pages (200,000 indexed pages, written straight into the manuals schema with their codes),
 * 20 connections through the gateway as an active subscriber, on a mix of code and word queries; baseline in
 * the same run: the same SQL (the service's own repositories: the search, the stems for the snippets, the
 * manuals) run directly on Postgres by a pg pool, 20 at a time. Aim: p99 under 100 ms through the gateway.
 *
 * Environment: BENCH_SECONDS (default 10) per measurement; BENCH_MANUALS (default 5000);
 * BENCH_SEARCH_CACHE_SECONDS (default 30, the service's default; 0 measures every search computed).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Pool } from 'pg';
import { print, repoRoot, withPlatform, type Figure } from './lib/harness';
import { fillLibrary, PAGES_PER_MANUAL, QUERIES } from './lib/manual-pages';

const ROOT = repoRoot();
const dist = (path: string) => join(ROOT, 'services/manuals/dist', path);
/* eslint-disable @typescript-eslint/no-require-imports */
const { pageCodes, parseQuery } = require(dist('search/codes.js')) as {
  pageCodes: (text: string) => Map<string, number>;
  parseQuery: (q: string) => { codes: string[]; words: string };
};
const { ManualTextRepository } = require(dist('search/manual-text.repository.js'));
const { ManualsRepository } = require(dist('manuals/manuals.repository.js'));
const { wantedWords } = require(dist('search/manual-search.service.js')) as { wantedWords: (w: string) => string };
/* eslint-enable @typescript-eslint/no-require-imports */

const ADMIN = { username: 'bench-admin', password: 'bench-admin-local-only' };
const MANUALS = Number(process.env.BENCH_MANUALS ?? 5000);
const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CACHE_SECONDS = process.env.BENCH_SEARCH_CACHE_SECONDS ?? '30';

const cookieOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

async function post(url: string, body: unknown, cookie?: string, method = 'POST'): Promise<Response> {
  const res = await fetch(url, { method, headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res;
}

/** The service's queries for one search, straight on Postgres: what the endpoint waits for. */
function directSearch(pool: Pool): (q: string) => Promise<number> {
  const db = { query: (sql: string, params?: unknown[]) => pool.query(sql, params).then((r) => r.rows) };
  const text = new ManualTextRepository(db);
  const manuals = new ManualsRepository(db);
  return async (q) => {
    const { codes, words } = parseQuery(q);
    const [rows] = await Promise.all([text.search({ codes, words, withBodies: true }), text.lexemes(wantedWords(words))]);
    const ids = [...new Set((rows as { manual_id: number }[]).map((r) => r.manual_id))];
    if (ids.length) await manuals.findMany(ids);
    return rows.length;
  };
}

/** A closed loop of `concurrency` callers for `seconds`, each cycling through the queries. */
async function directLoad(label: string, run: (q: string) => Promise<number>, concurrency: number, seconds: number): Promise<Figure> {
  const latencies: number[] = [];
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = 0; Date.now() < until; i++) {
        const t = process.hrtime.bigint();
        try {
          await run(QUERIES[i % QUERIES.length]!);
        } catch {
          errors++;
        }
        latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (p: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!);
  return { label, rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), errors, non2xx: 0 };
}

async function gatewayLoad(label: string, gateway: string, cookie: string, seconds: number): Promise<Figure> {
  const r = await autocannon({
    url: gateway,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { cookie },
    requests: QUERIES.map((q) => ({ method: 'GET', path: `/api/manuals/search?q=${encodeURIComponent(q)}` })),
  });
  return { label, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

void withPlatform(
  async (p) => {
    const gateway = `http://127.0.0.1:${p.env.GATEWAY_PORT}`;
    const seeded = spawnSync(process.execPath, [join(ROOT, 'services/auth/dist/seed.js')], { env: { ...process.env, ...p.env }, encoding: 'utf8' });
    if (seeded.status !== 0) throw new Error(`seed: ${seeded.stderr}`);
    const writers: [Pool, Pool] = [new Pool({ connectionString: p.env.DATABASE_URL, max: 1 }), new Pool({ connectionString: p.env.DATABASE_URL, max: 1 })];
    await fillLibrary(writers, MANUALS, pageCodes, (line) => process.stdout.write(`${line}\n`));
    await Promise.all(writers.map((w) => w.end()));

    // the caller: an end user made an active subscriber by an administrator
    const admin = cookieOf(await post(`${gateway}/api/admin/auth/login`, ADMIN));
    const user = await post(`${gateway}/api/auth/register`, { name: 'Técnica Bench', email: `tecnica-${Date.now()}@bench.local`, password: 'segredo123' });
    const cookie = cookieOf(user);
    const { id } = (await user.json()) as { id: string };
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await post(`${gateway}/api/admin/users/${id}`, { subscription_status: 'active', subscription_plan: 'monthly', subscription_expires_at: expires }, admin, 'PUT');

    for (const q of QUERIES) {
      const res = await fetch(`${gateway}/api/manuals/search?q=${encodeURIComponent(q)}`, { headers: { cookie } });
      const body = (await res.json()) as { locked: boolean; results: { hits: unknown[] }[] };
      if (res.status !== 200 || body.locked) throw new Error(`search ${q}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
      const hits = body.results.reduce((n, r) => n + r.hits.length, 0);
      process.stdout.write(`  "${q}": ${body.results.length} manuals, ${hits} pages\n`);
    }
    process.stdout.write(`${MANUALS.toLocaleString('en')} manuals × ${PAGES_PER_MANUAL} pages; ${QUERIES.length} queries in turn, ${CONNECTIONS} connections, ${SECONDS} s each\n`);

    const pool = new Pool({ connectionString: p.env.DATABASE_URL, max: CONNECTIONS });
    try {
      await gatewayLoad('warm-up', gateway, cookie, 3);
      const baseline = await directLoad('baseline: same SQL, pg pool', directSearch(pool), CONNECTIONS, SECONDS);
      const viaGateway = await gatewayLoad(`gateway → manuals (cache ${CACHE_SECONDS}s)`, gateway, cookie, SECONDS);
      print([baseline, viaGateway]);
      process.stdout.write(
        `ratio gateway/baseline: ${(viaGateway.rps / baseline.rps).toFixed(2)} of the throughput, p99 ${viaGateway.p99} ms vs ${baseline.p99} ms ` +
          `(${(viaGateway.p99 / Math.max(1, baseline.p99)).toFixed(2)}×); aim p99 < 100 ms through the gateway\n`,
      );
    } finally {
      await pool.end();
    }
  },
  { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO_USERS: 'false', MANUAL_SEARCH_CACHE_SECONDS: CACHE_SECONDS },
);
