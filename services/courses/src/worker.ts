import { exitOnBootError, runWorker } from '@clima/common';
import { WorkerModule } from './app.module';
import { loadCoursesConfig } from './config';

/** Runs only the event consumers (for deployments with WORKERS_IN_PROCESS=false); no HTTP server. */
runWorker(WorkerModule, loadCoursesConfig).catch(exitOnBootError);
