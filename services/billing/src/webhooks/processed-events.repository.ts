import { execute, queryRows, withTransaction } from '@clima/common';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { BillingEvent } from '../providers/billing-event';

/** The `billing.processed_events` table: each provider event at most once, with what it did. */
@Injectable()
export class ProcessedEventsRepository {
  constructor(private readonly ds: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return withTransaction(this.ds, work);
  }

  /** Records the event as being processed; false when it was recorded before (a duplicate). */
  async claim(m: EntityManager, event: Pick<BillingEvent, 'provider' | 'id' | 'type' | 'created'>): Promise<boolean> {
    const inserted = await queryRows(
      m,
      `INSERT INTO billing.processed_events (provider, event_id, type, event_created_at, outcome)
         VALUES ($1, $2, $3, $4, 'processing') ON CONFLICT DO NOTHING RETURNING event_id`,
      [event.provider, event.id, event.type, event.created],
    );
    return inserted.length > 0;
  }

  async recordOutcome(m: EntityManager, provider: string, eventId: string, outcome: string, note: string | null): Promise<void> {
    await execute(m, `UPDATE billing.processed_events SET outcome = $3, note = $4 WHERE provider = $1 AND event_id = $2`, [provider, eventId, outcome, note]);
  }
}
