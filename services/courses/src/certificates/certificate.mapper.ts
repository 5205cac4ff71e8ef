import { isoOrNull, isoText } from '@clima/common';
import type { AdminCertificate, Certificate, CertificateStatus, PublicCertificate } from '@clima/contract';
import type { CertificateRow } from './certificates.repository';

/** Revoked by an administrator or by the deletion of the holder's account. */
export const statusOf = (row: Pick<CertificateRow, 'revoked_at'>): CertificateStatus => (row.revoked_at ? 'revoked' : 'valid');

/** The holder's own view (GET /api/certificates). */
export function toCertificate(row: CertificateRow): Certificate {
  return {
    code: row.code,
    course_id: row.course_id,
    course_title: row.course_title,
    workload_hours: row.workload_hours,
    workload_minutes: row.workload_minutes,
    assessment_score: row.assessment_score,
    issued_at: isoText(row.issued_at),
    revoked_at: isoOrNull(row.revoked_at),
    status: statusOf(row),
  };
}

/** What anyone with the code sees: never the holder's e-mail or id. */
export function toPublicCertificate(row: CertificateRow): PublicCertificate {
  return {
    code: row.code,
    holder_name: row.holder_name,
    course_title: row.course_title,
    workload_hours: row.workload_hours,
    workload_minutes: row.workload_minutes,
    assessment_score: row.assessment_score,
    issued_at: isoText(row.issued_at),
    status: statusOf(row),
    revoked_at: isoOrNull(row.revoked_at),
    holder_deleted: row.holder_deleted_at !== null,
  };
}

/** The administrators' view, with the holder. */
export function toAdminCertificate(row: CertificateRow): AdminCertificate {
  return {
    ...toCertificate(row),
    user_id: row.user_id,
    holder_name: row.holder_name,
    email: row.email ?? null,
    revoked_reason: row.revoked_reason,
    holder_deleted: row.holder_deleted_at !== null,
  };
}
