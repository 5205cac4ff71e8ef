import { exitOnBootError, runWorker } from '@clima/common';
import { WorkerModule } from './app.module';
import { loadManualsConfig } from './config';

/** Event consumers only, no HTTP server: for deployments that run them apart (WORKERS_IN_PROCESS=false). */
runWorker(WorkerModule, loadManualsConfig).catch(exitOnBootError);
