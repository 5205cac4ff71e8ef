import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { exitOnBootError, NestPinoLogger, rootLogger } from '@clima/common';
import { AppModule } from './app.module';
import { loadRankingConfig } from './config';
import { startRankingWorkers } from './worker/ranking-workers';

/** The worker process: no HTTP server; consumes heartbeats and the auth service's events. */
async function main(): Promise<void> {
  const config = loadRankingConfig();
  const logger = rootLogger('ranking-worker', config.LOG_LEVEL);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config, 'worker'), { logger: new NestPinoLogger(logger) });
  const workers = await startRankingWorkers(app);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'ranking worker stopping');
    // in-flight jobs finish (or roll back and are retried: every award is idempotent)
    await workers.close();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch(exitOnBootError);
