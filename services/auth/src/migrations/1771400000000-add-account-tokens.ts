import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The links the service e-mails (password reset, e-mail verification) and the new e-mail an account asked
 * for. Tokens are kept as their SHA-256 only: the table never holds a usable link. A token belongs to an
 * account and goes with it when the account is deleted.
 */
export class AddAccountTokens1771400000000 implements MigrationInterface {
  name = 'AddAccountTokens1771400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.users ADD COLUMN pending_email text`);
    await q.query(`
      CREATE TABLE auth.account_tokens (
        id bigserial PRIMARY KEY,
        user_id text NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
        purpose text NOT NULL CHECK (purpose IN ('password_reset', 'email_verification')),
        token_hash text NOT NULL UNIQUE,
        email text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    await q.query(`CREATE INDEX account_tokens_user_idx ON auth.account_tokens (user_id, purpose)`);
    await q.query(`CREATE INDEX account_tokens_expires_idx ON auth.account_tokens (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS auth.account_tokens`);
    await q.query(`ALTER TABLE auth.users DROP COLUMN IF EXISTS pending_email`);
  }
}
