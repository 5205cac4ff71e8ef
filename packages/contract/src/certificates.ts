import { z } from 'zod';
import { SearchQuery } from './common';

export * from './certificate-code';

/**
 * Course certificates (services/courses/README.md, 'Certificates'): issued once per user and course when the
 * user completes every lesson; verified by anyone at `/certificados/{code}`.
 */
export const CERTIFICATE_MESSAGES = {
  notFound: 'Certificado não encontrado.',
  revoked: 'Este certificado foi revogado e não pode mais ser baixado.',
  alreadyRevoked: 'Este certificado já está revogado.',
  reasonTooLong: 'Motivo muito longo (no máximo 500 caracteres)',
  reasonInvalid: 'Motivo inválido',
} as const;

export const CERTIFICATE_STATUSES = ['valid', 'revoked'] as const;
export const CertificateStatus = z.enum(CERTIFICATE_STATUSES);
export type CertificateStatus = z.infer<typeof CertificateStatus>;

/** GET /api/certificates: one of the caller's certificates. */
export const Certificate = z.object({
  code: z.string(),
  /** Null when the course was deleted afterwards (the certificate keeps its title and stays valid). */
  course_id: z.number().nullable(),
  course_title: z.string(),
  workload_hours: z.number(),
  /** What the lessons last, to the nearest minute (null for certificates issued before it was kept: their hours stand). */
  workload_minutes: z.number().nullable(),
  /** The final assessment's score (percent) when the course had one; null (or absent) otherwise. */
  assessment_score: z.number().nullable().optional(),
  issued_at: z.string(),
  revoked_at: z.string().nullable(),
  status: CertificateStatus,
});
export type Certificate = z.infer<typeof Certificate>;

/** GET /api/public/certificates/{code}: what anyone holding the code may see (never an e-mail or a user id). */
export const PublicCertificate = z.object({
  code: z.string(),
  /** Null when the holder's account was deleted (the certificate is then revoked) or no name is known. */
  holder_name: z.string().nullable(),
  course_title: z.string(),
  workload_hours: z.number(),
  /** What the lessons last, to the nearest minute (null for certificates issued before it was kept: their hours stand). */
  workload_minutes: z.number().nullable(),
  /** The final assessment's score (percent) when the course had one; null (or absent) otherwise. */
  assessment_score: z.number().nullable().optional(),
  issued_at: z.string(),
  status: CertificateStatus,
  revoked_at: z.string().nullable(),
  /** True when it was revoked because the holder deleted their account. */
  holder_deleted: z.boolean(),
});
export type PublicCertificate = z.infer<typeof PublicCertificate>;

/** GET /api/admin/certificates: a certificate with its holder, for the administrators. */
export const AdminCertificate = Certificate.extend({
  /** Null once the holder's account was deleted. */
  user_id: z.string().nullable(),
  holder_name: z.string().nullable(),
  /** The holder's current e-mail, as the courses service last heard it. */
  email: z.string().nullable(),
  revoked_reason: z.string().nullable(),
  holder_deleted: z.boolean(),
});
export type AdminCertificate = z.infer<typeof AdminCertificate>;

/** GET /api/admin/certificates?search=: matches code, holder name, e-mail or course title (accent- and case-insensitive). */
export const AdminCertificatesQuery = z.object({ search: SearchQuery });
export type AdminCertificatesQuery = z.infer<typeof AdminCertificatesQuery>;

/** POST /api/admin/certificates/{code}/revoke. */
export const RevokeCertificateBody = z.object({
  reason: z
    .string({ error: CERTIFICATE_MESSAGES.reasonInvalid })
    .trim()
    .max(500, CERTIFICATE_MESSAGES.reasonTooLong)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
});
export type RevokeCertificateBody = z.infer<typeof RevokeCertificateBody>;

