import { dataSourceOptions, exitOnBootError, rootLogger, runMigrations } from '@clima/common';
import { loadBillingConfig } from './config';
import { entities, migrations, SCHEMA } from './database';

/** Runs this service's migrations (npm start and deploys call it before the service starts). */
async function main(): Promise<void> {
  const config = loadBillingConfig();
  const done = await runMigrations(dataSourceOptions({ url: config.DATABASE_URL, schema: SCHEMA, entities, migrations }) as never);
  rootLogger('billing').info({ migrations: done }, `billing: ${done.length} migration(s) applied`);
}

main().catch(exitOnBootError);
