import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { bullConnection, CONFIG, jobLag, rootLogger } from '@clima/common';
import { Job, Worker } from 'bullmq';
import type { RankingConfig } from '../config';
import { HeartbeatJobData, RankingQueue } from '../heartbeat/heartbeat.queue';
import { HeartbeatProcessor } from './heartbeat.processor';

/** The consumer of the `ranking-heartbeats` queue; started by RankingWorkers, stopped first on shutdown. */
@Injectable()
export class HeartbeatConsumer implements OnModuleDestroy {
  private worker?: Worker<HeartbeatJobData>;

  constructor(
    @Inject(CONFIG) private readonly config: RankingConfig,
    private readonly processor: HeartbeatProcessor,
  ) {}

  /** Starts consuming (once). */
  start(): Worker<HeartbeatJobData> {
    if (this.worker) return this.worker;
    const logger = rootLogger();
    const worker = new Worker<HeartbeatJobData>(
      RankingQueue.Heartbeats,
      async (job: Job<HeartbeatJobData>) => {
        jobLag.observe({ queue: RankingQueue.Heartbeats }, Math.max(0, (Date.now() - job.timestamp) / 1000));
        await this.processor.process(job);
      },
      {
        connection: bullConnection(this.config.REDIS_URL),
        prefix: this.config.KEY_PREFIX,
        concurrency: this.config.RANKING_WORKER_CONCURRENCY,
        lockDuration: this.config.RANKING_WORKER_LOCK_MS,
        stalledInterval: this.config.RANKING_WORKER_LOCK_MS,
        // a job taken over from a dead worker is safe to run again: every award is idempotent
        maxStalledCount: 5,
      },
    );
    worker.on('failed', (job, err) => logger.warn({ err, userId: job?.data.userId, attempts: job?.attemptsMade }, 'heartbeat failed'));
    worker.on('error', (err) => logger.warn({ err }, 'heartbeat worker error'));
    this.worker = worker;
    return worker;
  }

  async onModuleDestroy(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    // in-flight jobs finish (or roll back and are retried: every award is idempotent)
    await worker?.close();
  }
}
