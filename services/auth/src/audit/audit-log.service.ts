import { Injectable } from '@nestjs/common';
import type { AuditRecord } from '@clima/common';
import { AuditEntry, AuditPage, AuditQuery } from '@clima/contract';
import { z } from 'zod';
import { AuditLogRepository, AuditRow, PURGE_BATCH } from './audit-log.repository';

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

const toEntry = (r: AuditRow): AuditEntry => ({ ...r, occurred_at: new Date(r.occurred_at).toISOString(), status: Number(r.status) });

/** The `auth.audit_log` table: written only by the consumer, read by the admin screen, pruned only by retention. */
@Injectable()
export class AuditLogService {
  constructor(private readonly repo: AuditLogRepository) {}

  /** Stores a record once: a redelivered job finds its id and changes nothing. Returns whether it was new. */
  store(record: AuditRecord): Promise<boolean> {
    return this.repo.insert(record);
  }

  /** Newest first, with the total of the filtered rows. */
  async search(q: AuditQuery): Promise<AuditPage> {
    const { rows, total } = await this.repo.search(q);
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
      const n = await this.repo.purgeBatch(days);
      deleted += n;
      if (n < PURGE_BATCH) return deleted;
    }
  }
}
