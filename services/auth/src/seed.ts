import 'reflect-metadata';
import { dataSourceOptions, exitOnBootError, writeOutbox } from '@clima/common';
import { Algorithm, hash } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import pino from 'pino';
import { DataSource, DataSourceOptions } from 'typeorm';
import { AuthConfig, loadAuthConfig } from './config';
import { entities, migrations, SCHEMA } from './database';

const ARGON2 = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Local demo accounts only (never seeded in production); the password is in the README. */
export const DEMO_PASSWORD = 'climapro123';

const day = 24 * 3600 * 1000;
const DEMO_USERS = [
  { name: 'Técnico Demo', email: 'demo@climapro.com.br', status: 'active', plan: 'monthly', expiresInDays: 30, isAdmin: false },
  { name: 'Carlos Eduardo Souza', email: 'carlos.souza@climapro.com.br', status: 'active', plan: 'annual', expiresInDays: 300, isAdmin: false },
  { name: 'Mariana Oliveira', email: 'mariana.oliveira@climapro.com.br', status: 'inactive', plan: null, expiresInDays: 2, isAdmin: false },
  { name: 'João Pedro Albuquerque', email: 'joao.albuquerque@climapro.com.br', status: 'canceled', plan: 'monthly', expiresInDays: 10, isAdmin: false },
  { name: 'Ana Paula Ribeiro', email: 'ana.ribeiro@climapro.com.br', status: 'expired', plan: 'annual', expiresInDays: -15, isAdmin: false },
  { name: 'Gestora Demo', email: 'gestora@climapro.com.br', status: 'active', plan: 'annual', expiresInDays: 200, isAdmin: true },
] as const;

export interface SeedResult {
  adminUsername: string;
  /** Only when this run created the administrator. */
  adminPassword: string | null;
  created: boolean;
  demoUsers: number;
}

/**
 * First administrator (ADMIN_USERNAME/ADMIN_PASSWORD, or 'admin' with a generated password) when
 * there is none, and demo end users when the users table is empty.
 */
export async function seed(
  ds: DataSource,
  log: Pick<Logger, 'info'>,
  config: Pick<AuthConfig, 'ADMIN_USERNAME' | 'ADMIN_PASSWORD' | 'SEED_DEMO_USERS' | 'NODE_ENV'> = loadAuthConfig(),
): Promise<SeedResult> {
  const result = await ds.transaction(async (m) => {
    // one seeder at a time (replicas starting together)
    await m.query(`SELECT pg_advisory_xact_lock(727275)`);
    let admin: SeedResult = { adminUsername: '', adminPassword: null, created: false, demoUsers: 0 };
    const [existing] = (await m.query(`SELECT username FROM auth.administrators ORDER BY id LIMIT 1`)) as { username: string }[];
    if (existing) {
      admin.adminUsername = existing.username;
    } else {
      const username = config.ADMIN_USERNAME ?? 'admin';
      const password = config.ADMIN_PASSWORD ?? randomBytes(18).toString('base64url');
      await m.query(`INSERT INTO auth.administrators (username, password_hash) VALUES ($1, $2)`, [username, await hash(password, ARGON2)]);
      admin = { adminUsername: username, adminPassword: password, created: true, demoUsers: 0 };
    }

    const demo = config.SEED_DEMO_USERS ?? config.NODE_ENV !== 'production';
    const [{ n }] = (await m.query(`SELECT count(*)::int AS n FROM auth.users`)) as { n: number }[];
    if (demo && n === 0) {
      const passwordHash = await hash(DEMO_PASSWORD, ARGON2);
      let i = 0;
      for (const u of DEMO_USERS) {
        const createdAt = new Date(Date.now() - (DEMO_USERS.length - i++) * 3 * day);
        const [row] = (await m.query(
          // demo addresses count as verified: their accounts show the product, not the 'Confirme seu e-mail' banner
          `INSERT INTO auth.users (id, email, name, password_hash, subscription_status, subscription_plan, subscription_expires_at,
                                   subscription_updated_at, is_admin, created_at, updated_at, email_verified_at)
           VALUES ('email_' || nextval('auth.user_email_seq'), $1, $2, $3, $4, $5, $6, $7, $8, $7, $7, $7) RETURNING id`,
          [u.email, u.name, passwordHash, u.status, u.plan, new Date(Date.now() + u.expiresInDays * day), createdAt, u.isAdmin],
        )) as { id: string }[];
        await writeOutbox(m, SCHEMA, 'user.upserted', { userId: row!.id, email: u.email, name: u.name, createdAt: createdAt.toISOString() });
      }
      admin.demoUsers = DEMO_USERS.length;
    }
    return admin;
  });
  log.info({ adminUsername: result.adminUsername, created: result.created, demoUsers: result.demoUsers }, 'auth seed done');
  return result;
}

/** `node dist/seed.js`: prints one JSON line on stdout for the start script; logs go to stderr. */
async function main(): Promise<void> {
  const config = loadAuthConfig();
  const ds = new DataSource({
    ...dataSourceOptions({ url: config.DATABASE_URL, schema: SCHEMA, entities, migrations, poolSize: 1 }),
  } as DataSourceOptions);
  await ds.initialize();
  try {
    const log = pino({ level: config.LOG_LEVEL, base: { service: 'auth' } }, pino.destination(2));
    const r = await seed(ds, log, config);
    // the password goes back to the start script only where it was not given: in production ADMIN_PASSWORD is
    // required, and this line would put it into the container's logs (docker-compose runs the seed at start)
    const shown = config.NODE_ENV === 'production' && config.ADMIN_PASSWORD ? null : r.adminPassword;
    process.stdout.write(`${JSON.stringify({ adminUsername: r.adminUsername, adminPassword: shown, created: r.created })}\n`);
  } finally {
    await ds.destroy();
  }
}

if (require.main === module) main().catch(exitOnBootError);
