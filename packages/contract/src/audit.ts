import { z } from 'zod';
import { MAX_LINE } from './common';

/** What the admin audit log records (GET /api/admin/audit); written by every service, stored by auth. */
export const AUDIT_MESSAGES = {
  badAdmin: 'Administrador inválido no filtro',
  badEntity: 'Entidade inválida no filtro',
  badAction: 'Ação inválida no filtro',
  badFrom: 'Data inicial inválida (use AAAA-MM-DD)',
  badTo: 'Data final inválida (use AAAA-MM-DD)',
  badPeriod: 'A data inicial deve ser anterior ou igual à final',
  badPage: 'Página inválida',
  badPerPage: 'Itens por página: de 1 a 100',
} as const;

/** Actions the services record today (the log accepts others: a new route may add its own). */
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'upload', 'reorder', 'login', 'login_failed', 'export', 'issue', 'revoke'] as const;

/** Entities the admin routes record today, named after the route (`/api/admin/<entity>/…`). */
export const AUDIT_ENTITIES = [
  'users',
  'administrators',
  'contents',
  'categories',
  'course-categories',
  'courses',
  'lessons',
  'manuals',
  'videos',
  'manual-files',
  'certificates',
  // lesson quizzes and course assessments (issue 27)
  'quiz-questions',
  'assessments',
  'quiz-images',
] as const;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day (AAAA-MM-DD, a real one) or an ISO 8601 instant. */
const PeriodBound = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(40, message)
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => {
      if (v === undefined) return true;
      if (DAY_RE.test(v)) {
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
      }
      return /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v));
    }, message);

const Slug = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(64, message)
    .regex(/^[a-z0-9_-]*$/, message)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * GET /api/admin/audit query. `admin` matches the actor's id exactly or part of their username/e-mail;
 * `from`/`to` are days in São Paulo time (both included) or instants.
 */
export const AuditQuery = z
  .object({
    admin: z
      .string({ error: AUDIT_MESSAGES.badAdmin })
      .trim()
      .max(MAX_LINE, AUDIT_MESSAGES.badAdmin)
      .optional()
      .transform((v) => (v ? v : undefined)),
    entity: Slug(AUDIT_MESSAGES.badEntity),
    action: Slug(AUDIT_MESSAGES.badAction),
    from: PeriodBound(AUDIT_MESSAGES.badFrom),
    to: PeriodBound(AUDIT_MESSAGES.badTo),
    page: z.coerce.number({ error: AUDIT_MESSAGES.badPage }).int(AUDIT_MESSAGES.badPage).min(1, AUDIT_MESSAGES.badPage).max(1_000_000, AUDIT_MESSAGES.badPage).default(1),
    per_page: z.coerce
      .number({ error: AUDIT_MESSAGES.badPerPage })
      .int(AUDIT_MESSAGES.badPerPage)
      .min(1, AUDIT_MESSAGES.badPerPage)
      .max(100, AUDIT_MESSAGES.badPerPage)
      .default(25),
  })
  .refine((q) => !q.from || !q.to || q.from.slice(0, 10) <= q.to.slice(0, 10), { message: AUDIT_MESSAGES.badPeriod, path: ['from'] });
export type AuditQuery = z.infer<typeof AuditQuery>;

/** One recorded action. `before`/`after` are the record's fields (secrets shown as '[oculto]'). */
export const AuditEntry = z.object({
  id: z.string(),
  occurred_at: z.string(),
  service: z.string(),
  /** Administrator id, `user:<id>` for an end user, null for a failed sign-in. */
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  record_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  method: z.string(),
  path: z.string(),
  status: z.number(),
  request_id: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** Newest first. */
export const AuditPage = z.object({
  items: z.array(AuditEntry),
  total: z.number(),
  page: z.number(),
  per_page: z.number(),
});
export type AuditPage = z.infer<typeof AuditPage>;
