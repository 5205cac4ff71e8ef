import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const infra = require('../platform.cjs') as typeof import('../platform.cjs');

/** The test run's own database and key prefix, made by the global setup and inherited by every worker. */
export interface TestEnv {
  DATABASE_URL: string;
  DATABASE_NAME: string;
  KEY_PREFIX: string;
  REDIS_URL: string;
  /** The run's identity keys: services verify, test helpers sign as the gateway would. */
  IDENTITY_PRIVATE_KEY: string;
  IDENTITY_PUBLIC_KEYS: string;
}

export function newTestEnv(): TestEnv {
  const id = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const base = process.env.TEST_DATABASE_BASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
  const name = `clima_test_${id}`;
  return {
    DATABASE_URL: `${base}/${name}`,
    DATABASE_NAME: name,
    KEY_PREFIX: `test_${id}`,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    ...infra.newIdentityKeys(),
  };
}

/** Jest starts its workers after the global setup, with this process's environment: that is how they learn the run's names. */
export function saveTestEnv(env: TestEnv): void {
  process.env.CLIMA_TEST_ENV = JSON.stringify(env);
}

export function loadTestEnv(): TestEnv | undefined {
  return process.env.CLIMA_TEST_ENV ? (JSON.parse(process.env.CLIMA_TEST_ENV) as TestEnv) : undefined;
}

export function psql(sql: string, db = 'postgres'): void {
  const base = process.env.TEST_DATABASE_BASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
  execFileSync('psql', [`${base}/${db}`, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { stdio: 'pipe' });
}

/** Deletes every Redis key of a run's prefix (infra/platform.cjs). */
export const deleteKeys = infra.deleteKeys;
