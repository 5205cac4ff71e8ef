import { createServiceApp, exitOnBootError, listen } from '@clima/common';
import { AppModule } from './app.module';
import { loadCatalogConfig } from './config';

async function main(): Promise<void> {
  const config = loadCatalogConfig();
  const app = await createServiceApp(AppModule.forRoot(config), config, { rpc: true });
  await listen(app, config);
}

main().catch(exitOnBootError);
