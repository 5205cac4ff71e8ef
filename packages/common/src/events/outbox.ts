import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { rootLogger } from '../logging/logger';
import { EventBus, OutboxRelay, writeOutbox } from './event-bus';
import type { EventName, EventPayloads } from './events';

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
