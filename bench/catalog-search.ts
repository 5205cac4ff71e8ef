/**
 * Issue 4's search figure, on a platform instance of its own: GET /api/contents?search=… over 1,000 contents
 * through the gateway, against a minimal node:http + pg server running the same SQL (the catalog's own query
 * text and row mapper). Aim: ≥ half its throughput. (The catalog's memory during a large upload is
 * bench:upload-memory's.)
 */
import http from 'node:http';
import { join } from 'node:path';
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

const SEARCH = 'vacuo';

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

void withPlatform(
  async (p) => {
    const gateway = `http://127.0.0.1:${p.env.GATEWAY_PORT}`;
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
  },
  { SEED_DEMO_USERS: 'false' },
);
