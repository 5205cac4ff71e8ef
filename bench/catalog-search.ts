/**
 * Issue 4's figures, in one run on a platform instance of its own:
 *  1. GET /api/contents?search=… over 1,000 contents through the gateway, against a minimal node:http + pg
 *     server running the same SQL (the catalog's own query text and row mapper). Aim: ≥ half its throughput.
 *  2. Upload of a 400 MB video through the gateway: the catalog process's peak memory (VmHWM) before and
 *     after. Aim: under 150 MB.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Pool } from 'pg';
import { load, print, repoRoot, withPlatform } from './lib/harness';

const ROOT = repoRoot();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const mapper = require(join(ROOT, 'services/catalog/dist/contents/content.mapper.js')) as {
  CONTENT_SELECT: string;
  mapContent: (row: unknown) => unknown;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { likePattern } = require(join(ROOT, 'packages/common/dist/index.js')) as { likePattern: (s: string) => string };

const ADMIN = { username: 'bench-admin', password: 'bench-admin-local-only' };
const SEARCH = 'vacuo';

function peakKb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : 0;
}

/** The baseline: node:http + pg, the catalog's SQL for a published-content search, nothing else. */
function baselineServer(databaseUrl: string): Promise<{ url: string; close: () => Promise<void> }> {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', '-c search_path=catalog,public');
  const pool = new Pool({ connectionString: url.toString(), max: 10 });
  const sql = `${mapper.CONTENT_SELECT} WHERE c.is_published = 1 AND c.search_text LIKE f_unaccent(lower($1)) ORDER BY c.created_at DESC, c.id DESC`;
  const server = http.createServer((req, res) => {
    const search = new URL(req.url ?? '/', 'http://x').searchParams.get('search') ?? '';
    pool.query(sql, [likePattern(search)]).then(
      (r) => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(r.rows.map(mapper.mapContent)));
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => void pool.end().then(() => r()))) });
    }),
  );
}

/** A 400 MB MP4 (a real ftyp box, then zeros) streamed as multipart, never held in memory. */
function bigVideo(bytes: number, boundary: string): Readable {
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="grande.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
  const ftyp = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(1024 * 1024);
  let sent = 0;
  let stage = 0;
  return new Readable({
    read() {
      if (stage === 0) {
        stage = 1;
        this.push(Buffer.concat([head, ftyp]));
        sent = ftyp.length;
      } else if (sent < bytes) {
        const n = Math.min(chunk.length, bytes - sent);
        sent += n;
        this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
      } else if (stage === 1) {
        stage = 2;
        this.push(tail);
      } else this.push(null);
    },
  });
}

function upload(gateway: string, cookie: string, bytes: number): Promise<number> {
  const boundary = `bench${Date.now()}`;
  return new Promise((resolve, reject) => {
    const u = new URL(`${gateway}/api/admin/upload-video`);
    const req = http.request(
      { host: u.hostname, port: u.port, path: u.pathname, method: 'POST', headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    bigVideo(bytes, boundary).pipe(req);
  });
}

void withPlatform(
  async (p) => {
    const gateway = `http://127.0.0.1:${p.env.GATEWAY_PORT}`;
    const seeded = spawnSync(process.execPath, [join(ROOT, 'services/auth/dist/seed.js')], { env: { ...process.env, ...p.env }, encoding: 'utf8' });
    if (seeded.status !== 0) throw new Error(`seed: ${seeded.stderr}`);
    const db = new Pool({ connectionString: p.env.DATABASE_URL, max: 2 });
    await db.query(`INSERT INTO catalog.categories (name, slug) SELECT 'Categoria ' || g, 'categoria-' || g FROM generate_series(1, 10) g`);
    await db.query(
      `INSERT INTO catalog.contents (title, description, category_id, tags, is_published, views_count)
       SELECT CASE WHEN g % 10 = 0 THEN 'Vácuo e carga de gás ' || g ELSE 'Instalação de split ' || g END,
              'Procedimento passo a passo para técnicos, parte ' || g,
              (SELECT id FROM catalog.categories ORDER BY id LIMIT 1 OFFSET (g % 10)),
              '["split","manutenção","refrigeração"]', 1, g
         FROM generate_series(1, 1000) g`,
    );
    await db.end();

    const signin = await fetch(`${gateway}/api/admin/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    if (!signin.ok) throw new Error(`admin login: ${signin.status}`);
    const adminCookie = signin.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

    const base = await baselineServer(p.env.DATABASE_URL!);
    const path = `/api/contents?search=${SEARCH}`;
    const check = (await (await fetch(`${gateway}${path}`)).json()) as unknown[];
    process.stdout.write(`search "${SEARCH}" matches ${check.length} of 1,000 contents\n`);
    await load('warm-up', `${gateway}${path}`, { duration: 2 });
    const baseline = await load('baseline node:http + pg', `${base.url}${path}`);
    const viaGateway = await load('gateway → catalog', `${gateway}${path}`);
    await base.close();
    print([baseline, viaGateway]);
    process.stdout.write(`ratio gateway/baseline: ${(viaGateway.rps / baseline.rps).toFixed(2)} (aim ≥ 0.50)\n`);

    const catalog = p.children.find((c) => c.name === 'catalog');
    if (!catalog?.pid) throw new Error('catalog process not found');
    // the search load above raised the process's high-water mark: reset it, so the figure is the upload's own
    writeFileSync(`/proc/${catalog.pid}/clear_refs`, '5');
    const before = peakKb(catalog.pid);
    const size = Number(process.env.BENCH_UPLOAD_MB ?? 400) * 1024 * 1024;
    const started = Date.now();
    const status = await upload(gateway, adminCookie, size);
    const after = peakKb(catalog.pid);
    process.stdout.write(
      `upload of ${(size / 1024 / 1024).toFixed(0)} MB: HTTP ${status} in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `catalog resident memory ${(before / 1024).toFixed(0)} MB before, peak ${(after / 1024).toFixed(0)} MB during the upload (aim < 150 MB)\n`,
    );
  },
  { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO_USERS: 'false' },
);
