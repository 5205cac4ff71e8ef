import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `certificate_pdf`: each certificate's PDF, kept once made and served from here. `fingerprint` is a digest
 * of everything the document shows (code, name, course, workload, dates, verification address, revocation):
 * a copy whose fingerprint no longer matches is made again. A deleted account's copies go with its data
 * (CertificatesRepository.removeUser).
 */
export class CertificatePdf1796000000000 implements MigrationInterface {
  name = 'CertificatePdf1796000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE courses.certificate_pdf (
        code char(12) PRIMARY KEY REFERENCES courses.certificate (code) ON DELETE CASCADE,
        fingerprint char(64) NOT NULL,
        pdf bytea NOT NULL,
        made_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE courses.certificate_pdf`);
  }
}
