import { OUTBOX_SQL } from '@clima/common';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** End users, administrators, the outbox of facts for other services, and the indexes the admin lists use. */
export class CreateUsersAndAdministrators1730000000000 implements MigrationInterface {
  name = 'CreateUsersAndAdministrators1730000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`);
    // numbers the 'email_<n>' ids of e-mail accounts
    await q.query(`CREATE SEQUENCE auth.user_email_seq`);
    await q.query(`
      CREATE TABLE auth.users (
        id text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 300),
        email text NOT NULL,
        name text,
        password_hash text,
        google_sub text UNIQUE,
        google_user_data jsonb,
        subscription_status text NOT NULL DEFAULT 'inactive',
        subscription_plan text,
        subscription_expires_at timestamptz,
        subscription_updated_at timestamptz,
        is_admin boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_lower_key ON auth.users (lower(email))`);
    await q.query(`CREATE INDEX users_created_at_idx ON auth.users (created_at DESC, id)`);
    await q.query(`CREATE INDEX users_subscription_idx ON auth.users (subscription_status, subscription_plan)`);
    await q.query(
      `CREATE INDEX users_search_idx ON auth.users USING gin (public.f_unaccent(lower(coalesce(name, '') || ' ' || email)) public.gin_trgm_ops)`,
    );
    await q.query(`
      CREATE TABLE auth.administrators (
        id serial PRIMARY KEY,
        username text NOT NULL,
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX administrators_username_lower_key ON auth.administrators (lower(username))`);
    for (const sql of OUTBOX_SQL('auth')) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS auth.outbox`);
    await q.query(`DROP TABLE IF EXISTS auth.administrators`);
    await q.query(`DROP TABLE IF EXISTS auth.users`);
    await q.query(`DROP SEQUENCE IF EXISTS auth.user_email_seq`);
  }
}
