import { exitOnBootError, runWorker } from '@clima/common';
import { WorkerModule } from './app.module';
import { loadRankingConfig } from './config';

/** The worker process: no HTTP server; rebuilds the board, then consumes heartbeats and the auth service's events. */
runWorker(WorkerModule, loadRankingConfig).catch(exitOnBootError);
