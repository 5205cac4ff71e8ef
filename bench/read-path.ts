/**
 * The read path at this machine's limit (issue 18): each hot read route through the gateway, with the identity
 * check, as an active subscriber, 50 connections, against a bare node:http + pg server (its own process) that
 * runs the route's own SQL — the service's repository and mapper over a plain pg pool — in the same run. Prints
 * req/s, p99, the ratio per route and the CPU each process used (the service, auth for the identity check, nginx),
 * as CPU µs per request per service. Routes the shared answers do not keep (a content opened, a view counted; a
 * course's lessons with the caller's progress; the caller's own ranking figures; the contents to continue) are
 * measured the same way, without a baseline: their CPU µs per request is the figure to compare.
 *
 * Load: Debian's wrk, closed loop (bench/lib/wrk.ts); the generator's own CPU (cores) is printed beside every
 * figure. A benchmark, not a test: nothing is asserted.
 *
 *   npm run bench:read-path     BENCH_SECONDS (10 per step), BENCH_CONNECTIONS (50), BENCH_ROUTES (comma-separated
 *                               labels to run only some), BENCH_CPU_PROF=<dir> (V8 CPU profiles of every service),
 *                               BENCH_BASELINE_CHECKOUT=<dir> (another built checkout, e.g. a `git worktree` of an
 *                               earlier commit: its platform runs the same routes first, and each route's CPU µs per
 *                               request is printed against it)
 */
import { execFileSync, fork } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { Pool } from 'pg';
import { repoRoot, withPlatform } from './lib/harness';
import { printWrk, wrk, type WrkFigure } from './lib/wrk';

const ROOT = repoRoot();
const ADMIN = { username: 'bench-admin', password: 'bench-admin-local-only' };
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BASELINE_POOL = 10;

/* eslint-disable @typescript-eslint/no-require-imports */
const dist = (path: string) => require(join(ROOT, path)) as Record<string, unknown>;
type Rows = { query(sql: string, params?: unknown[]): Promise<unknown[]> };
type Mapper = (row: never, ...rest: never[]) => unknown;

/** The routes measured: path on the gateway, and what the baseline runs for it. */
interface Route {
  label: string;
  path: string;
  /** The owning service's process (its CPU is reported). */
  service: string;
  /** Not kept by the shared answers (every request runs the route); no baseline. `:content`, `:course`: ids of the demo data. */
  uncached?: true;
  /** Has a baseline but is kept by no shared answer either (the caller's own account). */
  personal?: true;
  /** Asked by a technician on the board (their own row carries their e-mail); no bare baseline. */
  member?: true;
}
const ROUTES: Route[] = [
  { label: '/api/users/me', path: '/api/users/me', service: 'auth', personal: true },
  { label: '/api/contents', path: '/api/contents', service: 'catalog' },
  { label: '/api/contents?search=vacuo', path: '/api/contents?search=vacuo', service: 'catalog' },
  { label: '/api/course-categories-with-stats', path: '/api/course-categories-with-stats', service: 'courses' },
  { label: '/api/manuals', path: '/api/manuals', service: 'manuals' },
  { label: '/api/ranking', path: '/api/ranking', service: 'ranking' },
  { label: '/api/ranking (by one on the board)', path: '/api/ranking', service: 'ranking', member: true },
  { label: '/api/contents/:id (a view counted)', path: '/api/contents/:content', service: 'catalog', uncached: true },
  { label: '/api/contents/continue', path: '/api/contents/continue', service: 'catalog', uncached: true },
  { label: '/api/courses/:id/lessons', path: '/api/courses/:course/lessons', service: 'courses', uncached: true },
  { label: '/api/users/me/stats', path: '/api/users/me/stats', service: 'ranking', uncached: true },
];

/**
 * The baseline process: node:http + pg (and ioredis for the board, which lives in Redis), one handler per route
 * running the repositories' own SQL and the services' own mappers, JSON.stringify, nothing else.
 */
function baselineMain(): void {
  const { DATABASE_URL, REDIS_URL, KEY_PREFIX, BENCH_USER_ID } = process.env as Record<string, string>;
  const pools = new Map<string, Pool>();
  const db = (schema: string): Rows => {
    let pool = pools.get(schema);
    if (!pool) {
      const url = new URL(DATABASE_URL);
      url.searchParams.set('options', `-c search_path=${schema},public`);
      pool = new Pool({ connectionString: url.toString(), max: BASELINE_POOL });
      pools.set(schema, pool);
    }
    const p = pool;
    return { query: async (sql, params) => (await p.query(sql, params as unknown[])).rows };
  };
  const redis = new Redis(REDIS_URL);
  const Contents = dist('services/catalog/dist/contents/contents.repository.js').ContentsRepository as new (d: Rows) => { list(f: object): Promise<never[]> };
  const mapContent = dist('services/catalog/dist/contents/content.mapper.js').mapContent as Mapper;
  const Categories = dist('services/courses/dist/categories/course-categories.repository.js').CourseCategoriesRepository as new (d: Rows) => { listWithStats(s?: string): Promise<never[]> };
  const mapCategory = dist('services/courses/dist/categories/course-category.mapper.js').mapCourseCategoryWithStats as Mapper;
  const Manuals = dist('services/manuals/dist/manuals/manuals.repository.js').ManualsRepository as new (d: Rows) => { list(f: object): Promise<never[]> };
  const mapManual = dist('services/manuals/dist/manuals/manual.mapper.js').mapManual as Mapper;
  const Ranking = dist('services/ranking/dist/ranking/ranking.repository.js').RankingRepository as new (d: Rows) => { records(ids: string[]): Promise<{ user_id: string; points: number }[]> };
  const { mapBoardRow, presentBoard } = dist('services/ranking/dist/ranking/ranking.mapper.js') as {
    mapBoardRow: (r: object, s: object, today: string) => unknown;
    presentBoard: (rows: unknown[], viewer: string | null) => unknown;
  };
  const { memberUserId } = dist('services/ranking/dist/leaderboard/leaderboard.service.js') as { memberUserId: (m: string) => string };
  const { saoPauloDay } = dist('services/ranking/dist/shared/sao-paulo-time.js') as { saoPauloDay: (d: Date) => string };
  const users = dist('services/auth/dist/users/users.repository.js');
  const toMe = dist('services/auth/dist/users/user.mapper.js').toMe as Mapper;

  const contents = new Contents(db('catalog'));
  const categories = new Categories(db('courses'));
  const manuals = new Manuals(db('manuals'));
  const ranking = new Ranking(db('ranking'));
  const auth = db('auth');
  // the row /api/users/me reads: auth's own statement when it has one, else TypeORM's findOneBy equivalent
  const meSql = (users.ME_SELECT as string | undefined) ?? 'SELECT * FROM auth.users WHERE id = $1 LIMIT 1';
  // ME_SELECT names its columns as the entity does; TypeORM's equivalent answers snake_case columns
  const meRow = (users.ME_SELECT ? (r: unknown) => r : (r: Record<string, unknown>) => ({
    id: r.id, email: r.email, name: r.name, googleUserData: r.google_user_data, subscriptionStatus: r.subscription_status,
    subscriptionPlan: r.subscription_plan, subscriptionExpiresAt: r.subscription_expires_at, isAdmin: r.is_admin,
    createdAt: r.created_at, emailVerifiedAt: r.email_verified_at, pendingEmail: r.pending_email,
  })) as Mapper;

  const handlers: Record<string, (q: URLSearchParams) => Promise<unknown>> = {
    '/api/users/me': async () => toMe(meRow((await auth.query(meSql, [BENCH_USER_ID]))[0] as never) as never),
    '/api/contents': async (q) => (await contents.list({ publishedOnly: true, search: q.get('search') ?? undefined })).map((r) => mapContent(r)),
    '/api/course-categories-with-stats': async () => (await categories.listWithStats()).map((r) => mapCategory(r)),
    '/api/manuals': async () => (await manuals.list({ publishedOnly: true })).map((r) => mapManual(r)),
    '/api/ranking': async () => {
      const ids = (await redis.zrange(`${KEY_PREFIX}:ranking:board`, 0, 49)).map(memberUserId);
      const byId = new Map((await ranking.records(ids)).map((r) => [r.user_id, r]));
      const today = saoPauloDay(new Date());
      return presentBoard(
        ids.filter((id) => byId.has(id)).map((id, i) => mapBoardRow(byId.get(id)!, { position: i + 1, points: byId.get(id)!.points }, today)),
        BENCH_USER_ID,
      );
    },
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const handler = handlers[url.pathname];
    if (!handler) return void res.writeHead(404).end();
    handler(url.searchParams).then(
      (body) => res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body)),
      (err: unknown) => {
        process.stderr.write(`baseline ${url.pathname}: ${String(err)}\n`);
        res.writeHead(500).end();
      },
    );
  });
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as { port: number }).port }));
}

/** CPU seconds a process (and its threads) used so far, from /proc. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (Number(readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid) out.push(Number(d));
    } catch {
      /* gone */
    }
  }
  return out;
}

/** The machine's busy share since the last call (every process), from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const idle = f[3]! + (f[4] ?? 0);
  return { busy: f.reduce((a, b) => a + b, 0) - idle, total: f.reduce((a, b) => a + b, 0) };
}

type Measured = WrkFigure & { cpu: Record<string, number>; machine: number };

async function measured(label: string, url: string, headers: Record<string, string>, pids: Record<string, number[]>): Promise<Measured> {
  const before = Object.fromEntries(Object.entries(pids).map(([k, list]) => [k, list.reduce((a, p) => a + cpuSeconds(p), 0)]));
  const m0 = machineTicks();
  const t0 = performance.now();
  const u = new URL(url);
  const f = await wrk(label, u.origin, [{ path: u.pathname + u.search, headers }], { connections: CONNECTIONS });
  const seconds = (performance.now() - t0) / 1000;
  const m1 = machineTicks();
  const cpu = Object.fromEntries(Object.entries(pids).map(([k, list]) => [k, Math.round(((list.reduce((a, p) => a + cpuSeconds(p), 0) - before[k]!) / seconds) * 100)]));
  return { ...f, cpu, machine: Math.round(((m1.busy - m0.busy) / Math.max(1, m1.total - m0.total)) * 100) };
}

/** CPU time a process spent per answered request (µs): the figure a busy machine disturbs least. */
const perRequest = (f: Measured, who: string) => Math.round(((f.cpu[who] ?? 0) / 100 / Math.max(1, f.rps)) * 1e6);

/** A new technician registered through the gateway: their id and session cookie. */
async function register(gateway: string, name: string, emailPrefix: string): Promise<{ id: string; cookie: string }> {
  const reg = await fetch(`${gateway}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email: `${emailPrefix}-${Date.now()}@example.com`, password: 'segredo123' }),
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status}`);
  return { id: ((await reg.json()) as { id: string }).id, cookie: reg.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') };
}

/** `member`: a registered technician put at the top of the board (straight into its tables). */
async function seedMore(databaseUrl: string, redisUrl: string, keyPrefix: string, member: string): Promise<void> {
  const db = new Pool({ connectionString: databaseUrl, max: 1 });
  // 50 published contents (6 of them about vácuo), 50 published manuals, 65 technicians on the board and the member
  await db.query(
    `INSERT INTO catalog.contents (title, description, category_id, tags, video_url, is_published, views_count)
     SELECT CASE WHEN g % 5 = 0 THEN 'Vácuo e carga de gás, parte ' || g ELSE 'Instalação de split, parte ' || g END,
            'Procedimento passo a passo para técnicos, parte ' || g,
            (SELECT id FROM catalog.categories ORDER BY id LIMIT 1 OFFSET (g % 3)),
            '["split","manutenção"]', 'https://www.youtube.com/watch?v=bench' || g, 1, g
       FROM generate_series(1, GREATEST(0, 50 - (SELECT count(*) FROM catalog.contents WHERE is_published = 1))::int) g`,
  );
  await db.query(
    `INSERT INTO manuals.manuals (title, description, manufacturer_id, model_id, manual_type, external_url, is_published)
     SELECT 'Manual de serviço ' || g, 'Códigos de erro e procedimentos, volume ' || g, d.manufacturer_id, d.id, 'service',
            'https://example.com/manual-' || g || '.pdf', true
       FROM generate_series(1, GREATEST(0, 50 - (SELECT count(*) FROM manuals.manuals WHERE is_published))::int) g
      CROSS JOIN LATERAL (SELECT id, manufacturer_id FROM manuals.models ORDER BY id LIMIT 1 OFFSET (g % 3)) d`,
  );
  await db.query(
    `INSERT INTO ranking.user_profiles (user_id, email, name, fact_at)
     SELECT 'bench_' || g, 'tecnico' || g || '@example.com', 'Técnico ' || g, now() FROM generate_series(1, 50) g`,
  );
  await db.query(
    `INSERT INTO ranking.user_stats (user_id, points, points_reached_at, total_logins, online_seconds, last_active_day, last_run_days, longest_streak_days)
     SELECT 'bench_' || g, 100 + g * 17, now() - g * interval '1 minute', g, g * 600, current_date, g % 9, g % 15 FROM generate_series(1, 50) g`,
  );
  await db.query(`INSERT INTO ranking.user_profiles (user_id, email, name, fact_at) VALUES ($1, 'bench-board@example.com', 'Técnico no Ranking', now()) ON CONFLICT (user_id) DO NOTHING`, [member]);
  await db.query(
    `INSERT INTO ranking.user_stats (user_id, points, points_reached_at, total_logins, online_seconds, last_active_day, last_run_days, longest_streak_days)
     VALUES ($1, 100000, now(), 40, 90000, current_date, 12, 30)
     ON CONFLICT (user_id) DO UPDATE SET points = EXCLUDED.points`,
    [member],
  );
  await db.end();
  // the board is rebuilt from Postgres on the next read
  const redis = new Redis(redisUrl);
  await redis.del(`${keyPrefix}:ranking:board:ready`);
  redis.disconnect();
}

/** CPU µs per request of each process on one route, and its rate. */
interface RouteCost {
  rps: number;
  service: number;
  auth: number;
  nginx: number;
}

/**
 * One pass over the routes on a platform of this checkout, or of another built checkout (`root`: the baseline
 * commit, measured in the same run; no bare server, no profiles, only its CPU µs per request are kept).
 */
async function pass(routes: Route[], root?: string): Promise<Map<string, RouteCost>> {
  const costs = new Map<string, RouteCost>();
  const prof = root ? undefined : process.env.BENCH_CPU_PROF;
  if (prof) mkdirSync(prof, { recursive: true });
  await withPlatform(
    async (p) => {
      const gateway = `http://127.0.0.1:${p.env.GATEWAY_PORT}`;
      const member = await register(gateway, 'Técnico no Ranking', 'bench-board');
      await seedMore(p.env.DATABASE_URL!, p.env.REDIS_URL ?? 'redis://127.0.0.1:6379', p.env.KEY_PREFIX!, member.id);
      const json = { 'content-type': 'application/json' };
      const signin = await fetch(`${gateway}/api/admin/auth/login`, { method: 'POST', headers: json, body: JSON.stringify(ADMIN) });
      if (!signin.ok) throw new Error(`admin login: ${signin.status}`);
      const adminCookie = signin.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      // with auth's demo accounts seeded (SEED_DEMO_USERS), the subscriber gets a new id: not one of the demo board's
      // technicians (email_1 … email_6), so not on the board (one on it, `member`, is measured on a route of its own)
      const { id: userId, cookie } = await register(gateway, 'Assinante Bench', 'bench');
      const activate = await fetch(`${gateway}/api/admin/users/${userId}`, {
        method: 'PUT',
        headers: { ...json, cookie: adminCookie },
        body: JSON.stringify({ subscription_status: 'active', subscription_plan: 'monthly', subscription_expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString() }),
      });
      if (!activate.ok) throw new Error(`activate: ${activate.status}`);
      const cookieOf = (r: Route) => (r.member ? member.cookie : cookie);

      // the bare node:http + pg server runs this checkout's repositories and mappers: not beside another checkout
      const child = root ? null : fork(__filename, ['--baseline'], { env: { ...process.env, ...p.env, BENCH_USER_ID: userId, NODE_OPTIONS: '' }, stdio: 'inherit' });
      const port = child
        ? await new Promise<number>((resolve, reject) => {
            child.once('message', (m: { port: number }) => resolve(m.port));
            child.once('exit', (code) => reject(new Error(`baseline exited ${code}`)));
          })
        : 0;
      const baseline = `http://127.0.0.1:${port}`;
      try {
        const gw = p.children.find((c) => c.name === 'gateway')!.pid!;
        const pidOf = (name: string) => p.children.find((c) => c.name === name)?.pid;
        // the demo data's ids for the uncached routes: the first published content and course
        const firstId = async (path: string) => ((await (await fetch(`${gateway}${path}`, { headers: { cookie } })).json()) as { id: number }[])[0]!.id;
        const ids = { content: await firstId('/api/contents'), course: await firstId('/api/courses') };
        const pathOf = (r: Route) => r.path.replace(':content', String(ids.content)).replace(':course', String(ids.course));
        for (const r of routes) {
          const answer = await fetch(`${gateway}${pathOf(r)}`, { headers: { cookie: cookieOf(r) } });
          const a = (await answer.text()).length;
          const b = r.uncached || r.member || !child ? null : (await (await fetch(`${baseline}${r.path}`)).text()).length;
          process.stdout.write(`${r.label}: HTTP ${answer.status}, ${a} bytes through the gateway${b !== null ? `, ${b} bytes from the baseline` : r.member ? ' (asked by one on the board: no bare baseline)' : ' (kept by no shared answer: no baseline)'}\n`);
        }
        await wrk('warm-up', gateway, [{ path: '/api/contents', headers: { cookie } }], { seconds: 3, connections: CONNECTIONS });
        const rows: string[] = [];
        const windows: Record<string, [number, number]> = {};
        const generator: number[] = [];
        /** CPU µs per request of each process, by route kind: the per-service summary. */
        const perService = new Map<string, { kept: number[]; uncached: number[] }>();
        const note = (who: string, uncached: boolean, us: number) => {
          const e = perService.get(who) ?? { kept: [], uncached: [] };
          (uncached ? e.uncached : e.kept).push(us);
          perService.set(who, e);
        };
        for (const r of routes) {
          const pids = { service: [pidOf(r.service)!], auth: r.service === 'auth' ? [] : [pidOf('auth')!], nginx: [gw, ...childrenOf(gw)], baseline: child ? [child.pid!] : [] };
          const base = r.uncached || r.member || !child ? null : await measured(`baseline ${r.label}`, `${baseline}${r.path}`, {}, { baseline: pids.baseline });
          const from = process.hrtime.bigint() / 1000n;
          const viaGateway = await measured(`gateway ${r.label}`, `${gateway}${pathOf(r)}`, { cookie: cookieOf(r) }, { service: pids.service, auth: pids.auth, nginx: pids.nginx });
          // the run's window on the monotonic clock (µs), the one V8's profiles are stamped with
          windows[r.label] = [Number(from), Number(process.hrtime.bigint() / 1000n)];
          printWrk(base ? [base, viaGateway] : [viaGateway]);
          costs.set(r.label, { rps: viaGateway.rps, service: perRequest(viaGateway, 'service'), auth: r.service === 'auth' ? 0 : perRequest(viaGateway, 'auth'), nginx: perRequest(viaGateway, 'nginx') });
          generator.push(viaGateway.generatorCores, ...(base ? [base.generatorCores] : []));
          const notKept = !!(r.uncached || r.personal);
          note(r.service, notKept, perRequest(viaGateway, 'service'));
          if (r.service !== 'auth') note('auth (identity check)', notKept, perRequest(viaGateway, 'auth'));
          note('nginx', notKept, perRequest(viaGateway, 'nginx'));
          const dash = '-'.padStart(6);
          rows.push(
            `${r.label.padEnd(40)} ${base ? base.rps.toFixed(0).padStart(6) : dash} ${base ? base.p99.toFixed(0).padStart(5) : '-'.padStart(5)}   ${viaGateway.rps.toFixed(0).padStart(6)} ${viaGateway.p99.toFixed(0).padStart(5)}   ` +
              `${base ? (viaGateway.rps / base.rps).toFixed(2).padStart(5) : '-'.padStart(5)}   ` +
              `CPU µs per request: ${r.service} ${perRequest(viaGateway, 'service')}${r.service === 'auth' ? '' : `, auth ${perRequest(viaGateway, 'auth')}`}, nginx ${perRequest(viaGateway, 'nginx')}${base ? `, baseline ${perRequest(base, 'baseline')}` : ''}; ` +
              `${r.service} ${viaGateway.cpu.service}%${r.service === 'auth' ? '' : `, auth ${viaGateway.cpu.auth}%`}, nginx ${viaGateway.cpu.nginx}%${base ? `; baseline ${base.cpu.baseline}%` : ''}; ` +
              `wrk ${viaGateway.generatorCores.toFixed(2)} cores${base ? ` / ${base.generatorCores.toFixed(2)}` : ''}; machine ${viaGateway.machine}%${base ? ` / ${base.machine}%` : ''}` +
              (viaGateway.errors || viaGateway.non2xx ? `  ERRORS ${viaGateway.errors} non-2xx ${viaGateway.non2xx}` : ''),
          );
        }
        const checkFrom = process.hrtime.bigint() / 1000n;
        const check = await measured('identity check alone', `http://127.0.0.1:${p.ports.auth}/internal/identity`, { cookie, 'x-original-method': 'GET', 'x-real-ip': '203.0.113.9' }, { auth: [pidOf('auth')!] });
        windows['identity check alone'] = [Number(checkFrom), Number(process.hrtime.bigint() / 1000n)];
        const health = await measured('nginx alone (/gateway-health)', `${gateway}/gateway-health`, {}, { nginx: [gw, ...childrenOf(gw)] });
        printWrk([check, health]);
        process.stdout.write(`\n${CONNECTIONS} connections, ${process.env.BENCH_SECONDS ?? 10} s per step, wrk closed loop; aim: gateway ≥ 0.70 × baseline, p99 < 20 ms; routes without a baseline are kept by no shared answer\n`);
        process.stdout.write(`${'route'.padEnd(40)} ${'base/s'.padStart(6)} ${'p99'.padStart(5)}   ${'gw/s'.padStart(6)} ${'p99'.padStart(5)}   ${'ratio'.padStart(5)}   CPU µs per request per process; CPU (% of one core) during the gateway run / the baseline run; the generator's CPU; machine busy\n`);
        for (const row of rows) process.stdout.write(`${row}\n`);
        process.stdout.write(
          `identity check alone ${check.rps.toFixed(0)} req/s (auth ${check.cpu.auth}%, ${perRequest(check, 'auth')} µs per check); nginx alone ${health.rps.toFixed(0)} req/s (p99 ${health.p99} ms, ${perRequest(health, 'nginx')} µs per request)\n` +
            `load generator (wrk, one thread): ${Math.min(...generator).toFixed(2)}–${Math.max(...generator).toFixed(2)} of ${cpus().length} cores over the runs\n`,
        );
        const range = (xs: number[]) => (!xs.length ? '-' : Math.min(...xs) === Math.max(...xs) ? `${xs[0]} µs` : `${Math.min(...xs)}–${Math.max(...xs)} µs`);
        process.stdout.write('CPU µs per request by service (routes the shared answers keep / routes they do not keep):\n');
        for (const [who, e] of perService) process.stdout.write(`  ${who.padEnd(24)} kept ${range(e.kept).padEnd(14)} not kept ${range(e.uncached)}\n`);
        if (prof) {
          for (const c of p.children) if (c.name !== 'gateway' && c.pid) process.kill(c.pid, 'SIGUSR2');
          await new Promise((r) => setTimeout(r, 2000));
          writeFileSync(join(prof, 'windows.json'), JSON.stringify(windows, null, 1));
          process.stdout.write(`CPU profiles in ${prof} (each route's run and the identity check's: windows.json, monotonic µs)\n`);
        }
      } finally {
        child?.kill();
      }
    },
    {
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      // auth's demo accounts: the subscriber registered then is not one of the demo board's technicians
      SEED_DEMO_USERS: 'true',
      ...(prof ? { NODE_OPTIONS: `--require ${join(__dirname, 'lib/cpu-profile.js')}`, BENCH_CPU_PROF: prof } : {}),
    },
    { seed: true, root },
  );
  return costs;
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ROUTES?.split(',').map((s) => s.trim());
  const routes = only ? ROUTES.filter((r) => only.includes(r.label)) : ROUTES;
  const other = process.env.BENCH_BASELINE_CHECKOUT;
  if (!other) {
    await pass(routes);
    return;
  }
  const commit = (dir: string) => execFileSync('git', ['-C', dir, 'log', '-1', '--format=%h'], { encoding: 'utf8' }).trim();
  process.stdout.write(`The baseline checkout first: ${other} (${commit(other)})\n`);
  const before = await pass(routes, other);
  process.stdout.write(`\nThis checkout (${commit(ROOT)})\n`);
  const after = await pass(routes);
  process.stdout.write(`\nCPU µs per request, ${commit(other)} → ${commit(ROOT)}, in the same run (the service; the service, auth's identity check and nginx together):\n`);
  for (const r of routes) {
    const a = before.get(r.label);
    const b = after.get(r.label);
    if (!a || !b) continue;
    const sum = (c: RouteCost) => c.service + c.auth + c.nginx;
    const change = (x: number, y: number) => `${y - x >= 0 ? '+' : '−'}${Math.abs(Math.round(((y - x) / Math.max(1, x)) * 100))} %`;
    process.stdout.write(
      `  ${r.label.padEnd(40)} ${r.uncached ? 'not kept' : 'kept    '}  ${r.service} ${String(a.service).padStart(5)} → ${String(b.service).padStart(5)} (${change(a.service, b.service)})   ` +
        `all ${String(sum(a)).padStart(5)} → ${String(sum(b)).padStart(5)} (${change(sum(a), sum(b))})   req/s ${a.rps.toFixed(0)} → ${b.rps.toFixed(0)}\n`,
    );
  }
  const notKept = routes.filter((r) => r.uncached && before.has(r.label) && after.has(r.label));
  if (notKept.length) {
    const total = (m: Map<string, RouteCost>) => notKept.reduce((x, r) => x + m.get(r.label)!.service, 0);
    process.stdout.write(`  routes no shared answer keeps, their services' µs summed: ${total(before)} → ${total(after)} (${(((total(after) - total(before)) / total(before)) * 100).toFixed(0)} %); aim (issue 24): −40 %\n`);
  }
}

if (process.argv.includes('--baseline')) baselineMain();
else
  main().catch((err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : err}\n`);
    process.exit(1);
  });
