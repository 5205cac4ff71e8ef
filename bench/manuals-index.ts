/**
 * Issue 16's indexing figures, on a platform instance of its own:
 *  1. Throughput of the text job: BENCH_INDEX_PDFS generated PDFs (default 20) of BENCH_INDEX_PAGES pages
 *     (default 50) are uploaded, then made into manuals at once; pages per second from the first manual saved
 *     to the last one indexed (extraction with pdf.js, codes, one transaction per manual).
 *  2. A 100-page PDF: the time from the start of its upload until GET /api/manuals/search finds a code of
 *     its page 87 through the gateway (aim: within 10 s), three times.
 *  3. Scanned pages (issue 29): BENCH_INDEX_SCANNED scanned PDFs (default 3) of BENCH_INDEX_SCANNED_PAGES page
 *     pictures (default 4, no text layer), read by OCR (pdftoppm + tesseract) in the worker's child process:
 *     pages per second from the first saved to the last indexed, and each one's code found on its last page.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Pool } from 'pg';
import { repoRoot, withPlatform } from './lib/harness';
import { pageText } from './lib/manual-pages';

const ROOT = repoRoot();
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildPdf } = require(join(ROOT, 'services/manuals/dist/demo-pdf.js')) as {
  buildPdf: (doc: { title: string; header: string; footer: string; pages: { text: string }[][] }) => Buffer;
};

const ADMIN = { username: 'bench-admin', password: 'bench-admin-local-only' };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { scannedPdf } = require(join(ROOT, 'services/manuals/dist/scanned-pdf.js')) as { scannedPdf: (pages: string[][]) => Buffer };

const PDFS = Number(process.env.BENCH_INDEX_PDFS ?? 20);
const PAGES = Number(process.env.BENCH_INDEX_PAGES ?? 50);
const SCANNED = Number(process.env.BENCH_INDEX_SCANNED ?? 3);
const SCANNED_PAGES = Number(process.env.BENCH_INDEX_SCANNED_PAGES ?? 4);

const cookieOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

async function send(url: string, init: RequestInit): Promise<Response> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return res;
}
const json = (body: unknown, cookie?: string, method = 'POST'): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  body: JSON.stringify(body),
});

/** A PDF of `pages` generated manual pages (the search bench's text: prose, and code tables in every third manual). */
function manualPdf(manual: number, pages: number, extra?: { page: number; text: string }): Buffer {
  return buildPdf({
    title: `Manual ${manual}`,
    header: 'Clima Pro - manual gerado',
    footer: `Manual ${manual}`,
    pages: Array.from({ length: pages }, (_, i) => [
      ...pageText(manual, i + 1).split('\n').map((text) => ({ text })),
      ...(extra?.page === i + 1 ? [{ text: extra.text }] : []),
    ]),
  });
}

async function upload(gateway: string, admin: string, bytes: Buffer): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'manual.pdf');
  const res = await send(`${gateway}/api/admin/upload-manual`, { method: 'POST', headers: { cookie: admin }, body: form });
  return ((await res.json()) as { url: string }).url;
}

async function createManual(gateway: string, admin: string, title: string, fileUrl: string): Promise<number> {
  const res = await send(`${gateway}/api/admin/manuals`, json({ title, manufacturer_name: 'Fabricante Bench', model_name: 'Modelo Bench', manual_type: 'service', file_url: fileUrl }, admin));
  return ((await res.json()) as { id: number }).id;
}

void withPlatform(
  async (p) => {
    const gateway = `http://127.0.0.1:${p.env.GATEWAY_PORT}`;
    const seeded = spawnSync(process.execPath, [join(ROOT, 'services/auth/dist/seed.js')], { env: { ...process.env, ...p.env }, encoding: 'utf8' });
    if (seeded.status !== 0) throw new Error(`seed: ${seeded.stderr}`);
    const db = new Pool({ connectionString: p.env.DATABASE_URL, max: 2 });
    const admin = cookieOf(await send(`${gateway}/api/admin/auth/login`, json(ADMIN)));
    const user = await send(`${gateway}/api/auth/register`, json({ name: 'Técnico Bench', email: `tecnico-${Date.now()}@bench.local`, password: 'segredo123' }));
    const cookie = cookieOf(user);
    const { id: userId } = (await user.json()) as { id: string };
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await send(`${gateway}/api/admin/users/${userId}`, json({ subscription_status: 'active', subscription_plan: 'monthly', subscription_expires_at: expires }, admin, 'PUT'));

    try {
      // 1. throughput
      const files: string[] = [];
      let bytes = 0;
      for (let i = 0; i < PDFS; i++) {
        const pdf = manualPdf(i + 1, PAGES);
        bytes += pdf.length;
        files.push(await upload(gateway, admin, pdf));
      }
      const started = Date.now();
      const ids: number[] = [];
      for (let i = 0; i < PDFS; i++) ids.push(await createManual(gateway, admin, `Manual de carga ${i + 1}`, files[i]!));
      for (;;) {
        const { rows } = await db.query(`SELECT count(*)::int AS n FROM manuals.manuals WHERE id = ANY($1) AND text_status <> 'pending'`, [ids]);
        if (rows[0].n === ids.length) break;
        if (Date.now() - started > 600_000) throw new Error('indexing did not finish in 10 minutes');
        await new Promise((r) => setTimeout(r, 50));
      }
      const seconds = (Date.now() - started) / 1000;
      const { rows: outcome } = await db.query(
        `SELECT text_status, count(*)::int AS n, sum(page_count)::int AS pages FROM manuals.manuals WHERE id = ANY($1) GROUP BY text_status`,
        [ids],
      );
      const pages = outcome.reduce((n, r) => n + (r.pages ?? 0), 0);
      process.stdout.write(
        `indexing: ${PDFS} PDFs × ${PAGES} pages (${(bytes / 1024 / 1024).toFixed(1)} MB) in ${seconds.toFixed(1)} s: ` +
          `${(pages / seconds).toFixed(0)} pages/s (${outcome.map((r) => `${r.n} ${r.text_status}`).join(', ')})\n`,
      );

      // 2. a 100-page PDF, upload to searchable
      const times: number[] = [];
      for (let run = 1; run <= 3; run++) {
        const code = `Z${run}87`;
        const pdf = manualPdf(1000 + run, 100, { page: 87, text: `Código ${code}: exclusivo da página 87.` });
        const t = Date.now();
        const id = await createManual(gateway, admin, `Manual de 100 páginas ${run}`, await upload(gateway, admin, pdf));
        for (;;) {
          const res = await send(`${gateway}/api/manuals/search?q=${code}`, { headers: { cookie } });
          const body = (await res.json()) as { results: { manual: { id: number }; hits: { page: number }[] }[] };
          if (body.results.some((r) => r.manual.id === id && r.hits.some((h) => h.page === 87))) break;
          if (Date.now() - t > 60_000) throw new Error('the 100-page PDF was not searchable within 60 s');
          await new Promise((r) => setTimeout(r, 50));
        }
        times.push(Date.now() - t);
        process.stdout.write(`100-page PDF (${(pdf.length / 1024).toFixed(0)} KB) run ${run}: searchable ${times.at(-1)} ms after the upload started\n`);
      }
      process.stdout.write(`upload to searchable, 100 pages: worst ${Math.max(...times)} ms of 3 (aim < 10,000 ms)\n`);

      // 3. scanned pages, read by OCR
      const scans: { url: string; code: string }[] = [];
      for (let i = 0; i < SCANNED; i++) {
        const code = `Y${i + 1}4`;
        const pages = Array.from({ length: SCANNED_PAGES }, (_, p) => [
          `Manual digitalizado ${i + 1}, página ${p + 1}`,
          'Verifique a pressão de sucção e a temperatura da linha.',
          'Limpe os filtros e a serpentina do evaporador.',
          ...(p + 1 === SCANNED_PAGES ? [`${code} - Falha no sensor de degelo`] : []),
        ]);
        scans.push({ url: await upload(gateway, admin, scannedPdf(pages)), code });
      }
      const ocrStarted = Date.now();
      const scanIds: number[] = [];
      for (let i = 0; i < SCANNED; i++) scanIds.push(await createManual(gateway, admin, `Manual digitalizado ${i + 1}`, scans[i]!.url));
      for (;;) {
        const { rows } = await db.query(`SELECT count(*)::int AS n FROM manuals.manuals WHERE id = ANY($1) AND text_status <> 'pending'`, [scanIds]);
        if (rows[0].n === scanIds.length) break;
        if (Date.now() - ocrStarted > 600_000) throw new Error('OCR did not finish in 10 minutes');
        await new Promise((r) => setTimeout(r, 100));
      }
      const ocrSeconds = (Date.now() - ocrStarted) / 1000;
      const { rows: ocrOutcome } = await db.query(
        `SELECT text_status, count(*)::int AS n, sum(ocr_pages)::int AS pages FROM manuals.manuals WHERE id = ANY($1) GROUP BY text_status`,
        [scanIds],
      );
      const ocrPages = ocrOutcome.reduce((n, r) => n + (r.pages ?? 0), 0);
      let found = 0;
      for (const [i, id] of scanIds.entries()) {
        const res = await send(`${gateway}/api/manuals/search?q=${scans[i]!.code}`, { headers: { cookie } });
        const body = (await res.json()) as { results: { manual: { id: number }; hits: { page: number }[] }[] };
        if (body.results.some((r) => r.manual.id === id && r.hits.some((h) => h.page === SCANNED_PAGES))) found++;
      }
      process.stdout.write(
        `scanned (OCR): ${SCANNED} PDFs × ${SCANNED_PAGES} page pictures in ${ocrSeconds.toFixed(1)} s: ${(ocrPages / ocrSeconds).toFixed(2)} pages/s ` +
          `(${ocrOutcome.map((r) => `${r.n} ${r.text_status}`).join(', ')}; ${ocrPages} pages read by OCR; the code of the last page found in ${found} of ${SCANNED})\n`,
      );
    } finally {
      await db.end();
    }
  },
  { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO_USERS: 'false' },
);
