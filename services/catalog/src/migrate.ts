import { dataSourceOptions, exitOnBootError, rootLogger, runMigrations } from '@clima/common';
import { loadCatalogConfig } from './config';
import { entities, migrations, SCHEMA } from './database';

/** Runs this service's migrations (npm start and deploys call it before the service starts). */
async function main(): Promise<void> {
  const config = loadCatalogConfig();
  const done = await runMigrations(dataSourceOptions({ url: config.DATABASE_URL, schema: SCHEMA, entities, migrations }) as never);
  rootLogger('catalog').info({ migrations: done }, `catalog: ${done.length} migration(s) applied`);
}

main().catch(exitOnBootError);
