import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { CONFIG, EventBus, OutboxRelay, rootLogger } from '@clima/common';
import { DataSource } from 'typeorm';
import type { ManualsConfig } from '../config';
import { SCHEMA } from '../database';

/**
 * Hands the facts written in `manuals.outbox` (manual.opened) to the subscribers' queues. Runs where the
 * service's background work runs (the HTTP process with WORKERS_IN_PROCESS, else the worker); several copies
 * are safe (rows are taken with FOR UPDATE SKIP LOCKED).
 */
@Injectable()
export class ManualsOutbox implements OnApplicationBootstrap, OnModuleDestroy {
  private relay?: OutboxRelay;

  constructor(
    @Inject(CONFIG) private readonly config: ManualsConfig,
    private readonly ds: DataSource,
    private readonly bus: EventBus,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.WORKERS_IN_PROCESS) return;
    const log = rootLogger().child({ component: 'outbox' });
    this.relay = new OutboxRelay(this.ds, SCHEMA, this.bus, (err) => log.warn({ err }, 'outbox relay failed; will retry'));
    this.relay.start(500);
  }

  async onModuleDestroy(): Promise<void> {
    await this.relay?.stop();
  }
}
