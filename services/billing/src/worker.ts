import 'reflect-metadata';
import { exitOnBootError, NestPinoLogger, rootLogger } from '@clima/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { loadBillingConfig } from './config';

/** Background work only (user.deleted consumer, expiry job, outbox relay): no HTTP server. */
async function main(): Promise<void> {
  const config = { ...loadBillingConfig(), WORKERS_IN_PROCESS: true };
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger: new NestPinoLogger(rootLogger('billing', config.LOG_LEVEL)) });
  app.enableShutdownHooks();
  rootLogger().info('billing worker started');
}

main().catch(exitOnBootError);
