import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Worker } from 'bullmq';
import { DataSource } from 'typeorm';
import { CONFIG, rootLogger, startEventWorker } from '@clima/common';
import type { ManualsConfig } from '../config';
import { manualsEventHandlers } from './user-events';

/** Runs the event consumers inside the HTTP process when WORKERS_IN_PROCESS is on (else src/worker.ts does). */
@Injectable()
export class EventsWorkerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;

  constructor(
    private readonly ds: DataSource,
    @Inject(CONFIG) private readonly config: ManualsConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.WORKERS_IN_PROCESS) return;
    this.worker = startEventWorker('manuals', manualsEventHandlers(this.ds), {
      redisUrl: this.config.REDIS_URL,
      prefix: this.config.KEY_PREFIX,
      logger: rootLogger('manuals'),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
