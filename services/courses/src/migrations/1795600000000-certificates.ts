import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Course certificates and the names they carry.
 * - `user_profile`: each user's name and e-mail as the auth service last published them (`user.upserted`,
 *   newest fact wins), or as the user's own signed identity showed them until that fact arrives.
 * - `certificate`: one per user and course (the unique key makes a replayed `course.completed` a no-op).
 *   The holder's name, the course title and the workload are copied at issue time: a certificate says what
 *   was true when it was issued. When the holder's account is deleted, the row keeps no personal data
 *   (user id and name cleared, `holder_deleted_at` set) and counts as revoked, so the code still answers
 *   'no longer valid' instead of 'not found'.
 * - `deleted_user`: digests of deleted accounts, so late facts about them store nothing.
 */
export class Certificates1795600000000 implements MigrationInterface {
  name = 'Certificates1795600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE courses.user_profile (
        user_id varchar(128) PRIMARY KEY,
        name text,
        email text NOT NULL DEFAULT '',
        -- when the auth service published the fact; a fill from the identity uses -infinity, so any fact wins
        fact_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE courses.certificate (
        code char(12) PRIMARY KEY CONSTRAINT certificate_code_check CHECK (code ~ '^[2-9A-HJ-NP-Z]{12}$'),
        user_id varchar(128),
        -- a deleted course leaves its certificates valid, with the title they were issued with
        course_id integer REFERENCES courses.course (id) ON DELETE SET NULL,
        course_title varchar(255) NOT NULL,
        holder_name text,
        workload_hours integer NOT NULL CONSTRAINT certificate_workload_check CHECK (workload_hours >= 1),
        issued_at timestamptz NOT NULL,
        revoked_at timestamptz,
        revoked_reason text,
        holder_deleted_at timestamptz,
        CONSTRAINT certificate_user_course_key UNIQUE (user_id, course_id)
      )`);
    await q.query(`CREATE INDEX certificate_issued_idx ON courses.certificate (issued_at DESC)`);
    // deleted accounts, by SHA-256 of the id (never the id itself): a name or a completion of that account
    // arriving after its deletion (events may be retried out of order) is ignored
    await q.query(`
      CREATE TABLE courses.deleted_user (
        user_digest char(64) PRIMARY KEY,
        deleted_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS courses.deleted_user`);
    await q.query(`DROP TABLE IF EXISTS courses.certificate`);
    await q.query(`DROP TABLE IF EXISTS courses.user_profile`);
  }
}
