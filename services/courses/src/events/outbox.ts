import { Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { EventBus, EventName, EventPayloads, OutboxRelay, rootLogger, writeOutbox } from '@clima/common';
import { DataSource, EntityManager } from 'typeorm';
import { SCHEMA } from '../database';

/**
 * The courses service's transactional outbox (lesson.completed, course.completed): a fact is written in
 * the transaction that records the completion, and the relay hands it to the subscribers' queues — on a
 * timer, and right after each commit. Every process of the service runs a relay; rows are taken with
 * `FOR UPDATE SKIP LOCKED`, so each fact goes out once.
 */
@Injectable()
export class Outbox implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = rootLogger('courses').child({ component: 'outbox' });
  private readonly relay: OutboxRelay;

  constructor(ds: DataSource, bus: EventBus) {
    this.relay = new OutboxRelay(ds, SCHEMA, bus, (err) => this.log.warn({ err }, 'outbox relay failed; will retry'));
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
    void this.relay.flush().catch((err: unknown) => this.log.warn({ err }, 'outbox relay failed; will retry'));
  }
}
