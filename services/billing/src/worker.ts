import { exitOnBootError, runWorker } from '@clima/common';
import { AppModule } from './app.module';
import { loadBillingConfig } from './config';

/** Background work only (event consumer, expiry job, outbox relay): no HTTP server. */
runWorker(AppModule, loadBillingConfig).catch(exitOnBootError);
