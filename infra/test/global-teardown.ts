import { deleteKeys, loadTestEnv, psql } from './test-env';

/** Drops the run's database and deletes its Redis keys. */
export default async function globalTeardown(): Promise<void> {
  const env = loadTestEnv();
  if (!env) return;
  if (!process.env.KEEP_TEST_DB) psql(`DROP DATABASE IF EXISTS ${env.DATABASE_NAME} WITH (FORCE)`);
  await deleteKeys(env.REDIS_URL, env.KEY_PREFIX);
  delete process.env.CLIMA_TEST_ENV;
}
