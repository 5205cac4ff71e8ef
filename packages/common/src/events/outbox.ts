import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { rootLogger } from '../logging/logger';
import { randomUUID } from 'node:crypto';
import { EventBus } from './event-bus';
import type { EventName, EventPayloads } from './events';

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
  await manager.query(`${outboxInsert(schema)} VALUES ($1, $2, $3, $4)`, outboxValues(name, payload, opts));
}

/** The head of an outbox row's INSERT, for a statement that writes its row in a CTE (`... SELECT $n, … FROM x`). */
export const outboxInsert = (schema: string) => `INSERT INTO "${schema}".outbox (event_id, name, payload, request_id)`;

/** The four values of an outbox row, in outboxInsert's column order. */
export function outboxValues<E extends EventName>(
  name: E,
  payload: EventPayloads[E],
  opts: { id?: string; requestId?: string } = {},
): [string, E, string, string | null] {
  return [opts.id ?? randomUUID(), name, JSON.stringify(payload), opts.requestId ?? null];
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

/** How often the relay looks for facts nobody kicked out (a crash between commit and kick). */
const RELAY_EVERY_MS = 500;

/**
 * A service's transactional outbox, for the services that publish facts (their schema has an `outbox` table,
 * OUTBOX_SQL): `write()` a fact in the transaction that makes the change, `kick()` once it committed. The relay
 * hands the rows to the subscribers' queues right after a kick and on a timer; every process of the service that
 * provides it runs one, and rows are taken with FOR UPDATE SKIP LOCKED, so each fact goes out once. The schema is
 * the service's own (its DataSource's).
 */
@Injectable()
export class Outbox implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = rootLogger().child({ component: 'outbox' });
  private readonly relay: OutboxRelay;
  private readonly schema: string;

  constructor(ds: DataSource, bus: EventBus) {
    const schema = (ds.options as { schema?: string }).schema;
    if (!schema) throw new Error('Outbox: the DataSource has no schema');
    this.schema = schema;
    this.relay = new OutboxRelay(ds, schema, bus, (err) => this.log.warn({ err }, 'outbox relay failed; will retry'));
  }

  onApplicationBootstrap(): void {
    this.relay.start(RELAY_EVERY_MS);
  }

  async onModuleDestroy(): Promise<void> {
    await this.relay.stop();
  }

  /** Records a fact in the transaction of `manager`: published once that transaction committed. */
  write<E extends EventName>(manager: EntityManager, name: E, payload: EventPayloads[E], requestId?: string): Promise<void> {
    return writeOutbox(manager, this.schema, name, payload, { requestId });
  }

  /** Publishes what was just committed without waiting for the timer. */
  kick(): void {
    void this.flush().catch((err: unknown) => this.log.warn({ err }, 'outbox relay failed; will retry'));
  }

  /** Publishes the pending facts now; how many went out. */
  flush(): Promise<number> {
    return this.relay.flush();
  }
}
