import { loadTestEnv } from './test-env';

// Every worker talks to the run's own database and key prefix, never to the developer's data.
const env = loadTestEnv();
if (env) Object.assign(process.env, { DATABASE_URL: env.DATABASE_URL, KEY_PREFIX: env.KEY_PREFIX, REDIS_URL: env.REDIS_URL, IDENTITY_PRIVATE_KEY: env.IDENTITY_PRIVATE_KEY, IDENTITY_PUBLIC_KEYS: env.IDENTITY_PUBLIC_KEYS, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', NODE_ENV: 'test' });
