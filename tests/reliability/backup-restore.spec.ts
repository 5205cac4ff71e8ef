/**
 * The backup and restore procedure (infra/ops/backup.sh, restore.sh), run once for real: a database
 * migrated and seeded by every service (as the platform starts it) plus stored files, backed up, restored
 * into a fresh database and an empty storage folder, and compared table by table and file by file.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { deleteKeys, dropDatabase, PG_BASE, ROOT, uniqueId, withClient } from './support/platform';

jest.setTimeout(600_000);

const SERVICES = ['auth', 'catalog', 'courses', 'manuals', 'ranking', 'billing'];
const id = uniqueId();
const source = `clima_rel_backup_${id}`;
const target = `clima_rel_restore_${id}`;
const keyPrefix = `rel_backup_${id}`;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let work: string;

function env(db: string, storage: string): NodeJS.ProcessEnv {
  return { ...process.env, DATABASE_URL: `${PG_BASE}/${db}`, KEY_PREFIX: keyPrefix, REDIS_URL: redisUrl, STORAGE_DIR: storage, NODE_ENV: 'test', LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'Backup-test-123' };
}

async function tableCounts(db: string): Promise<Record<string, number>> {
  return withClient(`${PG_BASE}/${db}`, async (c) => {
    const tables = (
      await c.query<{ s: string; n: string }>(
        `SELECT table_schema AS s, table_name AS n FROM information_schema.tables
          WHERE table_schema = ANY($1) AND table_type = 'BASE TABLE' ORDER BY 1, 2`,
        [SERVICES],
      )
    ).rows;
    const out: Record<string, number> = {};
    for (const x of tables) out[`${x.s}.${x.n}`] = Number((await c.query(`SELECT count(*) AS n FROM "${x.s}"."${x.n}"`)).rows[0].n);
    return out;
  });
}

async function sequences(db: string): Promise<Record<string, string>> {
  return withClient(`${PG_BASE}/${db}`, async (c) => {
    const rows = (await c.query<{ k: string; v: string }>(`SELECT schemaname || '.' || sequencename AS k, coalesce(last_value, 0)::text AS v FROM pg_sequences WHERE schemaname = ANY($1)`, [SERVICES])).rows;
    return Object.fromEntries(rows.map((r) => [r.k, r.v]));
  });
}

function fileSums(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else out[relative(dir, p)] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'clima-backup-'));
});

afterAll(async () => {
  await dropDatabase(PG_BASE, source).catch(() => undefined);
  await dropDatabase(PG_BASE, target).catch(() => undefined);
  await deleteKeys(redisUrl, keyPrefix).catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
});

describe('backup and restore (infra/ops)', () => {
  it('restores every table, sequence and file of a platform into a fresh database and storage', async () => {
    const storage = join(work, 'storage');
    mkdirSync(join(storage, 'videos'), { recursive: true });
    await withClient(`${PG_BASE}/postgres`, (c) => c.query(`CREATE DATABASE ${source}`));
    for (const s of SERVICES) {
      execFileSync(process.execPath, [join(ROOT, 'services', s, 'dist/migrate.js')], { env: env(source, storage), stdio: 'pipe' });
      const seed = join(ROOT, 'services', s, 'dist/seed.js');
      if (existsSync(seed)) execFileSync(process.execPath, [seed], { env: env(source, storage), stdio: 'pipe' });
    }
    writeFileSync(join(storage, 'videos', 'aula-1 ação.mp4'), Buffer.alloc(256 * 1024, 7));
    writeFileSync(join(storage, 'videos', 'vazio.mp4'), '');

    const before = await tableCounts(source);
    const rows = Object.values(before).reduce((a, b) => a + b, 0);
    expect(Object.keys(before).length).toBeGreaterThan(20);
    expect(rows).toBeGreaterThan(100);
    const files = fileSums(storage);
    expect(Object.keys(files).length).toBeGreaterThan(2);

    const dest = join(work, 'backup');
    execFileSync('bash', [join(ROOT, 'infra/ops/backup.sh'), dest], { env: env(source, storage), stdio: 'pipe' });
    expect(existsSync(join(dest, 'database.dump'))).toBe(true);
    expect(existsSync(join(dest, 'storage.tar.gz'))).toBe(true);

    const restored = join(work, 'restored');
    execFileSync('bash', [join(ROOT, 'infra/ops/restore.sh'), dest], { env: env(target, restored), stdio: 'pipe' });
    expect(await tableCounts(target)).toEqual(before);
    expect(await sequences(target)).toEqual(await sequences(source));
    expect(fileSums(restored)).toEqual(files);

    // the restored database is one the services accept as it is: their migrations find nothing to do
    for (const s of SERVICES) execFileSync(process.execPath, [join(ROOT, 'services', s, 'dist/migrate.js')], { env: env(target, restored), stdio: 'pipe' });
    expect(await tableCounts(target)).toEqual(before);
    const accents = await withClient(`${PG_BASE}/${target}`, (c) => c.query(`SELECT public.f_unaccent('Manutenção') AS v`));
    expect(accents.rows[0].v).toBe('Manutencao');

    // restoring over existing data is refused unless asked for
    expect(() => execFileSync('bash', [join(ROOT, 'infra/ops/restore.sh'), dest], { env: env(target, restored), stdio: 'pipe' })).toThrow();
    process.stdout.write(`[backup-restore] ${Object.keys(before).length} tables, ${rows} rows and ${Object.keys(files).length} files restored identical\n`);
  });
});
