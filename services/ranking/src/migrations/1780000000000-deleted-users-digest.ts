import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tombstone of a deleted user keeps a SHA-256 digest of the id instead of the id itself: late
 * activity is still recognised (its id hashes to the same digest), and no row of the schema names the
 * deleted user any more. Irreversible: `down` only renames the column back.
 */
export class DeletedUsersDigest1780000000000 implements MigrationInterface {
  name = 'DeletedUsersDigest1780000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ranking.deleted_users RENAME COLUMN user_id TO user_digest`);
    await q.query(`UPDATE ranking.deleted_users SET user_digest = encode(sha256(convert_to(user_digest, 'UTF8')), 'hex')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ranking.deleted_users RENAME COLUMN user_digest TO user_id`);
  }
}
