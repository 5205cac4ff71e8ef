/**
 * Health of a container of a service image (Dockerfile HEALTHCHECK; the Kubernetes worker's probes).
 *
 *   node infra/k8s/health.cjs          GET /health on this service's port (SERVICE_NAME, set by the image;
 *                                      <SERVICE>_PORT or the service's default): exit 0 on 200
 *   node infra/k8s/health.cjs worker   a worker has no port: what /health checks, from here — PostgreSQL
 *                                      answers SELECT 1 (DATABASE_URL) and Redis PING (REDIS_URL)
 *
 * Each check has 1.5 s, as /health gives its own; exit 1 names the failing one.
 */
'use strict';
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const TIMEOUT_MS = 1500;

function within(ms, what, promise) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: sem resposta em ${ms} ms`)), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

async function http() {
  const service = process.env.SERVICE_NAME;
  const { SERVICES } = require(path.join(ROOT, 'packages/common/dist/config/config.js'));
  if (!service || !SERVICES[service]) throw new Error(`SERVICE_NAME desconhecido: ${service ?? '(vazio)'}`);
  const port = process.env[`${service.toUpperCase()}_PORT`] || SERVICES[service].port;
  const res = await within(TIMEOUT_MS, '/health', fetch(`http://127.0.0.1:${port}/health`)).catch((err) => {
    throw new Error(`/health: ${err.message.replace(/^\/health: /, '')}`);
  });
  if (res.status !== 200) throw new Error(`/health: ${res.status} ${await res.text()}`);
}

async function worker() {
  const { Client } = require('pg');
  const { Redis } = require('ioredis');
  const db = new Client({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: TIMEOUT_MS });
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: TIMEOUT_MS });
  redis.on('error', () => {});
  try {
    await within(TIMEOUT_MS, 'database', db.connect().then(() => db.query('SELECT 1'))).catch((err) => {
      throw new Error(`database: ${err.message.replace(/^database: /, '')}`);
    });
    await within(TIMEOUT_MS, 'redis', redis.connect().then(() => redis.ping())).catch((err) => {
      throw new Error(`redis: ${err.message.replace(/^redis: /, '')}`);
    });
  } finally {
    redis.disconnect();
    await db.end().catch(() => {});
  }
}

(process.argv[2] === 'worker' ? worker() : http()).then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  },
);
