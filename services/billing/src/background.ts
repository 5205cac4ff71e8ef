import { CONFIG, EventBus, EventConsumer, OutboxRelay, rootLogger } from '@clima/common';
import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Queue, Worker } from 'bullmq';
import { DataSource } from 'typeorm';
import type { BillingConfig } from './config';
import { SCHEMA } from './database';
import { expiryQueue, scheduleExpiry, startExpiryWorker } from './expiry/expiry.queue';
import { ExpiryService } from './expiry/expiry.service';

/**
 * The service's background work: the event consumer (registered with autoStart off, so that it starts
 * with the rest), the repeatable expiry job and its worker, and the outbox relay that hands
 * subscription.changed facts to the auth service's queue. Runs in the HTTP process when
 * WORKERS_IN_PROCESS is true, otherwise in `dist/worker.js` (runWorker).
 */
@Injectable()
export class BillingBackground implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = rootLogger().child({ component: 'background' });
  private workers: Worker[] = [];
  private queue?: Queue;
  private relay?: OutboxRelay;

  constructor(
    @Inject(CONFIG) private readonly config: BillingConfig,
    private readonly ds: DataSource,
    private readonly bus: EventBus,
    private readonly expiry: ExpiryService,
    private readonly consumer: EventConsumer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.WORKERS_IN_PROCESS) await this.start();
  }

  async start(): Promise<void> {
    if (this.relay) return;
    const o = { redisUrl: this.config.REDIS_URL, prefix: this.config.KEY_PREFIX, logger: this.log };
    this.consumer.start();
    this.workers.push(startExpiryWorker(this.expiry, o));
    this.queue = expiryQueue(o.redisUrl, o.prefix);
    await scheduleExpiry(this.queue, this.config.BILLING_EXPIRY_EVERY_MINUTES);
    this.relay = new OutboxRelay(this.ds, SCHEMA, this.bus, (err) => this.log.warn({ err }, 'outbox relay failed; will retry'));
    this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay?.stop();
    await Promise.all(this.workers.map((w) => w.close()));
    await this.queue?.close();
    this.workers = [];
    this.relay = undefined;
  }
}
