import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { execute, likePattern, queryOne, queryRows, Queryable, toNumber, withTransaction } from '@clima/common';
import { DataSource, EntityManager } from 'typeorm';

/** A row of `courses.certificate`, with the holder's current e-mail where the query joins it. */
export interface CertificateRow {
  code: string;
  user_id: string | null;
  course_id: number | null;
  course_title: string;
  holder_name: string | null;
  workload_hours: number;
  workload_minutes: number | null;
  /** The final assessment's score (percent); null when the course had none. */
  assessment_score: number | null;
  issued_at: Date;
  revoked_at: Date | null;
  revoked_reason: string | null;
  holder_deleted_at: Date | null;
  email?: string | null;
}

/** What a user's completion of a course amounts to, read when the certificate is issued. */
export interface CourseCompletion {
  title: string;
  lessons: number;
  completed: number;
  total_seconds: number;
}

export interface NewCertificate {
  code: string;
  userId: string;
  courseId: number;
  courseTitle: string;
  holderName: string | null;
  workloadHours: number;
  workloadMinutes: number;
  assessmentScore: number | null;
  issuedAt: Date;
}

const COLUMNS = `c.code, c.user_id, c.course_id, c.course_title, c.holder_name, c.workload_hours, c.workload_minutes, c.assessment_score, c.issued_at, c.revoked_at, c.revoked_reason, c.holder_deleted_at`;
const WITH_EMAIL = `SELECT ${COLUMNS}, p.email FROM courses.certificate c LEFT JOIN courses.user_profile p ON p.user_id = c.user_id`;

/** `courses.certificate`, `courses.user_profile` (the names certificates carry) and `courses.deleted_user`. */
@Injectable()
export class CertificatesRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return withTransaction(this.ds, work);
  }

  // --- certificates -------------------------------------------------------------------------------

  findByCode(code: string, db: Queryable = this.ds): Promise<CertificateRow | undefined> {
    return queryOne<CertificateRow>(db, `${WITH_EMAIL} WHERE c.code = $1`, [code]);
  }

  /** The row, locked until the transaction ends (revocation). */
  lockByCode(m: EntityManager, code: string): Promise<CertificateRow | undefined> {
    return queryOne<CertificateRow>(m, `${WITH_EMAIL} WHERE c.code = $1 FOR UPDATE OF c`, [code]);
  }

  findByUserAndCourse(userId: string, courseId: number, db: Queryable = this.ds): Promise<CertificateRow | undefined> {
    return queryOne<CertificateRow>(db, `${WITH_EMAIL} WHERE c.user_id = $1 AND c.course_id = $2`, [userId, courseId]);
  }

  /** The user's certificates, newest first. */
  ofUser(userId: string): Promise<CertificateRow[]> {
    return queryRows<CertificateRow>(this.ds, `${WITH_EMAIL} WHERE c.user_id = $1 ORDER BY c.issued_at DESC, c.code`, [userId]);
  }

  /** Newest first; `search` matches the code, the holder's name or e-mail, or the course title (accent- and case-insensitive). */
  search(search: string | undefined, code: string | null, limit: number): Promise<CertificateRow[]> {
    const params: unknown[] = [];
    let where = '';
    if (search) {
      params.push(likePattern(search), code);
      const p = 'public.f_unaccent(lower($1))';
      where = `WHERE c.code = $2
                  OR public.f_unaccent(lower(coalesce(c.holder_name, ''))) LIKE ${p}
                  OR public.f_unaccent(lower(coalesce(p.email, ''))) LIKE ${p}
                  OR public.f_unaccent(lower(c.course_title)) LIKE ${p}`;
    }
    params.push(limit);
    return queryRows<CertificateRow>(this.ds, `${WITH_EMAIL} ${where} ORDER BY c.issued_at DESC, c.code LIMIT $${params.length}`, params);
  }

  /**
   * Inserts the certificate unless the user already has one for the course; answers the row that stands (this
   * one, or the one issued before). A clash on the code itself (60 random bits) throws, and the caller draws again.
   */
  /**
   * Inserts the certificate once per user and course, inside `m`; `created` is false when it existed
   * (a replayed or concurrent completion), so what goes with an issue happens once.
   */
  async insertOnce(m: EntityManager, c: NewCertificate): Promise<{ row: CertificateRow; created: boolean }> {
    const inserted = await queryOne<{ code: string }>(
      m,
      `INSERT INTO courses.certificate (code, user_id, course_id, course_title, holder_name, workload_hours, workload_minutes, assessment_score, issued_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT ON CONSTRAINT certificate_user_course_key DO NOTHING
       RETURNING code`,
      [c.code, c.userId, c.courseId, c.courseTitle, c.holderName, c.workloadHours, c.workloadMinutes, c.assessmentScore, c.issuedAt],
    );
    const row = inserted ? await this.findByCode(inserted.code, m) : await this.findByUserAndCourse(c.userId, c.courseId, m);
    if (!row) throw new Error(`certificate of ${c.userId} for course ${c.courseId} vanished while it was issued`);
    return { row, created: Boolean(inserted) };
  }

  async revoke(m: EntityManager, code: string, reason: string | null): Promise<void> {
    await execute(m, `UPDATE courses.certificate SET revoked_at = now(), revoked_reason = $2 WHERE code = $1`, [code, reason]);
  }

  /** The course's title, its lessons and how many of them the user completed, with their total duration; undefined for an unknown course. */
  async completion(userId: string, courseId: number): Promise<CourseCompletion | undefined> {
    const row = await queryOne<{ title: string; lessons: string; completed: string; total_seconds: string }>(
      this.ds,
      `SELECT c.title,
              count(l.id) AS lessons,
              count(p.lesson_id) AS completed,
              coalesce(sum(l.duration_seconds), 0) AS total_seconds
         FROM courses.course c
         LEFT JOIN courses.lesson l ON l.course_id = c.id
         LEFT JOIN courses.lesson_progress p ON p.lesson_id = l.id AND p.user_id = $1
        WHERE c.id = $2
        GROUP BY c.id`,
      [userId, courseId],
    );
    return row && { title: row.title, lessons: toNumber(row.lessons), completed: toNumber(row.completed), total_seconds: toNumber(row.total_seconds) };
  }

  /**
   * What the certificate waits for beyond the lessons: a course with a final assessment (its rules and at least
   * one question) needs it passed; `score` is the first passing score, null when not passed or not required.
   */
  async assessmentGate(userId: string, courseId: number): Promise<{ required: boolean; score: number | null }> {
    const row = await queryOne<{ required: boolean; score: number | null }>(
      this.ds,
      `SELECT EXISTS (SELECT 1 FROM courses.assessment a WHERE a.course_id = $2 AND EXISTS (SELECT 1 FROM courses.quiz_question q WHERE q.course_id = $2)) AS required,
              (SELECT score FROM courses.assessment_pass WHERE user_id = $1 AND course_id = $2) AS score`,
      [userId, courseId],
    );
    return { required: !!row?.required, score: row?.score ?? null };
  }

  /** Gives the name to the user's certificates issued before any name was known. */
  fillHolderName(userId: string, name: string, db: Queryable = this.ds): Promise<number> {
    return execute(
      db,
      `UPDATE courses.certificate SET holder_name = $2 WHERE user_id = $1 AND holder_name IS NULL AND holder_deleted_at IS NULL`,
      [userId, name],
    );
  }

  /**
   * A deleted account: its certificates keep no personal data (no user id, no name, no reason an administrator
   * wrote) and count as revoked from now on; its profile goes; its digest stays so that late facts store nothing.
   * Answers how many certificates it touched. Idempotent.
   */
  removeUser(userId: string, digest: string): Promise<number> {
    return this.transaction(async (m) => {
      const touched = await execute(
        m,
        `UPDATE courses.certificate
            SET user_id = NULL, holder_name = NULL, revoked_reason = NULL,
                holder_deleted_at = now(), revoked_at = coalesce(revoked_at, now())
          WHERE user_id = $1`,
        [userId],
      );
      // the kept PDFs carry the name
      await execute(m, `DELETE FROM courses.certificate_pdf WHERE code IN (SELECT code FROM courses.certificate WHERE user_id IS NULL AND holder_deleted_at IS NOT NULL)`);
      await execute(m, `DELETE FROM courses.user_profile WHERE user_id = $1`, [userId]);
      await execute(m, `INSERT INTO courses.deleted_user (user_digest) VALUES ($1) ON CONFLICT DO NOTHING`, [digest]);
      return touched;
    });
  }

  // --- kept PDFs ----------------------------------------------------------------------------------

  /** The kept PDF of a certificate, when it was made from what `fingerprint` describes. */
  async keptPdf(code: string, fingerprint: string): Promise<Uint8Array | undefined> {
    const row = await queryOne<{ pdf: Buffer }>(this.ds, `SELECT pdf FROM courses.certificate_pdf WHERE code = $1 AND fingerprint = $2`, [code, fingerprint]);
    return row?.pdf;
  }

  /** Keeps a certificate's PDF (replacing one made from older facts). */
  async keepPdf(code: string, fingerprint: string, pdf: Uint8Array): Promise<void> {
    await execute(
      this.ds,
      `INSERT INTO courses.certificate_pdf (code, fingerprint, pdf) VALUES ($1, $2, $3)
       ON CONFLICT (code) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, pdf = EXCLUDED.pdf, made_at = now()`,
      [code, fingerprint, Buffer.from(pdf)],
    );
  }

  // --- names --------------------------------------------------------------------------------------

  profile(userId: string): Promise<{ name: string | null; email: string } | undefined> {
    return queryOne(this.ds, `SELECT name, email FROM courses.user_profile WHERE user_id = $1`, [userId]);
  }

  /**
   * The auth service's fact about the user; an older fact than the one kept changes nothing. Answers whether
   * it was kept. The profile and the fill of nameless certificates commit together.
   */
  upsertProfile(userId: string, email: string, name: string | null, factAt: Date): Promise<boolean> {
    return this.transaction(async (m) => {
      const kept = await queryOne(
        m,
        `INSERT INTO courses.user_profile (user_id, email, name, fact_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, name = EXCLUDED.name, fact_at = EXCLUDED.fact_at, updated_at = now()
           WHERE courses.user_profile.fact_at <= EXCLUDED.fact_at
         RETURNING user_id`,
        [userId, email, name, factAt],
      );
      if (kept && name) await this.fillHolderName(userId, name, m);
      return !!kept;
    });
  }

  /** The name and e-mail of the user's own signed identity, kept only until the auth service's fact arrives. */
  async insertProfileIfMissing(userId: string, email: string, name: string | null): Promise<void> {
    await execute(
      this.ds,
      `INSERT INTO courses.user_profile (user_id, email, name, fact_at) VALUES ($1, $2, $3, '-infinity') ON CONFLICT (user_id) DO NOTHING`,
      [userId, email, name],
    );
  }

  async isDeleted(digest: string): Promise<boolean> {
    return !!(await queryOne(this.ds, `SELECT 1 FROM courses.deleted_user WHERE user_digest = $1`, [digest]));
  }
}
