import { dataSourceOptions, exitOnBootError, rootLogger, startEventWorker } from '@clima/common';
import { DataSource } from 'typeorm';
import { loadCoursesConfig } from './config';
import { entities, migrations, SCHEMA } from './database';
import { courseEventHandlers } from './events/course-event-handlers';

/** Runs only the event consumers (for deployments with WORKERS_IN_PROCESS=false); no HTTP server. */
async function main(): Promise<void> {
  const config = loadCoursesConfig();
  const logger = rootLogger('courses', config.LOG_LEVEL);
  const ds = new DataSource(
    dataSourceOptions({ url: config.DATABASE_URL, schema: SCHEMA, entities, migrations, poolSize: config.DATABASE_POOL_SIZE, applicationName: 'clima-courses-worker' }),
  );
  await ds.initialize();
  const worker = startEventWorker('courses', courseEventHandlers(ds, logger), { redisUrl: config.REDIS_URL, prefix: config.KEY_PREFIX, logger });
  logger.info('courses worker started');
  const stop = async () => {
    await worker.close();
    await ds.destroy();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch(exitOnBootError);
