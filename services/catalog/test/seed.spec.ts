import { DataSource, DataSourceOptions } from 'typeorm';
import { dataSourceOptions, runMigrations } from '@clima/common';
import { ContentBody, isSafeVideoSource } from '@clima/contract';
import { psql } from '../../../infra/test/test-env';
import { entities, migrations, SCHEMA } from '../src/database';
import { seed } from '../src/seed';
import { unique } from './helpers';

/** The demo data needs an empty catalog, so it gets a database of its own. */
describe('catalog demo data', () => {
  const name = unique('clima_seed_').toLowerCase();
  const url = process.env.DATABASE_URL!.replace(/\/[^/]+$/, `/${name}`);
  let ds: DataSource;
  beforeAll(async () => {
    psql(`CREATE DATABASE ${name}`);
    const options = dataSourceOptions({ url, schema: SCHEMA, entities, migrations });
    await runMigrations(options as never);
    ds = new DataSource(options as DataSourceOptions);
    await ds.initialize();
  });
  afterAll(async () => {
    await ds.destroy();
    psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('inserts valid categories, published contents and daily views once', async () => {
    const lines: string[] = [];
    await seed(ds, { info: (m) => lines.push(m) });
    await seed(ds, { info: (m) => lines.push(m) });
    expect(lines).toHaveLength(2);

    const categories = await ds.query(`SELECT slug FROM catalog.categories`);
    expect(categories.length).toBeGreaterThanOrEqual(5);
    const contents = await ds.query(`SELECT * FROM catalog.contents`);
    expect(contents.length).toBeGreaterThanOrEqual(10);
    for (const c of contents) {
      expect(c.is_published).toBe(1);
      expect(c.category_id).not.toBeNull();
      expect(isSafeVideoSource(c.video_url)).toBe(true);
      // every demo content would pass the admin form's own validation
      expect(ContentBody.safeParse({ ...c, tags: c.tags }).success).toBe(true);
    }
    expect(contents.some((c: { video_orientation: string }) => c.video_orientation === 'vertical')).toBe(true);
    const [{ days }] = await ds.query(`SELECT count(*)::int AS days FROM catalog.daily_views`);
    expect(days).toBe(30);
  });
});
