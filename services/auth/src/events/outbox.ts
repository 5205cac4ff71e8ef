import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { EventBus, EventName, EventPayloads, OutboxRelay, writeOutbox } from '@clima/common';
import { DataSource, EntityManager } from 'typeorm';
import { SCHEMA } from '../database';

/**
 * The auth service's transactional outbox: facts are written in the same transaction as the change,
 * and the relay hands them to the subscribers' queues (on a timer, and right after each commit).
 */
@Injectable()
export class Outbox implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Outbox');
  private readonly relay: OutboxRelay;

  constructor(ds: DataSource, bus: EventBus) {
    this.relay = new OutboxRelay(ds, SCHEMA, bus, (err) => this.logger.warn({ err, msg: 'outbox relay failed' }));
  }

  onApplicationBootstrap(): void {
    this.relay.start(500);
  }

  async onModuleDestroy(): Promise<void> {
    await this.relay.stop();
  }

  write<E extends EventName>(manager: EntityManager, name: E, payload: EventPayloads[E], requestId?: string): Promise<void> {
    return writeOutbox(manager, SCHEMA, name, payload, { requestId });
  }

  /** Publishes what was just committed without waiting for the timer. */
  kick(): void {
    void this.relay.flush().catch((err: unknown) => this.logger.warn({ err, msg: 'outbox relay failed' }));
  }

  flush(): Promise<number> {
    return this.relay.flush();
  }
}
