import { DataSource, DataSourceOptions } from 'typeorm';
import { dataSourceOptions, runMigrations } from '@clima/common';
import { MANUAL_TYPES } from '@clima/contract';
import { loadTestEnv, psql } from '../../../infra/test/test-env';
import { entities, migrations, SCHEMA } from '../src/database';
import { seed } from '../src/seed';
import { uid } from './helpers';

/** The demo data goes into a database of its own: the seed only runs on empty tables. */
describe('demo data', () => {
  const name = `${loadTestEnv()!.DATABASE_NAME}_seed_${uid()}`;
  const url = loadTestEnv()!.DATABASE_URL.replace(/\/[^/]+$/, `/${name}`);
  let ds: DataSource;

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
  });

  it('inserts believable published manuals of every type once, and never over existing data', async () => {
    const logs: string[] = [];
    await seed(ds, { info: (m) => logs.push(m) });
    const manufacturers: { name: string }[] = await ds.query(`SELECT name FROM manuals.manufacturers ORDER BY name`);
    expect(manufacturers.map((m) => m.name)).toEqual(expect.arrayContaining(['Carrier', 'Daikin', 'Elgin', 'Fujitsu', 'Gree', 'LG', 'Midea', 'Samsung', 'Springer']));
    const manuals: { manual_type: string; external_url: string | null; file_url: string | null; is_published: boolean; download_count: number }[] =
      await ds.query(`SELECT manual_type, external_url, file_url, is_published, download_count FROM manuals.manuals`);
    expect(manuals.length).toBeGreaterThanOrEqual(16);
    expect(new Set(manuals.map((m) => m.manual_type))).toEqual(new Set(Object.keys(MANUAL_TYPES)));
    for (const m of manuals) {
      expect(m.is_published).toBe(true);
      expect(m.file_url).toBeNull();
      expect(m.external_url).toMatch(/^https:\/\//);
      expect(m.download_count).toBeGreaterThan(0);
    }
    const [{ n: modelsWithoutManufacturer }] = await ds.query(
      `SELECT count(*)::int AS n FROM manuals.manuals m JOIN manuals.models d ON d.id = m.model_id WHERE d.manufacturer_id <> m.manufacturer_id`,
    );
    expect(modelsWithoutManufacturer).toBe(0);

    await seed(ds, { info: (m) => logs.push(m) });
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM manuals.manuals`);
    expect(n).toBe(manuals.length);
    expect(logs[1]).toMatch(/skipped/);
  });
});
