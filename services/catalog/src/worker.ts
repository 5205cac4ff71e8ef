import { DataSource, DataSourceOptions } from 'typeorm';
import { dataSourceOptions, exitOnBootError, rootLogger } from '@clima/common';
import { loadCatalogConfig } from './config';
import { entities, migrations, SCHEMA } from './database';
import { startCatalogWorker } from './events/catalog-events';

/** The catalog's event consumers without an HTTP server (when WORKERS_IN_PROCESS is false). */
async function main(): Promise<void> {
  const config = loadCatalogConfig();
  const log = rootLogger('catalog', config.LOG_LEVEL);
  const ds = new DataSource(dataSourceOptions({ url: config.DATABASE_URL, schema: SCHEMA, entities, migrations, poolSize: 4 }) as DataSourceOptions);
  await ds.initialize();
  const worker = startCatalogWorker(ds, config);
  log.info('catalog worker started');
  const stop = async () => {
    await worker.close();
    await ds.destroy();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch(exitOnBootError);
