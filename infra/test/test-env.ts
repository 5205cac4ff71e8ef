import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** The test run's own database and key prefix, shared by the global setup and every worker. */
export interface TestEnv {
  DATABASE_URL: string;
  DATABASE_NAME: string;
  KEY_PREFIX: string;
  REDIS_URL: string;
}

const stateDir = join(__dirname, '../../.runtime/test');
export const stateFile = join(stateDir, `env-${process.env.CLIMA_TEST_RUN ?? 'default'}.json`);

export function newTestEnv(): TestEnv {
  const id = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const base = process.env.TEST_DATABASE_BASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
  const name = `clima_test_${id}`;
  return {
    DATABASE_URL: `${base}/${name}`,
    DATABASE_NAME: name,
    KEY_PREFIX: `test_${id}`,
    REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
}

export function saveTestEnv(env: TestEnv): void {
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(stateFile, JSON.stringify(env));
}

export function loadTestEnv(): TestEnv | undefined {
  return existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as TestEnv) : undefined;
}

export function psql(sql: string, db = 'postgres'): void {
  const base = process.env.TEST_DATABASE_BASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
  execFileSync('psql', [`${base}/${db}`, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { stdio: 'pipe' });
}
