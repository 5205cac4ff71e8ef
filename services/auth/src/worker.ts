import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { exitOnBootError, NestPinoLogger, rootLogger } from '@clima/common';
import { WorkerModule } from './app.module';
import { loadAuthConfig } from './config';

/** Consumers only (set WORKERS_IN_PROCESS=false on the HTTP replicas to run them here instead). */
async function main(): Promise<void> {
  const config = loadAuthConfig();
  const logger = rootLogger('auth', config.LOG_LEVEL);
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: new NestPinoLogger(logger) });
  app.enableShutdownHooks();
  await app.init();
  logger.info('auth worker started');
}

main().catch(exitOnBootError);
