import { createServiceApp, exitOnBootError, listen } from '@clima/common';
import { AppModule } from './app.module';
import { loadRankingConfig } from './config';

/** The HTTP process: heartbeats are only queued here; points are computed by the worker process (worker.ts). */
async function main(): Promise<void> {
  const config = loadRankingConfig();
  const app = await createServiceApp(AppModule.forRoot(config), config, { rpc: true });
  await listen(app, config);
}

main().catch(exitOnBootError);
