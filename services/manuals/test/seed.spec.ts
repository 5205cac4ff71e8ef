import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource, DataSourceOptions } from 'typeorm';
import { dataSourceOptions, runMigrations } from '@clima/common';
import { MANUAL_FILE_PREFIX, MANUAL_TYPES } from '@clima/contract';
import { LocalStorage } from '@clima/storage';
import { loadTestEnv, psql } from '../../../infra/test/test-env';
import { entities, migrations, SCHEMA } from '../src/database';
import { pageCodes } from '../src/search/codes';
import { extractPdfPages } from '../src/search/pdf-text';
import { seed } from '../src/seed';
import { uid } from './helpers';

/** A PDF whose cross-reference table points at each object it lists. */
function expectValidPdf(bytes: Buffer): void {
  const text = bytes.toString('latin1');
  expect(text.startsWith('%PDF-1.')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const xref = Number(/startxref\n(\d+)\n%%EOF\s*$/.exec(text)![1]);
  expect(text.slice(xref, xref + 4)).toBe('xref');
  const [, count] = /^xref\n0 (\d+)\n/.exec(text.slice(xref))!;
  const entries = text.slice(xref).split('\n').slice(3, 2 + Number(count));
  entries.forEach((entry, i) => expect(text.slice(Number(entry.slice(0, 10))).startsWith(`${i + 1} 0 obj`)).toBe(true));
  for (const m of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = m.index + m[0].length;
    expect(text.slice(start + Number(m[1]), start + Number(m[1]) + 10)).toBe('\nendstream');
  }
  expect(text).toContain('/Type /Page ');
}

/** The demo data goes into a database of its own: the seed only runs on empty tables. */
describe('demo data', () => {
  const name = `${loadTestEnv()!.DATABASE_NAME}_seed_${uid()}`;
  const url = loadTestEnv()!.DATABASE_URL.replace(/\/[^/]+$/, `/${name}`);
  let ds: DataSource;
  const dir = mkdtempSync(join(tmpdir(), 'manuals-seed-'));
  const storage = new LocalStorage(dir);

  beforeAll(async () => {
    psql(`CREATE DATABASE ${name}`);
    const options = dataSourceOptions({ url, schema: SCHEMA, entities, migrations });
    await runMigrations(options as DataSourceOptions & { schema: string });
    ds = new DataSource(options);
    await ds.initialize();
  });
  afterAll(async () => {
    await ds?.destroy();
    psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('inserts believable published manuals of every type once, and never over existing data', async () => {
    const logs: string[] = [];
    await seed(ds, { info: (m) => logs.push(m) }, storage);
    const manufacturers: { name: string }[] = await ds.query(`SELECT name FROM manuals.manufacturers ORDER BY name`);
    expect(manufacturers.map((m) => m.name)).toEqual(expect.arrayContaining(['Carrier', 'Daikin', 'Elgin', 'Fujitsu', 'Gree', 'LG', 'Midea', 'Samsung', 'Springer']));
    type Row = { manual_type: string; external_url: string | null; file_url: string | null; file_size: string | null; is_published: boolean; download_count: number };
    const manuals: Row[] = await ds.query(`SELECT manual_type, external_url, file_url, file_size, is_published, download_count FROM manuals.manuals`);
    expect(manuals.length).toBeGreaterThanOrEqual(16);
    expect(new Set(manuals.map((m) => m.manual_type))).toEqual(new Set(Object.keys(MANUAL_TYPES)));
    const withPdf = manuals.filter((m) => m.file_url !== null);
    // a few manuals carry a real PDF in the storage, of every type; the others link to the manufacturer
    expect(withPdf.length).toBeGreaterThanOrEqual(3);
    expect(new Set(withPdf.map((m) => m.manual_type))).toEqual(new Set(Object.keys(MANUAL_TYPES)));
    for (const m of manuals) {
      expect(m.is_published).toBe(true);
      expect(m.download_count).toBeGreaterThan(0);
      if (m.file_url === null) {
        expect(m.external_url).toMatch(/^https:\/\//);
        continue;
      }
      expect(m.file_url.startsWith(MANUAL_FILE_PREFIX)).toBe(true);
      const bytes = readFileSync(join(dir, 'manuals', m.file_url.slice(MANUAL_FILE_PREFIX.length)));
      expect(Number(m.file_size)).toBe(bytes.length);
      expectValidPdf(bytes);
    }
    const [{ n: modelsWithoutManufacturer }] = await ds.query(
      `SELECT count(*)::int AS n FROM manuals.manuals m JOIN manuals.models d ON d.id = m.model_id WHERE d.manufacturer_id <> m.manufacturer_id`,
    );
    expect(modelsWithoutManufacturer).toBe(0);

    await seed(ds, { info: (m) => logs.push(m) }, storage);
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM manuals.manuals`);
    expect(n).toBe(manuals.length);
    expect(logs[1]).toMatch(/skipped/);
  });

  it('ships the fault codes on known pages of its troubleshooting and service PDFs, waiting for the text job', async () => {
    const rows: { manual_type: string; file_url: string | null; text_status: string | null }[] = await ds.query(`SELECT manual_type, file_url, text_status FROM manuals.manuals`);
    for (const r of rows) expect(r.text_status).toBe(r.file_url ? 'pending' : null);
    const coded = rows.filter((r) => r.file_url && ['troubleshooting', 'service'].includes(r.manual_type));
    expect(coded.length).toBeGreaterThanOrEqual(4);
    for (const r of coded) {
      const bytes = readFileSync(join(dir, 'manuals', r.file_url!.slice(MANUAL_FILE_PREFIX.length)));
      const pages = (await extractPdfPages(new Uint8Array(bytes))).map((text) => [...pageCodes(text).keys()]);
      expect(pages[2]).toEqual(expect.arrayContaining(['E1', 'E2', 'E3', 'E4', 'E5', 'E6', 'E7', 'E8', 'E9']));
      expect(pages[3]).toEqual(expect.arrayContaining(['F01', 'F02', 'P8', 'CH05', 'U4', 'E101', 'E40']));
      expect(pages.findIndex((codes) => codes.includes('E4'))).toBe(2);
    }
  });
});
