import { DataSource, DataSourceOptions } from 'typeorm';
import { dataSourceOptions, exitOnBootError, rootLogger } from '@clima/common';
import { createStorage } from '@clima/storage';
import { loadCatalogConfig } from './config';
import { entities, migrations, SCHEMA } from './database';
import { startCatalogWorker } from './events/catalog-events';
import { startOrphanUploadsCleanup } from './videos/orphan-uploads.queue';
import { OrphanUploadsService } from './videos/orphan-uploads.service';
import { VideoReferencesService } from './videos/video-references.service';

/** The catalog's event consumers and the removal of unreferenced uploads, without an HTTP server (when WORKERS_IN_PROCESS is false). */
async function main(): Promise<void> {
  const config = loadCatalogConfig();
  const log = rootLogger('catalog', config.LOG_LEVEL);
  const ds = new DataSource(dataSourceOptions({ url: config.DATABASE_URL, schema: SCHEMA, entities, migrations, poolSize: 4 }) as DataSourceOptions);
  await ds.initialize();
  const worker = startCatalogWorker(ds, config);
  const references = new VideoReferencesService(config);
  references.onModuleInit();
  const cleanup = await startOrphanUploadsCleanup(new OrphanUploadsService(ds, createStorage(config.storage), references, config), {
    redisUrl: config.REDIS_URL,
    prefix: config.KEY_PREFIX,
    everyMinutes: config.ORPHAN_UPLOAD_SWEEP_MINUTES,
    logger: log,
  });
  log.info('catalog worker started');
  const stop = async () => {
    await worker.close();
    await cleanup.close();
    await references.onApplicationShutdown();
    await ds.destroy();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch(exitOnBootError);
