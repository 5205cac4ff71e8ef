/**
 * The init container of every Deployment in infra/k8s: waits until the migrations this image carries
 * for its service (SERVICE_NAME, set by the image) are all applied to the database, then exits 0. The
 * release's migration Job applies them; this never runs DDL, so a new version's pods start only on the
 * schema they were built for, while the old pods keep serving (the rollout waits for the new ones).
 *
 *   node infra/k8s/wait-for-migrations.cjs [service] [--timeout=<seconds>]   (DATABASE_URL)
 *
 * Without --timeout it waits as long as it takes (the Deployment's progress deadline reports a release
 * whose Job never finishes); with it, exits 1 once the time is up. A database ahead of the image (its
 * migrations table names migrations this image does not know: a rollback) is fine: migrations only add.
 */
'use strict';
const path = require('node:path');
const { Client } = require('pg');

const ROOT = path.resolve(__dirname, '../..');
const POLL_MS = 2000;
/** One poll waits at most this long: a read stuck behind a lock (a migration running) is one more failed poll. */
const QUERY_TIMEOUT_MS = 3000;

function log(level, msg, extra = {}) {
  process.stdout.write(`${JSON.stringify({ level, time: new Date().toISOString(), msg, ...extra })}\n`);
}

/** The names TypeORM records in <schema>.migrations for this service's migrations (class name or `name`). */
function expectedMigrations(service) {
  const db = require(path.join(ROOT, 'services', service, 'dist/database.js'));
  return { schema: db.SCHEMA, names: db.migrations.map((M) => new M().name ?? M.name) };
}

/** The applied migrations' names, or [] while the schema or its migrations table does not exist yet. */
async function appliedMigrations(url, schema) {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 3000, statement_timeout: QUERY_TIMEOUT_MS, application_name: `clima-${schema}-wait` });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT name FROM "${schema.replace(/"/g, '')}".migrations`);
    return rows.map((r) => r.name);
  } catch (err) {
    // 3F000: no such schema; 42P01: no such table — nothing applied yet
    if (err.code === '3F000' || err.code === '42P01') return [];
    throw err;
  } finally {
    await client.end().catch(() => {});
  }
}

async function main() {
  const args = process.argv.slice(2);
  const service = args.find((a) => !a.startsWith('--')) ?? process.env.SERVICE_NAME;
  const timeoutArg = args.find((a) => a.startsWith('--timeout='));
  const timeoutMs = timeoutArg ? Number(timeoutArg.slice('--timeout='.length)) * 1000 : Infinity;
  if (!service) throw new Error('Informe o serviço (argumento ou SERVICE_NAME)');
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL: obrigatória');
  const { schema, names } = expectedMigrations(service);
  const started = Date.now();
  let lastLog = 0;
  let lastError = '';
  for (;;) {
    let missing;
    try {
      const applied = new Set(await appliedMigrations(url, schema));
      missing = names.filter((n) => !applied.has(n));
      if (!missing.length) {
        log('info', `${service}: ${names.length} migração(ões) aplicada(s), iniciando`, { service, schema });
        return;
      }
    } catch (err) {
      missing = null;
      lastError = err.message;
      if (Date.now() - lastLog > 30_000) log('warn', `${service}: banco de dados indisponível: ${err.message}`, { service });
    }
    if (Date.now() - started >= timeoutMs) {
      throw new Error(`${service}: migrações pendentes após ${timeoutMs / 1000} s: ${missing ? missing.join(', ') : `banco de dados indisponível (${lastError})`}`);
    }
    if (missing && Date.now() - lastLog > 30_000) {
      log('info', `${service}: aguardando o Job de migração (pendentes: ${missing.join(', ')})`, { service, pending: missing });
      lastLog = Date.now();
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    log('fatal', err.message);
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  },
);
