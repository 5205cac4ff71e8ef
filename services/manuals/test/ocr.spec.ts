import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeflate } from 'node:zlib';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { DataSourceOptions } from 'typeorm';
import { dataSourceOptions, runMigrations } from '@clima/common';
import { Manual, MANUAL_TEXT_ERRORS, ManualPagesAnswer, ManualSearchAnswer } from '@clima/contract';
import { loadTestEnv, psql } from '../../../infra/test/test-env';
import { entities, migrations, SCHEMA } from '../src/database';
import { buildPdf } from '../src/demo-pdf';
import { scannedPdf } from '../src/scanned-pdf';
import { as, buildApp, createManual, uid } from './helpers';

jest.setTimeout(180_000);

/** `mb` MiB of spaces, Flate-compressed a MiB at a time (never all in memory). */
async function deflatedSpaces(mb: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < mb; i++) if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await done;
  return Buffer.concat(out);
}

/**
 * A "PDF bomb": one page whose content stream is `expandedMb` MiB of spaces, Flate-compressed to about a
 * thousandth of that (what pdf.js would inflate in memory to read the page's text).
 */
async function bombPdf(expandedMb: number): Promise<Buffer> {
  const stream = await deflatedSpaces(expandedMb);
  const head = Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Count 1 /Kids [3 0 R] >>\nendobj\n' +
      '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>\nendobj\n' +
      `4 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`,
    'latin1',
  );
  const offsets = [9, head.indexOf('2 0 obj'), head.indexOf('3 0 obj'), head.indexOf('4 0 obj')];
  const body = Buffer.concat([head, stream, Buffer.from('\nendstream\nendobj\n', 'latin1')]);
  const xref = `xref\n0 5\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${body.length}\n%%EOF\n`;
  return Buffer.concat([body, Buffer.from(xref, 'latin1')]);
}

/** A scanned manual: page images only; its codes are printed on page 2. */
const SCANNED = [
  ['Manual de serviço digitalizado', 'Condicionador de ar split inverter', 'Leia todas as instruções antes da instalação.'],
  ['Tabela de códigos de erro', 'E4 - Falha de comunicação entre as unidades', 'P8 - Proteção de temperatura da placa'],
];

/**
 * The text job's reading in its child process, on a database, key prefix and storage folder of its own:
 * OCR of the scanned pages and the caps per file (expanded size, memory, time).
 */
describe('scanned manuals (OCR) and the capped PDF reader', () => {
  let app: NestFastifyApplication;
  let dir: string;
  const database = `${loadTestEnv()!.DATABASE_NAME}_ocr_${uid()}`;
  const databaseUrl = loadTestEnv()!.DATABASE_URL.replace(/\/[^/]+$/, `/${database}`);
  const prefix = `${process.env.KEY_PREFIX}_ocr_${uid()}`;
  const tag = uid();
  const manufacturer = `Digitalizados ${tag}`;
  const slug = `digitalizados-${tag}`;
  const subscriber = as.subscriber();
  // the expanded-size cap of this app (the bomb below expands to 4 times it); memory and time at their defaults
  const EXPANDED_MB = 16;

  const http = () => request(app.getHttpServer());
  const upload = async (bytes: Buffer): Promise<string> => (await http().post('/api/admin/upload-manual').set(as.admin).attach('file', bytes, { filename: 'm.pdf', contentType: 'application/pdf' }).expect(201)).body.url;
  const adminView = async (id: number): Promise<Manual> => ((await http().get('/api/admin/manuals').set(as.admin).expect(200)).body as Manual[]).find((m) => m.id === id)!;
  const settled = async (id: number, timeoutMs = 120_000): Promise<Manual> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const m = await adminView(id);
      if (m.text_status !== 'pending') return m;
      if (Date.now() > until) throw new Error(`manual ${id} still pending`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const search = async (q: string): Promise<ManualSearchAnswer> => (await http().get(`/api/manuals/search?q=${encodeURIComponent(q)}&manufacturer=${slug}`).set(subscriber).expect(200)).body;
  const pagesOf = (answer: ManualSearchAnswer, id: number) => answer.results.find((r) => r.manual.id === id)?.hits.map((h) => h.page) ?? [];

  beforeAll(async () => {
    psql(`CREATE DATABASE ${database}`);
    await runMigrations(dataSourceOptions({ url: databaseUrl, schema: SCHEMA, entities, migrations }) as DataSourceOptions & { schema: string });
    dir = await mkdtemp(join(tmpdir(), 'clima-manuals-ocr-'));
    // the text job runs in this process here (the worst case: the HTTP process itself consumes the queue)
    app = await buildApp({ STORAGE_DRIVER: 'local', STORAGE_DIR: dir, KEY_PREFIX: prefix, DATABASE_URL: databaseUrl, WORKERS_IN_PROCESS: 'true', MANUAL_TEXT_MAX_EXPANDED_MB: String(EXPANDED_MB) });
  });
  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
    psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  it('reads a scanned PDF by OCR: a code printed on its second page is found on that page, with its place on the page', async () => {
    const manual = await createManual(app, { title: `Manual digitalizado ${tag}`, manufacturer_name: manufacturer, model_name: 'Scan 9000', file_url: await upload(scannedPdf(SCANNED)) });
    const started = Date.now();
    expect(await settled(manual.id)).toMatchObject({ text_status: 'indexed', page_count: 2, ocr_pages: 2, text_error: null });
    process.stdout.write(`[manuals ocr] 2 scanned pages indexed in ${Date.now() - started} ms\n`);
    expect(pagesOf(await search('E4'), manual.id)).toEqual([2]);
    expect(pagesOf(await search('p 8'), manual.id)).toEqual([2]);
    expect(pagesOf(await search('instalação'), manual.id)).toEqual([1]);

    // the pages answer gives the words OCR placed on each scanned page (fractions of the page, top left first)
    const body = ManualPagesAnswer.parse((await http().get(`/api/manuals/${manual.id}/pages`).set(subscriber).expect(200)).body);
    expect(body.pages.map((p) => p.page)).toEqual([1, 2]);
    expect(body.pages[1]!.text).toContain('E4');
    const e4 = body.pages[1]!.words!.find((w) => w.text === 'E4')!;
    // drawn at 110 px from the left and about 270 px from the top of a 1240 × 1754 px page
    expect(e4.x).toBeGreaterThan(0.05);
    expect(e4.x).toBeLessThan(0.15);
    expect(e4.y).toBeGreaterThan(0.1);
    expect(e4.y).toBeLessThan(0.2);
    expect(e4.w).toBeGreaterThan(0);
    expect(e4.h).toBeGreaterThan(0);
    const lineEnds = body.pages[1]!.words!.filter((w) => w.eol).length;
    expect(lineEnds).toBe(3);
  });

  it('keeps the text layer of a PDF that has one: no OCR, no word boxes', async () => {
    const pdf = buildPdf({ title: 'Texto', header: 'Manual', footer: 'Rodapé', pages: [[{ text: 'Página com texto: E9 - Falha no sensor do evaporador.' }]] });
    const manual = await createManual(app, { title: `Manual com texto ${tag}`, manufacturer_name: manufacturer, model_name: 'Texto', file_url: await upload(pdf) });
    expect(await settled(manual.id)).toMatchObject({ text_status: 'indexed', page_count: 1, ocr_pages: 0 });
    const body = ManualPagesAnswer.parse((await http().get(`/api/manuals/${manual.id}/pages`).set(subscriber).expect(200)).body);
    expect(body.pages[0]!.words).toBeUndefined();
  });

  it('refuses a compressed PDF bomb with its reason, while /health keeps answering and the process memory stays put', async () => {
    const bomb = await bombPdf(EXPANDED_MB * 4);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const url = await upload(bomb);
    global.gc?.();
    const before = process.memoryUsage();
    const manual = await createManual(app, { title: `Bomba ${tag}`, manufacturer_name: manufacturer, model_name: 'Bomba', file_url: url });
    // /health asked without pause while the job runs: it answers every time, in the job's window
    const latencies: number[] = [];
    let jobDone = false;
    const watching = (async () => {
      while (!jobDone) {
        const t = process.hrtime.bigint();
        const res = await http().get('/health');
        expect(res.status).toBe(200);
        latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
    })();
    const outcome = await settled(manual.id);
    jobDone = true;
    await watching;
    expect(outcome).toMatchObject({ text_status: 'failed', page_count: null, text_error: MANUAL_TEXT_ERRORS.expanded(EXPANDED_MB) });
    expect(latencies.length).toBeGreaterThan(0);
    const after = process.memoryUsage();
    const grown = (after.heapUsed + after.external - before.heapUsed - before.external) / 1024 / 1024;
    process.stdout.write(
      `[manuals ocr] bomb of ${Math.round(bomb.length / 1024)} KB (${EXPANDED_MB * 4} MiB expanded): /health answered ${latencies.length} times, ` +
        `worst ${Math.max(...latencies).toFixed(1)} ms; heap + external grew ${grown.toFixed(1)} MB\n`,
    );
    // the bomb's 64 MiB were never in this process (loose: the test's own requests allocate too)
    expect(grown).toBeLessThan(EXPANDED_MB * 2);
  });

  it('stops a reading past its memory or its time, and marks the file failed with the reason', async () => {
    const capped = await buildApp({
      STORAGE_DRIVER: 'local',
      STORAGE_DIR: dir,
      KEY_PREFIX: `${prefix}_capped`,
      DATABASE_URL: databaseUrl,
      WORKERS_IN_PROCESS: 'true',
      MANUAL_TEXT_MAX_EXPANDED_MB: '4096',
      MANUAL_TEXT_MAX_MEMORY_MB: '200',
      MANUAL_TEXT_TIMEOUT_SECONDS: '1',
    });
    try {
      // over memory: pdf.js inflates 600 MiB to read the page (no expanded-size cap stops it here)
      const heavy = await createManual(capped, { title: `Pesado ${tag}`, manufacturer_name: manufacturer, model_name: 'Pesado', file_url: await upload(await bombPdf(600)) });
      // over time: OCR of 2 scanned pages takes more than a second
      const slow = await createManual(capped, { title: `Lento ${tag}`, manufacturer_name: manufacturer, model_name: 'Lento', file_url: await upload(scannedPdf(SCANNED)) });
      const heavyOutcome = await settled(heavy.id);
      expect(heavyOutcome.text_status).toBe('failed');
      // whichever cap came first: the child's memory, or the second it had
      expect([MANUAL_TEXT_ERRORS.memory(200), MANUAL_TEXT_ERRORS.time(1)]).toContain(heavyOutcome.text_error);
      expect(await settled(slow.id)).toMatchObject({ text_status: 'failed', text_error: MANUAL_TEXT_ERRORS.time(1) });
    } finally {
      await capped.close();
    }
  });
});
