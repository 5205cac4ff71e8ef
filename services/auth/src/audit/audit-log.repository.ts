import { Injectable } from '@nestjs/common';
import { type AuditRecord, execute, likePattern, queryPage, queryRows, withTransaction } from '@clima/common';
import type { AuditQuery } from '@clima/contract';
import { DataSource } from 'typeorm';

/** A stored record: what travelled (AuditRecord), with the time as Postgres gives it back. */
export type AuditRow = Omit<AuditRecord, 'occurred_at' | 'service'> & { occurred_at: Date; service: string };

/** Rows one purge transaction deletes at most. */
export const PURGE_BATCH = 5000;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const TZ = `'America/Sao_Paulo'`;

/** The `auth.audit_log` table. */
@Injectable()
export class AuditLogRepository {
  constructor(private readonly ds: DataSource) {}

  /** Inserts a record unless its id is already stored; whether it was new. */
  async insert(record: AuditRecord): Promise<boolean> {
    const rows = await queryRows(
      this.ds,
      `INSERT INTO auth.audit_log
         (id, occurred_at, service, actor_id, actor_name, action, entity, record_id, before, after, method, path, status, request_id, ip)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        record.id,
        record.occurred_at,
        record.service,
        record.actor_id,
        record.actor_name,
        record.action,
        record.entity,
        record.record_id,
        record.before === null || record.before === undefined ? null : JSON.stringify(record.before),
        record.after === null || record.after === undefined ? null : JSON.stringify(record.after),
        record.method,
        record.path,
        record.status,
        record.request_id,
        record.ip,
      ],
    );
    return rows.length > 0;
  }

  /** One page, newest first, with the total of the filtered rows. A day is São Paulo's day, both ends included. */
  async search(q: AuditQuery): Promise<{ rows: AuditRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    if (q.admin) where.push(`(actor_id = ${p(q.admin)} OR lower(coalesce(actor_name, '')) LIKE lower(${p(likePattern(q.admin))}))`);
    if (q.entity) where.push(`entity = ${p(q.entity)}`);
    if (q.action) where.push(`action = ${p(q.action)}`);
    if (q.from) where.push(`occurred_at >= ${DAY_RE.test(q.from) ? `(${p(q.from)}::date::timestamp AT TIME ZONE ${TZ})` : `${p(q.from)}::timestamptz`}`);
    if (q.to) where.push(DAY_RE.test(q.to) ? `occurred_at < ((${p(q.to)}::date + 1)::timestamp AT TIME ZONE ${TZ})` : `occurred_at <= ${p(q.to)}::timestamptz`);
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    return queryPage<AuditRow>(this.ds, {
      columns: 'id, occurred_at, service, actor_id, actor_name, action, entity, record_id, before, after, method, path, status, request_id, ip',
      from: `FROM auth.audit_log ${filter}`,
      orderBy: 'occurred_at DESC, seq DESC',
      params,
      page: q.page,
      perPage: q.per_page,
    });
  }

  /**
   * Deletes up to PURGE_BATCH rows older than `days` in one transaction that carries the setting the
   * table's trigger requires (`clima.audit_retention_days`); how many it deleted.
   */
  purgeBatch(days: number): Promise<number> {
    return withTransaction(this.ds, async (m) => {
      await m.query(`SELECT set_config('clima.audit_retention_days', $1, true)`, [String(days)]);
      return execute(
        m,
        `DELETE FROM auth.audit_log WHERE id IN (
           SELECT id FROM auth.audit_log WHERE occurred_at < now() - make_interval(days => $1) ORDER BY occurred_at LIMIT 5000)`,
        [days],
      );
    });
  }
}
