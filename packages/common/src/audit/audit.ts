import { SetMetadata } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServiceName } from '../config/config';

/**
 * The administrators' audit log. Every service records what an administrator did (see AuditInterceptor);
 * the record travels on the BullMQ queue `audit` and the auth service stores it, append-only, in
 * `auth.audit_log`.
 */
export const AUDIT_QUEUE = 'audit';

/** One administrator action, as it travels to storage. Delivery is at-least-once: `id` makes a replay a no-op. */
export interface AuditRecord {
  /** Generated once per request. */
  id: string;
  /** When the action was answered (ISO 8601). */
  occurred_at: string;
  service: ServiceName;
  /** Administrator id, `user:<id>` for an end user with the is_admin flag (or acting on their own account); null when unknown (a failed sign-in). */
  actor_id: string | null;
  /** Username of the administrator, e-mail of the end user, or the username a failed sign-in tried. */
  actor_name: string | null;
  /** create | update | delete | upload | login | login_failed | reorder | … */
  action: string;
  /** Plural noun of the route (`contents`, `users`, `administrators`, …). */
  entity: string;
  record_id: string | null;
  /** The record before the change (deletions and edits), redacted. */
  before: unknown;
  /** The record after the change (creations and edits), redacted. */
  after: unknown;
  method: string;
  path: string;
  status: number;
  request_id: string | null;
  ip: string | null;
}

export const AUDIT_JOB_OPTIONS = {
  attempts: 25,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 3600, count: 5_000 },
  removeOnFail: { age: 30 * 24 * 3600 },
} as const;

/** How a route is recorded. Every non-GET route whose access is admin (route table) is recorded with the defaults; @Audited changes them or opts another route in. */
export interface AuditOptions {
  /** Default: the first segment after /api/admin/ of the route's path. */
  entity?: string;
  /** Default: POST create, PUT/PATCH update, DELETE delete. */
  action?: string;
  /** Also record a refusal with these statuses (default 401) under this action, e.g. a failed sign-in. */
  failure?: { action: string; statuses?: number[] };
  /** The actor is the signed-in end user (`user:<id>`), for routes a user calls on their own account. */
  actor?: 'user';
}
export const AUDITED_KEY = 'clima:audited';
export const Audited = (options: AuditOptions = {}) => SetMetadata(AUDITED_KEY, options);

/** What the handler tells the interceptor during one audited request. */
export interface AuditScope {
  before?: unknown;
  actor?: { id: string | null; name: string | null };
  recordId?: string;
}
export const auditScopes = new AsyncLocalStorage<AuditScope>();

/**
 * The record as it was before this request changed or deleted it, in the shape the route answers
 * (so before and after compare field by field). Call it from the update and delete paths, ideally from
 * the same read that locks the row. Outside an audited request it does nothing.
 */
export function auditBefore(row: unknown): void {
  const scope = auditScopes.getStore();
  if (scope) scope.before = row;
}

/** Who acted, when the request's identity does not say it (a sign-in: the account it signed in to, or the name it tried). */
export function auditActor(actor: { id: string | null; name: string | null }): void {
  const scope = auditScopes.getStore();
  if (scope) scope.actor = actor;
}

/** Which record was acted on, when neither the `:id` parameter nor the answer's `id` says it. */
export function auditRecordId(id: string | number): void {
  const scope = auditScopes.getStore();
  if (scope) scope.recordId = String(id);
}

/** Keys whose values never reach the log (passwords, their hashes, tokens, secrets). */
export const SECRET_KEY_RE = /password|senha|token|secret|hash/i;
export const REDACTED = '[oculto]';
/** Largest before/after kept whole; a bigger one is replaced by a note with its size. */
export const AUDIT_MAX_JSON_BYTES = 64 * 1024;

/** A JSON copy with every secret-looking key's value replaced (at any depth). */
export function redact(value: unknown, depth = 0): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  // PostgreSQL's jsonb cannot hold U+0000: a record carrying one would never be stored
  if (typeof value === 'string') return value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  if (typeof value !== 'object') return typeof value === 'function' || typeof value === 'symbol' ? null : value;
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (depth > 12) return '[…]';
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined) continue;
    out[k.replaceAll('\u0000', '')] = SECRET_KEY_RE.test(k) ? REDACTED : redact(v, depth + 1);
  }
  return out;
}

/** `redact`, then bounded in size: an answer of megabytes must not become an audit row of megabytes. */
export function auditSnapshot(value: unknown): unknown {
  const safe = redact(value);
  if (safe === null) return null;
  const bytes = Buffer.byteLength(JSON.stringify(safe));
  return bytes > AUDIT_MAX_JSON_BYTES ? { _omitido: `registro de ${bytes} bytes, maior que o limite do log` } : safe;
}

/** `/api/admin/contents/:id/toggle-published` → `contents`; null for a path outside /api/admin/. */
export function entityOfPath(routePath: string): string | null {
  const m = /^\/api\/admin\/([^/:]+)/.exec(routePath);
  return m ? m[1]! : null;
}

export function defaultAction(method: string): string | null {
  switch (method.toUpperCase()) {
    case 'POST':
      return 'create';
    case 'PUT':
    case 'PATCH':
      return 'update';
    case 'DELETE':
      return 'delete';
    default:
      return null;
  }
}

/** The record an answer describes: its `id`, or the file name of an upload's `url`. */
export function recordIdOfAnswer(answer: unknown): string | null {
  if (!answer || typeof answer !== 'object') return null;
  const a = answer as { id?: unknown; url?: unknown };
  if (typeof a.id === 'string' || typeof a.id === 'number') return String(a.id);
  if (typeof a.url === 'string' && a.url) return a.url.split('?')[0]!.split('/').pop() || null;
  return null;
}
