import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the account's current e-mail address was last proven to belong to its owner (a Google sign-in
 * with a verified e-mail today, a verification link later). Null: never proven, so a password set on
 * the account may belong to someone who only typed the address.
 */
export class AddUserEmailVerifiedAt1770000000000 implements MigrationInterface {
  name = 'AddUserEmailVerifiedAt1770000000000';

  async up(q: QueryRunner): Promise<void> {
    // existing rows stay null: nothing recorded which of them were proven (the next Google sign-in with a verified e-mail sets it)
    await q.query(`ALTER TABLE auth.users ADD COLUMN email_verified_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.users DROP COLUMN IF EXISTS email_verified_at`);
  }
}
