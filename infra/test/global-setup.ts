import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import { newTestEnv, psql, saveTestEnv } from './test-env';
import { dataSourceOptions, runMigrations, SERVICE_NAMES } from '../../packages/common/src';

/** Creates the run's database and runs every service's real migrations in it. */
export default async function globalSetup(): Promise<void> {
  const env = newTestEnv();
  psql(`CREATE DATABASE ${env.DATABASE_NAME}`);
  saveTestEnv(env);
  // TEST_SERVICES=catalog,auth limits the migrations to some services (while one is being worked on)
  const only = process.env.TEST_SERVICES?.split(',').map((s) => s.trim());
  for (const service of SERVICE_NAMES) {
    if (only && !only.includes(service)) continue;
    const file = join(__dirname, `../../services/${service}/src/database.ts`);
    if (!existsSync(file)) continue;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const db = require(file) as { SCHEMA: string; entities: never; migrations: never };
    await runMigrations(dataSourceOptions({ url: env.DATABASE_URL, schema: db.SCHEMA, entities: db.entities, migrations: db.migrations }) as DataSourceOptions & { schema: string });
  }
}
