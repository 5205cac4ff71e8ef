import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The certificate's workload as the lessons really last: `workload_minutes` (the lessons' durations added up, to
 * the nearest minute, at least 1). Certificates issued before keep it null and print their hours as issued;
 * `workload_hours` may now be 0 (a course shorter than half an hour).
 */
export class CertificateWorkloadMinutes1796100000000 implements MigrationInterface {
  name = 'CertificateWorkloadMinutes1796100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE courses.certificate ADD COLUMN workload_minutes integer CONSTRAINT certificate_workload_minutes_check CHECK (workload_minutes >= 1)`);
    await q.query(`ALTER TABLE courses.certificate DROP CONSTRAINT certificate_workload_check`);
    await q.query(`ALTER TABLE courses.certificate ADD CONSTRAINT certificate_workload_check CHECK (workload_hours >= 0)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE courses.certificate DROP CONSTRAINT certificate_workload_check`);
    await q.query(`UPDATE courses.certificate SET workload_hours = 1 WHERE workload_hours < 1`);
    await q.query(`ALTER TABLE courses.certificate ADD CONSTRAINT certificate_workload_check CHECK (workload_hours >= 1)`);
    await q.query(`ALTER TABLE courses.certificate DROP COLUMN workload_minutes`);
  }
}
