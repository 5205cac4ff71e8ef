import { DataSource, DataSourceOptions, MixedList, EntitySchema } from 'typeorm';
import { SnakeNamingStrategy } from './naming';

export interface DatabaseOptions {
  url: string;
  /** The service's own Postgres schema; a service reads and writes only this one. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize?: number;
  applicationName?: string;
}

export function dataSourceOptions(o: DatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: o.url,
    schema: o.schema,
    entities: o.entities,
    migrations: o.migrations,
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    namingStrategy: new SnakeNamingStrategy(),
    applicationName: o.applicationName ?? `clima-${o.schema}`,
    extra: {
      max: o.poolSize ?? 10,
      // a new connection may wait this long: on a 2-core machine where a dozen Node processes start at once
      // (a release's Jobs and pods, replicas added by --scale) PostgreSQL took over 3 s to accept one, and a
      // Job or a request failed on a database that was up. A database that is down refuses at once.
      connectionTimeoutMillis: 10_000,
      // the search_path makes raw SQL in this service see its own schema first
      options: `-c search_path=${o.schema},public`,
    },
  };
}

/** SQL shared by every service's first migration: the schema, accent-insensitive search. */
export const BOOTSTRAP_SQL = (schema: string) => [
  `CREATE SCHEMA IF NOT EXISTS "${schema}"`,
  `CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public`,
  // unaccent() is only STABLE; this wrapper is IMMUTABLE so it can back an index.
  `CREATE OR REPLACE FUNCTION public.f_unaccent(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$ SELECT public.unaccent('public.unaccent', $1) $$`,
];

/**
 * Runs the service's migrations under an advisory lock, so replicas that start together do not race.
 * The schema and the shared extension are created first, since TypeORM keeps its migrations table inside the schema.
 */
export async function runMigrations(options: DataSourceOptions & { schema?: string }): Promise<string[]> {
  const ds = new DataSource({ ...options, extra: { ...(options as { extra?: object }).extra, max: 1 } } as DataSourceOptions);
  await ds.initialize();
  try {
    await ds.query('SELECT pg_advisory_lock(727274)');
    try {
      for (const sql of BOOTSTRAP_SQL(options.schema ?? 'public')) await ds.query(sql);
      const done = await ds.runMigrations({ transaction: 'each' });
      return done.map((m) => m.name);
    } finally {
      await ds.query('SELECT pg_advisory_unlock(727274)');
    }
  } finally {
    await ds.destroy();
  }
}

/** Turns a user's search text into a LIKE pattern for unaccent()/lower() comparison. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
