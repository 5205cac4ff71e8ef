import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CONFIG, rootLogger, startEventWorker } from '@clima/common';
import type { Worker } from 'bullmq';
import { DataSource } from 'typeorm';
import type { CoursesConfig } from '../config';
import { courseEventHandlers } from './course-event-handlers';

/** Runs the event consumers inside the HTTP process when WORKERS_IN_PROCESS is true. */
@Injectable()
export class InProcessEventWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private worker?: Worker;

  constructor(
    @Inject(CONFIG) private readonly config: CoursesConfig,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.WORKERS_IN_PROCESS) return;
    const logger = rootLogger(this.config.SERVICE);
    this.worker = startEventWorker('courses', courseEventHandlers(this.ds, logger), {
      redisUrl: this.config.REDIS_URL,
      prefix: this.config.KEY_PREFIX,
      logger,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
