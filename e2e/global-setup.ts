import type { FullConfig } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { deleteKeys } from '../infra/test/test-env';
import { platformPort } from './platforms';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startPlatform } = require('../infra/platform.cjs') as typeof import('../infra/platform.cjs');

const PG = process.env.TEST_DATABASE_BASE_URL ?? 'postgres://postgres@127.0.0.1:5432';

type Platform = Awaited<ReturnType<typeof startPlatform>>;

/**
 * Platform `index` of this run: its own database, key prefix, ports (e2e/platforms.ts), gateway folder,
 * storage and mail catcher, with the run's administrator.
 */
async function startOne(run: string, index: number, admin: { username: string; password: string }): Promise<{ platform: Platform; database: string; keyPrefix: string }> {
  const database = `clima_e2e_${run}_${index}`;
  const keyPrefix = `e2e_${run}_${index}`;
  const port = platformPort(index);
  execFileSync('psql', [`${PG}/postgres`, '-qc', `CREATE DATABASE ${database}`]);
  const env: Record<string, string> = {
    DATABASE_URL: `${PG}/${database}`,
    KEY_PREFIX: keyPrefix,
    GATEWAY_PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    NODE_ENV: 'test',
    GATEWAY_RUNTIME_DIR: `${__dirname}/../.runtime/gateway-e2e-${index}`,
    STORAGE_DIR: `${__dirname}/../.runtime/storage-e2e-${index}`,
    // ffmpeg at normal priority: the specs wait for a conversion while the other worker's browser and platform keep
    // both cores busy, and at the service's nice 19 that wait had no bound (beside four busy loops an 8-s video was
    // not converted in 120 s); the niceness itself is checked in services/catalog (ffmpeg-ladder.spec.ts)
    VIDEO_TRANSCODE_NICE: '0',
  };
  ['auth', 'catalog', 'courses', 'manuals', 'ranking', 'billing'].forEach((s, i) => (env[`${s.toUpperCase()}_PORT`] = String(port + 1 + i)));
  // its own mail catcher: the specs read the delivered messages from its REST API
  env.MAILDEV_SMTP_PORT = String(port + 7);
  env.MAILDEV_WEB_PORT = String(port + 8);
  try {
    return { platform: await startPlatform({ env, install: false, build: false }), database, keyPrefix };
  } catch (err) {
    dropDatabase(database);
    throw err;
  }
}

function dropDatabase(database: string): void {
  execFileSync('psql', [`${PG}/postgres`, '-qc', `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`]);
}

/** Starts one platform per worker (at the same time) for the browser tests and returns their teardown. */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const run = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = { username: 'admin-e2e', password: `E2e-${randomBytes(9).toString('base64url')}` };
  process.env.E2E_ADMIN_USERNAME = admin.username;
  process.env.E2E_ADMIN_PASSWORD = admin.password;
  const started = await Promise.allSettled(Array.from({ length: Math.max(1, config.workers) }, (_, i) => startOne(run, i, admin)));
  const up = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const teardown = async (): Promise<void> => {
    for (const { platform, database, keyPrefix } of up) {
      await platform.stop();
      dropDatabase(database);
      await deleteKeys(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', keyPrefix);
    }
  };
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  // each worker reads its own mail catcher (e2e/support/mail.ts), by its slot
  process.env.E2E_MAIL_URLS = JSON.stringify(up.map(({ platform }) => platform.mail.webUrl ?? ''));
  return teardown;
}
