import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import request from 'supertest';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource, DataSourceOptions } from 'typeorm';
import { dataSourceOptions, runMigrations } from '@clima/common';
import { Manual, ManualPagesAnswer, ManualSearchAnswer } from '@clima/contract';
import { loadTestEnv, psql } from '../../../infra/test/test-env';
import { pdfBytes } from '../../../packages/storage/src/testing/fixtures';
import { entities, migrations, SCHEMA } from '../src/database';
import { buildPdf } from '../src/demo-pdf';
import { ManualTextProducer } from '../src/search/manual-text.producer';
import { indexJobId } from '../src/search/manual-text.queue';
import { as, buildApp, createManual, uid } from './helpers';

jest.setTimeout(90_000);

/** A PDF of text pages made with the demo writer: one entry per page. */
const textPdf = (pages: string[]) => buildPdf({ title: 'Teste', header: 'Manual de teste', footer: 'Rodapé', pages: pages.map((text) => [{ text }]) });

/** A PDF whose pages only draw shapes (what a scanner makes, without the picture): no text at all. */
function shapesOnlyPdf(pageCount: number): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Count ${pageCount} /Kids [${Array.from({ length: pageCount }, (_, i) => `${3 + 2 * i} 0 R`).join(' ')}] >>`];
  for (let i = 0; i < pageCount; i++) {
    const content = `0.2 0.2 0.2 rg 50 ${100 + i * 10} 400 300 re f`;
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${4 + 2 * i} 0 R >>`, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Known codes on known pages; E40 and E 4 are there to be told apart from E4 and found as E4. */
const PAGES = [
  'Manual de serviço. Este manual descreve o compressor rotativo e a placa inverter da unidade externa.',
  'Tabela de códigos de erro. E1 - Falha no sensor de temperatura ambiente. E4 - Falha de comunicação entre as unidades.',
  'E40 - Falha no sensor de temperatura de descarga. F0-1 - Recolhimento de fluido refrigerante em andamento.',
  'Quando o display mostra E 4 piscando, verifique o cabo de interligação entre as unidades.',
  'A válvula de expansão eletrônica e o compressôr devem ser testados com o manifold.',
  'P8 - Proteção de temperatura da placa inverter. CH05 - Falha de comunicação com o controle com fio.',
];

/**
 * On a database, a key prefix and a storage folder of its own: every app of the manuals specs sweeps the
 * pending manuals of its database at start, and another spec's app (another storage folder) would read
 * these manuals' files as missing.
 */
describe('search inside the manuals (text job, code and word index)', () => {
  let app: NestFastifyApplication;
  let dir: string;
  const database = `${loadTestEnv()!.DATABASE_NAME}_search_${uid()}`;
  const databaseUrl = loadTestEnv()!.DATABASE_URL.replace(/\/[^/]+$/, `/${database}`);
  const prefix = `${process.env.KEY_PREFIX}_search_${uid()}`;
  const env = () => ({ STORAGE_DRIVER: 'local', STORAGE_DIR: dir, KEY_PREFIX: prefix, DATABASE_URL: databaseUrl });
  const tag = uid();
  const manufacturer = `Busca ${tag}`;
  const slug = `busca-${tag}`;
  const subscriber = as.subscriber();
  let manual: Manual;

  const http = () => request(app.getHttpServer());
  const upload = async (bytes: Buffer): Promise<string> => (await http().post('/api/admin/upload-manual').set(as.admin).attach('file', bytes, { filename: 'm.pdf', contentType: 'application/pdf' }).expect(201)).body.url;
  const adminView = async (id: number): Promise<Manual> => {
    const res = await http().get('/api/admin/manuals').set(as.admin).expect(200);
    return (res.body as Manual[]).find((m) => m.id === id)!;
  };
  /** Waits until the text job has settled the manual (not pending any more). */
  const settled = async (id: number, timeoutMs = 30_000): Promise<Manual> => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const m = await adminView(id);
      if (m.text_status !== 'pending') return m;
      if (Date.now() > until) throw new Error(`manual ${id} still pending`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const search = async (q: string, headers = subscriber, extra = `&manufacturer=${slug}`): Promise<ManualSearchAnswer> =>
    (await http().get(`/api/manuals/search?q=${encodeURIComponent(q)}${extra}`).set(headers).expect(200)).body;
  const pagesOf = (answer: ManualSearchAnswer, id = manual.id) => answer.results.find((r) => r.manual.id === id)?.hits.map((h) => h.page) ?? [];

  beforeAll(async () => {
    psql(`CREATE DATABASE ${database}`);
    await runMigrations(dataSourceOptions({ url: databaseUrl, schema: SCHEMA, entities, migrations }) as DataSourceOptions & { schema: string });
    dir = await mkdtemp(join(tmpdir(), 'clima-manuals-search-'));
    app = await buildApp(env());
    const url = await upload(textPdf(PAGES));
    manual = await createManual(app, { title: `Manual de Serviço ${tag}`, manufacturer_name: manufacturer, model_name: 'Split 12000', file_url: url });
  });
  afterAll(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
    psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  });

  it('reads an uploaded PDF in the background: pending when saved, then indexed with its page count', async () => {
    expect(manual).toMatchObject({ text_status: 'pending', page_count: null });
    expect(await settled(manual.id)).toMatchObject({ text_status: 'indexed', page_count: PAGES.length });
    // the public list carries the same fields
    const list = await http().get(`/api/manuals?manufacturer=${slug}`).expect(200);
    expect(list.body).toEqual([expect.objectContaining({ id: manual.id, text_status: 'indexed', page_count: PAGES.length })]);
  });

  it('finds each code on its page, exactly: E4 is not E40, and E 4 is E4', async () => {
    await settled(manual.id);
    expect(pagesOf(await search('E4'))).toEqual(expect.arrayContaining([2, 4]));
    expect(pagesOf(await search('E4')).sort()).toEqual([2, 4]);
    expect(pagesOf(await search('e4')).sort()).toEqual([2, 4]);
    expect(pagesOf(await search('E 4')).sort()).toEqual([2, 4]);
    expect(pagesOf(await search('E-4')).sort()).toEqual([2, 4]);
    expect(pagesOf(await search('E40'))).toEqual([3]);
    expect(pagesOf(await search('E1'))).toEqual([2]);
    expect(pagesOf(await search('F0-1'))).toEqual([3]);
    expect(pagesOf(await search('P8'))).toEqual([6]);
    expect(pagesOf(await search('CH05'))).toEqual([6]);
    expect(pagesOf(await search('ch05'))).toEqual([6]);
    expect(pagesOf(await search('E5'))).toEqual([]);
    // several codes: the pages that hold them all
    expect(pagesOf(await search('E1 E4'))).toEqual([2]);
    expect(pagesOf(await search('E1 E40'))).toEqual([]);

    const answer = await search('E4');
    expect(ManualSearchAnswer.parse(answer)).toEqual(answer);
    expect(answer).toMatchObject({ query: 'E4', locked: false });
    const [result] = answer.results;
    expect(result!.manual).toMatchObject({ id: manual.id, title: manual.title, text_status: 'indexed' });
    // each hit's snippet marks the code as the page writes it
    const marked = result!.hits.map((h) => ({ page: h.page, marked: h.marks.map(([a, b]) => h.snippet!.slice(a, b)) }));
    expect(marked).toEqual(expect.arrayContaining([{ page: 2, marked: ['E4'] }, { page: 4, marked: ['E 4'] }]));
    expect(result!.hits.find((h) => h.page === 2)!.snippet).toContain('E4 - Falha de comunicação');
  });

  it('finds words by Portuguese full text, accents and case ignored, and marks them', async () => {
    expect(pagesOf(await search('valvula'))).toEqual([5]);
    expect(pagesOf(await search('VÁLVULAS'))).toEqual([5]);
    expect(pagesOf(await search('válvula de expansão'))).toEqual([5]);
    expect(pagesOf(await search('compressor')).sort()).toEqual([1, 5]);
    expect(pagesOf(await search('compressôr')).sort()).toEqual([1, 5]);
    expect(pagesOf(await search('compressor -rotativo'))).toEqual([5]);
    expect(pagesOf(await search('geladeira'))).toEqual([]);
    const hit = (await search('valvula expansao')).results[0]!.hits[0]!;
    expect(hit.marks.map(([a, b]) => hit.snippet!.slice(a, b))).toEqual(['válvula', 'expansão']);
  });

  it('combines a code with words: the code is required, the words put the pages that have them first', async () => {
    expect(pagesOf(await search('E4 cabo interligação'))).toEqual([4, 2]);
    expect(pagesOf(await search('erro E4'))).toEqual([2, 4]);
    expect(pagesOf(await search('E4 geladeira')).sort()).toEqual([2, 4]);
    expect(pagesOf(await search('E40 compressor'))).toEqual([3]);
  });

  it('filters by manufacturer and model, and shows published manuals only', async () => {
    expect(pagesOf(await search('E40', subscriber, ''))).toEqual([3]);
    expect(pagesOf(await search('valvula', subscriber, ''))).toEqual([5]);
    expect(pagesOf(await search('E1 E4', subscriber, ''))).toEqual([2]);
    expect(pagesOf(await search('E40', subscriber, `&manufacturer=${slug}&model=split-12000`))).toEqual([3]);
    expect((await search('E40', subscriber, `&manufacturer=${slug}&model=outro`)).results).toEqual([]);
    expect((await search('E40', subscriber, `&manufacturer=nao-existe-${tag}`)).results).toEqual([]);
    await http().put(`/api/admin/manuals/${manual.id}`).set(as.admin).send({ is_published: 0 }).expect(200);
    try {
      expect((await search('E40')).results).toEqual([]);
      await http().get(`/api/manuals/${manual.id}/pages`).set(subscriber).expect(404);
    } finally {
      await http().put(`/api/admin/manuals/${manual.id}`).set(as.admin).send({ is_published: 1 }).expect(200);
    }
  });

  it('shows the pages but not the text to a user without an active subscription; refuses anonymous callers', async () => {
    const answer = await search('E4', as.inactive());
    expect(answer.locked).toBe(true);
    expect(answer.results[0]!.hits.map((h) => h.page).sort()).toEqual([2, 4]);
    for (const h of answer.results[0]!.hits) expect(h).toEqual({ page: h.page, snippet: null, marks: [] });
    const anonymous = await http().get('/api/manuals/search?q=E4').set(as.anonymous).expect(401);
    expect(anonymous.body).toEqual({ error: expect.any(String) });
  });

  it('refuses an empty, too long or broken query with the contract’s messages', async () => {
    for (const q of ['', '?q=', '?q=%20%20%20']) {
      const res = await http().get(`/api/manuals/search${q}`).set(subscriber).expect(400);
      expect(res.body).toEqual({ error: 'Informe o código ou termo a buscar.' });
    }
    const long = await http().get(`/api/manuals/search?q=${'a'.repeat(101)}`).set(subscriber).expect(400);
    expect(long.body).toEqual({ error: 'A busca deve ter no máximo 100 caracteres.' });
    await http().get(`/api/manuals/search?q=${'a'.repeat(100)}`).set(subscriber).expect(200);
    const twice = await http().get('/api/manuals/search?q=a&q=b').set(subscriber).expect(400);
    expect(twice.body).toEqual({ error: 'Busca inválida' });
    const nul = await http().get('/api/manuals/search?q=E4%00').set(subscriber).expect(400);
    expect(nul.body).toEqual({ error: 'O texto contém caracteres inválidos' });
    // the full-text syntax never breaks the query
    for (const q of ["' OR 1=1 --", '(a+)+$', '"', '!!& | :*', 'or -', '<script>']) await http().get(`/api/manuals/search?q=${encodeURIComponent(q)}`).set(subscriber).expect(200);
  });

  it('gives subscribers the text of every page for the offline copy', async () => {
    const res = await http().get(`/api/manuals/${manual.id}/pages`).set(subscriber).expect(200);
    const body = ManualPagesAnswer.parse(res.body);
    expect(body).toMatchObject({ manual_id: manual.id, text_status: 'indexed', page_count: PAGES.length });
    expect(body.pages.map((p) => p.page)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(body.pages[1]!.text.replace(/\s+/g, ' ')).toContain('E4 - Falha de comunicação entre as unidades.');
    expect(body.pages[4]!.text).toContain('compressôr');
    await http().get(`/api/manuals/${manual.id}/pages`).set(as.inactive()).expect(403);
    await http().get(`/api/manuals/${manual.id}/pages`).set(as.anonymous).expect(401);
    expect((await http().get('/api/manuals/999999999/pages').set(subscriber).expect(404)).body).toEqual({ error: 'Manual não encontrado' });
    await http().get('/api/manuals/abc/pages').set(subscriber).expect(404);
  });

  it('marks a PDF without extractable text as no_text, and a damaged one as failed, without retrying it', async () => {
    const damagedUrl = await upload(pdfBytes(5000));
    const scanned = await createManual(app, { title: `Digitalizado ${tag}`, manufacturer_name: manufacturer, model_name: 'Scan', file_url: await upload(shapesOnlyPdf(3)) });
    const damaged = await createManual(app, { title: `Danificado ${tag}`, manufacturer_name: manufacturer, model_name: 'Dano', file_url: damagedUrl });
    expect(await settled(scanned.id)).toMatchObject({ text_status: 'no_text', page_count: 3 });
    expect(await settled(damaged.id)).toMatchObject({ text_status: 'failed', page_count: null });
    const pages = await http().get(`/api/manuals/${scanned.id}/pages`).set(subscriber).expect(200);
    expect(pages.body).toEqual({ manual_id: scanned.id, text_status: 'no_text', page_count: 3, pages: [] });
    // the damaged file's job ended at its first attempt (completed, so removed), none failed to be retried
    const producer = app.get(ManualTextProducer);
    expect(await producer.jobs.getJob(indexJobId(damaged.id, damagedUrl))).toBeUndefined();
    expect(await producer.jobs.getJobCounts('failed', 'waiting')).toEqual({ failed: 0, waiting: 0 });
  });

  it('reindexes when the file changes, and forgets the text when the manual points elsewhere', async () => {
    const m = await createManual(app, { title: `Troca ${tag}`, manufacturer_name: manufacturer, model_name: 'Troca', file_url: await upload(textPdf(['Primeira versão: U4 placa.'])) });
    await settled(m.id);
    expect(pagesOf(await search('U4'), m.id)).toEqual([1]);
    const second = await upload(textPdf(['Capa', 'Segunda versão: P9 e U5.']));
    const updated = await http().put(`/api/admin/manuals/${m.id}`).set(as.admin).send({ file_url: second }).expect(200);
    expect(updated.body).toMatchObject({ text_status: 'pending', page_count: null });
    expect(await settled(m.id)).toMatchObject({ text_status: 'indexed', page_count: 2 });
    expect(pagesOf(await search('U4'), m.id)).toEqual([]);
    expect(pagesOf(await search('U5'), m.id)).toEqual([2]);
    const external = await http().put(`/api/admin/manuals/${m.id}`).set(as.admin).send({ file_url: 'https://www.exemplo.com.br/manual.pdf' }).expect(200);
    expect(external.body).toMatchObject({ text_status: null, page_count: null });
    expect(pagesOf(await search('U5'), m.id)).toEqual([]);
    const rows = await app.get(DataSource).query(`SELECT count(*)::int AS n FROM manuals.manual_pages WHERE manual_id = $1`, [m.id]);
    expect(rows[0].n).toBe(0);
  });

  it('indexes the manuals stored before the search existed when the worker starts (one job per manual and file)', async () => {
    const ds = app.get(DataSource);
    const a = await createManual(app, { title: `Antigo A ${tag}`, manufacturer_name: manufacturer, model_name: 'Antigo', file_url: 'https://www.exemplo.com.br/a.pdf' });
    const b = await createManual(app, { title: `Antigo B ${tag}`, manufacturer_name: manufacturer, model_name: 'Antigo', file_url: 'https://www.exemplo.com.br/b.pdf' });
    // as a database of before the migration: stored PDFs, no text read (null), or marked pending by the migration
    const fileA = await upload(textPdf(['Capa antiga', 'Código antigo E77 na segunda página.']));
    const fileB = await upload(textPdf(['Código antigo E78 na primeira página.']));
    await ds.query(`UPDATE manuals.manuals SET file_url = $2, text_status = NULL WHERE id = $1`, [a.id, fileA]);
    await ds.query(`UPDATE manuals.manuals SET file_url = $2, text_status = 'pending' WHERE id = $1`, [b.id, fileB]);

    // a second process starting (the worker side) sweeps them
    const second = await buildApp(env());
    try {
      expect(await settled(a.id)).toMatchObject({ text_status: 'indexed', page_count: 2 });
      expect(await settled(b.id)).toMatchObject({ text_status: 'indexed', page_count: 1 });
      expect(pagesOf(await search('E77'), a.id)).toEqual([2]);
      expect(pagesOf(await search('E78'), b.id)).toEqual([1]);
    } finally {
      await second.close();
    }
  });

  it('keeps recent answers in Redis, and drops them when a manual is saved or a PDF read', async () => {
    const redis = new Redis(process.env.REDIS_URL!);
    const cacheKey = `${prefix}:manuals:search-cache`;
    try {
      await search('P8');
      expect(await redis.hlen(cacheKey)).toBeGreaterThan(0);
      expect(await redis.ttl(cacheKey)).toBeGreaterThan(0);
      // a new manual with the same code: its text, once read, shows at once
      const other = await createManual(app, { title: `Outro P8 ${tag}`, manufacturer_name: manufacturer, model_name: 'Outro', file_url: await upload(textPdf(['Capa', 'Página', 'P8 - proteção da placa.'])) });
      await settled(other.id);
      const answer = await search('P8');
      expect(pagesOf(answer, other.id)).toEqual([3]);
      expect(pagesOf(answer)).toEqual([6]);
      await http().delete(`/api/admin/manuals/${other.id}`).set(as.admin).expect(200);
      expect(pagesOf(await search('P8'), other.id)).toEqual([]);
      // with MANUAL_SEARCH_CACHE_SECONDS=0 every search is computed and nothing is kept
      const uncachedPrefix = `${prefix}_nocache`;
      const uncached = await buildApp({ ...env(), KEY_PREFIX: uncachedPrefix, WORKERS_IN_PROCESS: 'false', MANUAL_SEARCH_CACHE_SECONDS: '0' });
      try {
        const res = await request(uncached.getHttpServer()).get(`/api/manuals/search?q=P8&manufacturer=${slug}`).set(subscriber).expect(200);
        expect(pagesOf(res.body)).toEqual([6]);
        expect(await redis.exists(`${uncachedPrefix}:manuals:search-cache`)).toBe(0);
      } finally {
        await uncached.close();
      }
    } finally {
      redis.disconnect();
    }
  });

  it('queues one job per manual and file, however often it is asked', async () => {
    const idle = await buildApp({ ...env(), KEY_PREFIX: `${prefix}_idle`, WORKERS_IN_PROCESS: 'false' });
    try {
      const producer = idle.get(ManualTextProducer);
      await producer.enqueue(424242, '/api/files/manuals/abc.pdf');
      await producer.enqueue(424242, '/api/files/manuals/abc.pdf');
      await producer.enqueue(424242, '/api/files/manuals/def.pdf');
      expect(await producer.jobs.getJobCounts('waiting')).toEqual({ waiting: 2 });
      await producer.jobs.obliterate({ force: true });
    } finally {
      await idle.close();
    }
  });

  it('makes a 100-page PDF searchable within seconds of its upload', async () => {
    const pages = Array.from({ length: 100 }, (_, i) =>
      `Página ${i + 1} do manual longo. O compressor, a válvula de expansão e o ventilador são descritos aqui com detalhes de manutenção preventiva. `.repeat(4) +
      (i + 1 === 87 ? 'Código especial E87X na página oitenta e sete.' : ''),
    );
    const bytes = textPdf(pages);
    const started = Date.now();
    const url = await upload(bytes);
    const long = await createManual(app, { title: `Longo ${tag}`, manufacturer_name: manufacturer, model_name: 'Longo', file_url: url });
    expect(await settled(long.id)).toMatchObject({ text_status: 'indexed', page_count: 100 });
    const elapsed = Date.now() - started;
    expect(pagesOf(await search('E87X'), long.id)).toEqual([87]);
    process.stdout.write(`[manuals search] 100-page PDF (${Math.round(bytes.length / 1024)} KB): uploaded to searchable in ${elapsed} ms\n`);
  });
});
