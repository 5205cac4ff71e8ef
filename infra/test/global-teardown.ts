import { Redis } from 'ioredis';
import { loadTestEnv, psql } from './test-env';

/** Drops the run's database and deletes its Redis keys. */
export default async function globalTeardown(): Promise<void> {
  const env = loadTestEnv();
  if (!env) return;
  if (!process.env.KEEP_TEST_DB) psql(`DROP DATABASE IF EXISTS ${env.DATABASE_NAME} WITH (FORCE)`);
  const redis = new Redis(env.REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${env.KEY_PREFIX}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  delete process.env.CLIMA_TEST_ENV;
}
