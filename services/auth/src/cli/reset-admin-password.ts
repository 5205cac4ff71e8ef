import 'reflect-metadata';
import { createRedis, dataSourceOptions, exitOnBootError } from '@clima/common';
import { MAX_PASSWORD } from '@clima/contract';
import type { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { DataSource, DataSourceOptions } from 'typeorm';
import { AdministratorsRepository } from '../administrators/administrators.repository';
import { AdministratorsService } from '../administrators/administrators.service';
import { AuthConfig, loadAuthConfig } from '../config';
import { entities, migrations, SCHEMA } from '../database';
import { IdentityCache } from '../identity/identity-cache';
import { PasswordHasher } from '../infra/passwords';
import { RedisKeys } from '../infra/redis-keys';
import { SessionStore } from '../sessions/session.store';

/** Same rule as ADMIN_PASSWORD, the other password an operator types in a shell. */
const MIN_CLI_PASSWORD = 8;

export interface ResetAdministratorResult {
  username: string;
  password: string;
  generated: boolean;
}

/**
 * Sets a new password for the administrator `username` (any case) — the one given, or a generated
 * strong one — through the same service as the Administradores screen, which also ends every session
 * of that administrator at once. Null when there is no such administrator.
 */
export async function resetAdministratorPassword(
  deps: { ds: DataSource; redis: Redis; config: Pick<AuthConfig, 'KEY_PREFIX' | 'SESSION_TTL_DAYS' | 'ADMIN_SESSION_TTL_HOURS' | 'IDENTITY_CACHE_SECONDS' | 'IDENTITY_REDIS_SECONDS'> },
  username: string,
  password?: string,
): Promise<ResetAdministratorResult | null> {
  const config = deps.config as AuthConfig;
  const keys = new RedisKeys(config);
  const sessions = new SessionStore(deps.redis, keys, config, new IdentityCache(deps.redis, keys, config));
  const repository = new AdministratorsRepository(deps.ds);
  const administrators = new AdministratorsService(repository, new PasswordHasher(), sessions);
  const found = await repository.findByUsername(username.trim());
  if (!found) return null;
  const chosen = password ?? randomBytes(18).toString('base64url');
  await administrators.update(found.id, { username: found.username, password: chosen });
  return { username: found.username, password: chosen, generated: password === undefined };
}

/**
 * `npm run admin:reset-password -- <username>` (node services/auth/dist/cli/reset-admin-password.js), with
 * the platform's environment (DATABASE_URL, REDIS_URL, KEY_PREFIX). ADMIN_NEW_PASSWORD sets the password;
 * without it a strong one is generated and printed once.
 */
async function main(): Promise<void> {
  const username = process.argv[2]?.trim();
  if (!username) {
    process.stderr.write('Uso: npm run admin:reset-password -- <usuário>   (ADMIN_NEW_PASSWORD=… define a senha; sem ela, uma senha forte é gerada)\n');
    process.exit(2);
  }
  const given = process.env.ADMIN_NEW_PASSWORD || undefined;
  if (given !== undefined && (given.length < MIN_CLI_PASSWORD || given.length > MAX_PASSWORD)) {
    process.stderr.write(`ADMIN_NEW_PASSWORD: use de ${MIN_CLI_PASSWORD} a ${MAX_PASSWORD} caracteres\n`);
    process.exit(2);
  }
  const config = loadAuthConfig();
  const ds = new DataSource({ ...dataSourceOptions({ url: config.DATABASE_URL, schema: SCHEMA, entities, migrations, poolSize: 1 }) } as DataSourceOptions);
  await ds.initialize();
  const redis = createRedis(config.REDIS_URL);
  let result: ResetAdministratorResult | null;
  try {
    result = await resetAdministratorPassword({ ds, redis, config }, username, given);
  } finally {
    await ds.destroy();
    await redis.quit().catch(() => redis.disconnect());
  }
  if (!result) {
    process.stderr.write(`Administrador não encontrado: ${username}\n`);
    process.exit(1);
  }
  process.stdout.write(
    result.generated
      ? `Nova senha do administrador "${result.username}": ${result.password}\nGuarde-a agora: ela não é mostrada de novo. Todas as sessões desse administrador foram encerradas.\n`
      : `Senha do administrador "${result.username}" redefinida. Todas as sessões desse administrador foram encerradas.\n`,
  );
}

if (require.main === module) main().catch(exitOnBootError);
