import type { FullConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { deleteKeys } from '../infra/test/test-env';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPlatform } = require('../infra/platform.cjs') as typeof import('../infra/platform.cjs');

const PG = process.env.TEST_DATABASE_BASE_URL ?? 'postgres://postgres@127.0.0.1:5432';

/** Starts the platform for the browser tests and returns its teardown. */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const id = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const database = `clima_e2e_${id}`;
  const keyPrefix = `e2e_${id}`;
  const port = Number(process.env.E2E_PORT ?? 18080);
  const admin = { username: 'admin-e2e', password: `E2e-${randomBytes(9).toString('base64url')}` };
  process.env.E2E_ADMIN_USERNAME = admin.username;
  process.env.E2E_ADMIN_PASSWORD = admin.password;
  execFileSync('psql', [`${PG}/postgres`, '-qc', `CREATE DATABASE ${database}`]);
  const env: Record<string, string> = {
    DATABASE_URL: `${PG}/${database}`,
    KEY_PREFIX: keyPrefix,
    GATEWAY_PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    NODE_ENV: 'test',
    GATEWAY_RUNTIME_DIR: `${__dirname}/../.runtime/gateway-e2e`,
    STORAGE_DIR: `${__dirname}/../.runtime/storage-e2e`,
  };
  ['auth', 'catalog', 'courses', 'manuals', 'ranking', 'billing'].forEach((s, i) => (env[`${s.toUpperCase()}_PORT`] = String(port + 1 + i)));
  // its own mail catcher: the specs read the delivered messages from its REST API
  env.MAILDEV_SMTP_PORT = String(port + 7);
  env.MAILDEV_WEB_PORT = String(port + 8);
  const platform = await startPlatform({ env, install: false, build: false });
  process.env.E2E_MAIL_URL = platform.mail.webUrl ?? '';
  return async () => {
    await platform.stop();
    execFileSync('psql', [`${PG}/postgres`, '-qc', `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`]);
    await deleteKeys(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', keyPrefix);
  };
}
