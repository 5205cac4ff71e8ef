import { Injectable } from '@nestjs/common';
import { type AuditRecord, likePattern } from '@clima/common';
import { AuditEntry, AuditPage, AuditQuery } from '@clima/contract';
import { DataSource } from 'typeorm';
import { z } from 'zod';

/** What a queued record must hold to be stored; anything else is a broken producer, not a retry matter. */
export const StoredRecord = z.object({
  id: z.uuid(),
  occurred_at: z.iso.datetime({ offset: true }),
  service: z.string().min(1).max(40),
  actor_id: z.string().max(400).nullable(),
  actor_name: z.string().max(400).nullable(),
  action: z.string().min(1).max(64),
  entity: z.string().min(1).max(64),
  record_id: z.string().max(400).nullable(),
  before: z.unknown(),
  after: z.unknown(),
  method: z.string().min(1).max(10),
  path: z.string().min(1).max(2048),
  status: z.number().int().min(100).max(599),
  request_id: z.string().max(200).nullable(),
  ip: z.string().max(100).nullable(),
});

/** A stored record: what travelled (AuditRecord), with the time as Postgres gives it back. */
type Row = Omit<AuditRecord, 'occurred_at' | 'service'> & { occurred_at: Date; service: string };

const toEntry = (r: Row): AuditEntry => ({ ...r, occurred_at: new Date(r.occurred_at).toISOString(), status: Number(r.status) });

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const TZ = `'America/Sao_Paulo'`;

/** The `auth.audit_log` table: written only by the consumer, read by the admin screen, pruned only by retention. */
@Injectable()
export class AuditLogService {
  constructor(private readonly ds: DataSource) {}

  /** Stores a record once: a redelivered job finds its id and changes nothing. Returns whether it was new. */
  async store(record: AuditRecord): Promise<boolean> {
    const rows: unknown[] = await this.ds.query(
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

  /** Newest first, with the total of the filtered rows. */
  async search(q: AuditQuery): Promise<AuditPage> {
    const where: string[] = [];
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    if (q.admin) where.push(`(actor_id = ${p(q.admin)} OR lower(coalesce(actor_name, '')) LIKE lower(${p(likePattern(q.admin))}))`);
    if (q.entity) where.push(`entity = ${p(q.entity)}`);
    if (q.action) where.push(`action = ${p(q.action)}`);
    // a day is São Paulo's day, both ends included
    if (q.from) where.push(`occurred_at >= ${DAY_RE.test(q.from) ? `(${p(q.from)}::date::timestamp AT TIME ZONE ${TZ})` : `${p(q.from)}::timestamptz`}`);
    if (q.to) where.push(DAY_RE.test(q.to) ? `occurred_at < ((${p(q.to)}::date + 1)::timestamp AT TIME ZONE ${TZ})` : `occurred_at <= ${p(q.to)}::timestamptz`);
    const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [{ total }]: { total: number }[] = await this.ds.query(`SELECT count(*)::int AS total FROM auth.audit_log ${filter}`, params);
    const rows: Row[] = await this.ds.query(
      `SELECT id, occurred_at, service, actor_id, actor_name, action, entity, record_id, before, after, method, path, status, request_id, ip
         FROM auth.audit_log ${filter}
        ORDER BY occurred_at DESC, seq DESC
        LIMIT ${p(q.per_page)} OFFSET ${p((q.page - 1) * q.per_page)}`,
      params,
    );
    return { items: rows.map(toEntry), total, page: q.page, per_page: q.per_page };
  }

  /**
   * Deletes the rows older than `days`, in batches. Each batch's transaction carries the setting the
   * table's trigger requires (`clima.audit_retention_days`); without it, or for a younger row, the
   * database refuses the DELETE.
   */
  async purgeOlderThan(days: number): Promise<number> {
    let deleted = 0;
    for (;;) {
      const n = await this.ds.transaction(async (m) => {
        await m.query(`SELECT set_config('clima.audit_retention_days', $1, true)`, [String(days)]);
        const [, count]: [unknown[], number] = await m.query(
          `DELETE FROM auth.audit_log WHERE id IN (
             SELECT id FROM auth.audit_log WHERE occurred_at < now() - make_interval(days => $1) ORDER BY occurred_at LIMIT 5000)`,
          [days],
        );
        return count;
      });
      deleted += n;
      if (n < 5000) return deleted;
    }
  }
}
