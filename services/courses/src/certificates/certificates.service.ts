import { Inject, Injectable } from '@nestjs/common';
import {
  auditBefore,
  auditRecordId,
  auditSnapshot,
  AuditTrail,
  CONFIG,
  type EventEnvelope,
  type EventPayloads,
  isUniqueViolation,
  isoText,
  Outbox,
  rootLogger,
  type UserIdentity,
} from '@clima/common';
import {
  ADMIN_CERTIFICATES_LIMIT,
  type AdminCertificate,
  type Certificate,
  type CoursesExport,
  normalizeCertificateCode,
  type PublicCertificate,
  slugify,
} from '@clima/contract';
import { createHash } from 'node:crypto';
import type { CoursesConfig } from '../config';
import { coursesError, CoursesError } from '../courses.errors';
import { newCertificateCode, workloadHours, workloadMinutes } from './certificate-code';
import { toAdminCertificate, toCertificate, toPublicCertificate } from './certificate.mapper';
import { certificateIssuedMail } from './certificate-mail';
import { renderCertificatePdf } from './certificate-pdf';
import { CertificateRow, CertificatesRepository, NewCertificate } from './certificates.repository';

/** A file to answer with. */
export interface CertificateFile {
  fileName: string;
  bytes: Uint8Array;
}

/** SHA-256 of a user id: how a deleted account is remembered without its id. */
const digestOf = (userId: string) => createHash('sha256').update(userId).digest('hex');

/** A UUID derived from the fact, so that recording it again (a replayed event) is the same audit record. */
function factUuid(fact: string): string {
  const h = createHash('sha256').update(fact).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/**
 * Certificates of completed courses: issued once per user and course from `course.completed`, listed for
 * their holder, verified by anyone with the code, revoked by an administrator; the PDF is drawn on request
 * from the row (nothing is stored but the row).
 */
@Injectable()
export class CertificatesService {
  private readonly log = rootLogger('courses').child({ component: 'certificates' });

  constructor(
    private readonly certificates: CertificatesRepository,
    private readonly audit: AuditTrail,
    private readonly outbox: Outbox,
    @Inject(CONFIG) private readonly config: Pick<CoursesConfig, 'PUBLIC_URL'>,
  ) {}

  /** The public page a certificate's QR code and footer point to. */
  verifyUrl(code: string): string {
    return `${this.config.PUBLIC_URL.replace(/\/+$/, '')}/certificados/${code}`;
  }

  // --- issue ----------------------------------------------------------------------------------------

  /**
   * `course.completed`: issues the user's certificate for the course, once. A replay finds the certificate
   * issued before and only records its audit entry again (same id: stored once). Nothing is issued when the
   * user no longer has every lesson completed (their account was deleted meanwhile, or the course gained a
   * lesson: its completion will bring a new event) or when the course is gone.
   */
  async issueOnCompletion(fact: Pick<EventPayloads['course.completed'], 'userId' | 'courseId' | 'at'>, envelope?: Pick<EventEnvelope, 'requestId'>): Promise<CertificateRow | null> {
    const { userId, courseId } = fact;
    const existing = await this.certificates.findByUserAndCourse(userId, courseId);
    if (existing) {
      await this.recordIssue(existing, envelope?.requestId);
      return existing;
    }
    if (await this.certificates.isDeleted(digestOf(userId))) return null;
    const completion = await this.certificates.completion(userId, courseId);
    if (!completion || completion.lessons === 0 || completion.completed < completion.lessons) {
      this.log.info({ userId, courseId, completion }, 'course.completed without every lesson completed now: no certificate');
      return null;
    }
    // a course with a final assessment: the certificate waits for it to be passed (assessment.passed brings it)
    const gate = await this.certificates.assessmentGate(userId, courseId);
    if (gate.required && gate.score === null) {
      this.log.info({ userId, courseId }, 'lessons completed, final assessment not passed yet: no certificate');
      return null;
    }
    const profile = await this.certificates.profile(userId);
    const at = new Date(fact.at);
    const issuedAt = Number.isNaN(at.getTime()) || at.getTime() > Date.now() ? new Date() : at;
    const row = await this.insertWithFreshCode({
      userId,
      courseId,
      courseTitle: completion.title,
      holderName: profile?.name?.trim() || null,
      workloadHours: workloadHours(completion.total_seconds),
      workloadMinutes: workloadMinutes(completion.total_seconds),
      assessmentScore: gate.required ? gate.score : null,
      issuedAt,
    });
    await this.recordIssue(row, envelope?.requestId);
    return row;
  }

  /**
   * Inserts (or finds) the certificate; a new code is drawn if the one drawn is taken (two alike out of 2^60).
   * A new certificate's e-mail to its holder goes in the same transaction (auth knows the address:
   * `user.mail`), so a replayed completion never sends it twice.
   */
  private async insertWithFreshCode(c: Omit<NewCertificate, 'code'>): Promise<CertificateRow> {
    for (let attempt = 1; ; attempt++) {
      try {
        const row = await this.certificates.transaction(async (m) => {
          const { row, created } = await this.certificates.insertOnce(m, { ...c, code: newCertificateCode() });
          if (created && row.user_id) await this.outbox.write(m, 'user.mail', { userId: row.user_id, mail: certificateIssuedMail(row, this.verifyUrl(row.code)) });
          return row;
        });
        this.outbox.kick();
        return row;
      } catch (err) {
        if (attempt < 3 && isUniqueViolation(err, 'certificate_pkey')) continue;
        throw err;
      }
    }
  }

  /** The issue in the administrators' audit log, as the holder's act (their completion), keyed by the certificate. */
  private async recordIssue(row: CertificateRow, requestId: string | undefined): Promise<void> {
    if (!row.user_id) return;
    const profile = await this.certificates.profile(row.user_id);
    const issued = toAdminCertificate({ ...row, revoked_at: null, revoked_reason: null, email: profile?.email ?? null });
    await this.audit.send({
      id: factUuid(`certificate-issued:${row.code}`),
      occurred_at: isoText(row.issued_at),
      service: 'courses',
      actor_id: `user:${row.user_id}`,
      actor_name: profile?.email || row.holder_name || null,
      action: 'issue',
      entity: 'certificates',
      record_id: row.code,
      before: null,
      after: auditSnapshot(issued),
      method: 'EVENT',
      path: 'course.completed',
      status: 201,
      request_id: requestId ?? null,
      ip: null,
    });
  }

  // --- the holder -----------------------------------------------------------------------------------

  /** The caller's certificates, newest first. */
  async listMine(user: UserIdentity): Promise<Certificate[]> {
    await this.rememberIdentity(user);
    return (await this.certificates.ofUser(user.id)).map(toCertificate);
  }

  /** The caller's certificate as a PDF (410 once revoked); an administrator (an end user with the flag) may fetch anyone's. */
  async pdfFor(codeInput: string, user: UserIdentity, isAdmin: boolean): Promise<CertificateFile> {
    let row = await this.find(codeInput);
    const own = row.user_id === user.id;
    // someone else's code answers like an unknown one
    if (!own && !isAdmin) throw coursesError(CoursesError.CertificateNotFound);
    if (row.revoked_at) throw coursesError(CoursesError.CertificateRevoked);
    if (own && !row.holder_name) {
      await this.rememberIdentity(user);
      row = (await this.certificates.findByCode(row.code)) ?? row;
    }
    return this.file(row);
  }

  /** Any certificate as a PDF, for the administrators: a revoked one carries a 'REVOGADO' stamp. */
  async pdfForAdmin(codeInput: string): Promise<CertificateFile> {
    return this.file(await this.find(codeInput));
  }

  // --- anyone ---------------------------------------------------------------------------------------

  /** The public verification of a code. */
  async verify(codeInput: string): Promise<PublicCertificate> {
    return toPublicCertificate(await this.find(codeInput));
  }

  // --- administrators -------------------------------------------------------------------------------

  async adminList(search: string | undefined): Promise<AdminCertificate[]> {
    const rows = await this.certificates.search(search || undefined, search ? normalizeCertificateCode(search) : null, ADMIN_CERTIFICATES_LIMIT);
    return rows.map(toAdminCertificate);
  }

  /** Revokes a valid certificate (409 when it is already revoked); the audit log gets it before and after. */
  async revoke(codeInput: string, reason: string | null): Promise<AdminCertificate> {
    const code = normalizeCertificateCode(codeInput);
    if (!code) throw coursesError(CoursesError.CertificateNotFound);
    auditRecordId(code);
    await this.certificates.transaction(async (m) => {
      const row = await this.certificates.lockByCode(m, code);
      if (!row) throw coursesError(CoursesError.CertificateNotFound);
      auditBefore(toAdminCertificate(row));
      if (row.revoked_at) throw coursesError(CoursesError.CertificateAlreadyRevoked);
      await this.certificates.revoke(m, code, reason);
    });
    const after = await this.certificates.findByCode(code);
    if (!after) throw coursesError(CoursesError.CertificateNotFound);
    this.log.info({ code }, 'certificate revoked');
    return toAdminCertificate(after);
  }

  // --- facts about users ------------------------------------------------------------------------------

  /** `user.upserted`: the name later certificates carry (and the one nameless earlier ones get). */
  async upsertProfile(fact: EventPayloads['user.upserted'], factAt: Date): Promise<void> {
    if (await this.certificates.isDeleted(digestOf(fact.userId))) return;
    await this.certificates.upsertProfile(fact.userId, fact.email, fact.name?.trim() || null, factAt);
  }

  /** `user.deleted`: see CertificatesRepository.removeUser. */
  removeUser(userId: string): Promise<number> {
    return this.certificates.removeUser(userId, digestOf(userId));
  }

  /** What the LGPD export carries from here: the name kept for certificates and the certificates. */
  async exportOf(userId: string): Promise<Pick<CoursesExport, 'profile' | 'certificates'>> {
    const [profile, rows] = await Promise.all([this.certificates.profile(userId), this.certificates.ofUser(userId)]);
    return {
      profile: profile ? { name: profile.name, email: profile.email } : null,
      certificates: rows.map((r) => ({ ...toCertificate(r), holder_name: r.holder_name, verify_url: this.verifyUrl(r.code) })),
    };
  }

  // --- helpers --------------------------------------------------------------------------------------

  private async find(codeInput: string): Promise<CertificateRow> {
    const code = normalizeCertificateCode(codeInput);
    const row = code ? await this.certificates.findByCode(code) : undefined;
    if (!row) throw coursesError(CoursesError.CertificateNotFound);
    return row;
  }

  /** The signed identity's name, until the auth service's own fact about the user arrives here. */
  private async rememberIdentity(user: UserIdentity): Promise<void> {
    await this.certificates.insertProfileIfMissing(user.id, user.email, user.name?.trim() || null);
    const name = (await this.certificates.profile(user.id))?.name;
    if (name) await this.certificates.fillHolderName(user.id, name);
  }

  /** The certificate's PDF: the copy kept when it was made, made (and kept) when there is none for what it shows now. */
  private async file(row: CertificateRow): Promise<CertificateFile> {
    const doc = {
      code: row.code,
      holderName: row.holder_name,
      courseTitle: row.course_title,
      workloadHours: row.workload_hours,
      workloadMinutes: row.workload_minutes,
      issuedAt: row.issued_at,
      verifyUrl: this.verifyUrl(row.code),
      revokedAt: row.revoked_at,
      assessmentScore: row.assessment_score,
    };
    const fingerprint = createHash('sha256').update(JSON.stringify(doc)).digest('hex');
    let bytes = await this.certificates.keptPdf(row.code, fingerprint);
    if (!bytes) {
      bytes = await renderCertificatePdf(doc);
      await this.certificates.keepPdf(row.code, fingerprint, bytes);
    }
    const course = slugify(row.course_title).slice(0, 60).replace(/-+$/, '') || 'curso';
    return { fileName: `certificado-${course}-${row.code}.pdf`, bytes };
  }
}
