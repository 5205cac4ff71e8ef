import { createServiceApp, exitOnBootError, listen } from '@clima/common';
import { AppModule } from './app.module';
import { loadCoursesConfig } from './config';

async function main(): Promise<void> {
  const config = loadCoursesConfig();
  const app = await createServiceApp(AppModule.forRoot(config), config, { rpc: true });
  await listen(app, config);
}

main().catch(exitOnBootError);
