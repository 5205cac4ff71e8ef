import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { bullConnection } from '../database/redis';
import { EVENT_SUBSCRIBERS, EventEnvelope, EventName, EventPayloads, eventQueueName } from './events';
import type { ServiceName } from '../config/config';

export const EVENT_JOB_OPTIONS = {
  attempts: 12,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

export interface EventBusOptions {
  redisUrl: string;
  prefix: string;
}

/** Publishes facts to every subscribing service's queue. */
@Injectable()
export class EventBus implements OnModuleDestroy {
  private readonly queues = new Map<ServiceName, Queue>();

  constructor(private readonly options: EventBusOptions) {}

  queue(service: ServiceName): Queue {
    let q = this.queues.get(service);
    if (!q) {
      q = new Queue(eventQueueName(service), { connection: bullConnection(this.options.redisUrl), prefix: this.options.prefix });
      this.queues.set(service, q);
    }
    return q;
  }

  async publish<E extends EventName>(name: E, payload: EventPayloads[E], opts: { id?: string; requestId?: string } = {}): Promise<void> {
    const envelope: EventEnvelope<E> = {
      name,
      payload,
      id: opts.id ?? randomUUID(),
      requestId: opts.requestId,
      publishedAt: new Date().toISOString(),
    };
    await Promise.all(
      EVENT_SUBSCRIBERS[name].map((svc) =>
        // the job id makes a re-publication of the same fact a no-op while the job is kept
        this.queue(svc).add(name, envelope, { ...EVENT_JOB_OPTIONS, jobId: `${name}:${envelope.id}`.replace(/:/g, '_') }),
      ),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}

/**
 * Transactional outbox: a service writes the fact in the same transaction as its own change, and the
 * relay hands it to BullMQ afterwards, so a fact is never lost when Redis is briefly away and never
 * published for a change that rolled back. Table: `<schema>.outbox` (see OUTBOX_SQL).
 */
export const OUTBOX_SQL = (schema: string) => [
  `CREATE TABLE IF NOT EXISTS "${schema}".outbox (
     id bigserial PRIMARY KEY,
     event_id uuid NOT NULL UNIQUE,
     name text NOT NULL,
     payload jsonb NOT NULL,
     request_id text,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
];

export async function writeOutbox<E extends EventName>(
  manager: EntityManager,
  schema: string,
  name: E,
  payload: EventPayloads[E],
  opts: { id?: string; requestId?: string } = {},
): Promise<void> {
  await manager.query(`INSERT INTO "${schema}".outbox (event_id, name, payload, request_id) VALUES ($1, $2, $3, $4)`, [
    opts.id ?? randomUUID(),
    name,
    JSON.stringify(payload),
    opts.requestId ?? null,
  ]);
}

/** Moves outbox rows to the queues; rows are deleted only after BullMQ accepted them. */
export class OutboxRelay {
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(
    private readonly ds: DataSource,
    private readonly schema: string,
    private readonly bus: EventBus,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(intervalMs = 300): void {
    this.timer = setInterval(() => void this.flush().catch(this.onError), intervalMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    while (this.running) await new Promise((r) => setTimeout(r, 20));
  }

  /** Publishes pending rows; returns how many were published. */
  async flush(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let total = 0;
    try {
      for (;;) {
        const n = await this.ds.transaction(async (m) => {
          const rows: { id: string; event_id: string; name: EventName; payload: never; request_id: string | null }[] = await m.query(
            `SELECT id, event_id, name, payload, request_id FROM "${this.schema}".outbox ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED`,
          );
          for (const r of rows) await this.bus.publish(r.name, r.payload, { id: r.event_id, requestId: r.request_id ?? undefined });
          if (rows.length) await m.query(`DELETE FROM "${this.schema}".outbox WHERE id = ANY($1::bigint[])`, [rows.map((r) => r.id)]);
          return rows.length;
        });
        total += n;
        if (n < 100) break;
      }
    } finally {
      this.running = false;
    }
    return total;
  }
}
