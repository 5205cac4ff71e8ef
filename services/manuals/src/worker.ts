import { exitOnBootError, runWorker } from '@clima/common';
import { WorkerModule } from './app.module';
import { loadManualsConfig } from './config';

/** The background work only (event consumer, outbox relay, the PDFs' text job), no HTTP server: for deployments that run it apart (WORKERS_IN_PROCESS=false). */
runWorker(WorkerModule, loadManualsConfig).catch(exitOnBootError);
