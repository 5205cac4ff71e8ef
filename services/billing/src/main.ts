import { createServiceApp, exitOnBootError, listen, rootLogger } from '@clima/common';
import { AppModule } from './app.module';
import { loadBillingConfig } from './config';

async function main(): Promise<void> {
  const config = loadBillingConfig();
  const app = await createServiceApp(AppModule.forRoot(config), config, { rpc: true, rawBody: true });
  if (config.BILLING_PROVIDER === 'sandbox') rootLogger().warn('billing: SANDBOX mode (no STRIPE_SECRET_KEY) — local test checkout, no real charges');
  await listen(app, config);
}

main().catch(exitOnBootError);
