import 'reflect-metadata';
import type { DynamicModule, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestPinoLogger, rootLogger } from './logging/logger';
import type { ServiceConfig } from './config/config';

/**
 * The entry of a service's worker process (`src/worker.ts`): its consumers and background jobs, no HTTP
 * server. The module is built with WORKERS_IN_PROCESS forced on, since running consumers is this
 * process's whole job; SIGTERM/SIGINT close the module (consumers first, then database and Redis).
 */
export async function runWorker<C extends ServiceConfig>(
  module: { forRoot(config: C): DynamicModule },
  loadConfig: () => C,
): Promise<INestApplicationContext> {
  const config: C = { ...loadConfig(), WORKERS_IN_PROCESS: true };
  const logger = rootLogger(config.SERVICE, config.LOG_LEVEL);
  const app = await NestFactory.createApplicationContext(module.forRoot(config), { logger: new NestPinoLogger(logger) });
  app.enableShutdownHooks();
  await app.init();
  logger.info(`${config.SERVICE} worker started`);
  return app;
}
