import { dataSourceOptions, exitOnBootError, rootLogger, runMigrations } from '@clima/common';
import { loadManualsConfig } from './config';
import { entities, migrations, SCHEMA } from './database';

/** Runs this service's migrations (npm start and deploys call it before the service starts). */
async function main(): Promise<void> {
  const config = loadManualsConfig();
  const done = await runMigrations(dataSourceOptions({ url: config.DATABASE_URL, schema: SCHEMA, entities, migrations }) as never);
  rootLogger('manuals').info({ migrations: done }, `manuals: ${done.length} migration(s) applied`);
}

main().catch(exitOnBootError);
