import { exitOnBootError, runWorker } from '@clima/common';
import { WorkerModule } from './app.module';
import { loadCatalogConfig } from './config';

/** The catalog's event consumers, its outbox relay (video.uploaded), the video conversions and the removal of unreferenced uploads, without an HTTP server (when WORKERS_IN_PROCESS is false). */
runWorker(WorkerModule, loadCatalogConfig).catch(exitOnBootError);
