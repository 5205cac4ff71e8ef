import { exitOnBootError, runWorker } from '@clima/common';
import { WorkerModule } from './app.module';
import { loadAuthConfig } from './config';

/** Consumers only (set WORKERS_IN_PROCESS=false on the HTTP replicas to run them here instead). */
runWorker(WorkerModule, loadAuthConfig).catch(exitOnBootError);
