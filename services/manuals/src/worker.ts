import { DataSource, DataSourceOptions } from 'typeorm';
import { dataSourceOptions, exitOnBootError, rootLogger, startEventWorker } from '@clima/common';
import { loadManualsConfig } from './config';
import { entities, migrations, SCHEMA } from './database';
import { manualsEventHandlers } from './events/user-events';

/** Event consumers only, no HTTP server: for deployments that run them apart (WORKERS_IN_PROCESS=false). */
async function main(): Promise<void> {
  const config = loadManualsConfig();
  const log = rootLogger('manuals', config.LOG_LEVEL);
  const ds = new DataSource(
    dataSourceOptions({ url: config.DATABASE_URL, schema: SCHEMA, entities, migrations, poolSize: config.DATABASE_POOL_SIZE, applicationName: 'clima-manuals-worker' }) as DataSourceOptions,
  );
  await ds.initialize();
  const worker = startEventWorker('manuals', manualsEventHandlers(ds), { redisUrl: config.REDIS_URL, prefix: config.KEY_PREFIX, logger: log });
  log.info('manuals worker started');
  const stop = async () => {
    await worker.close();
    await ds.destroy();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch(exitOnBootError);
