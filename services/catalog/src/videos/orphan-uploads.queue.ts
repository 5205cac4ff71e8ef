import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import { bullConnection, CONFIG, rootLogger } from '@clima/common';
import type { CatalogConfig } from '../config';
import { OrphanUploadsService } from './orphan-uploads.service';

export const ORPHAN_UPLOADS_QUEUE = 'catalog-orphan-uploads';
export const ORPHAN_UPLOADS_SCHEDULER_ID = 'catalog-orphan-uploads-every';
export enum OrphanUploadsJob {
  Remove = 'remove-orphan-uploads',
}

const JOB_OPTIONS = { removeOnComplete: { count: 100 }, removeOnFail: { count: 500 }, attempts: 3, backoff: { type: 'exponential', delay: 5000 } } as const;

export interface OrphanUploadsCleanup {
  close(): Promise<void>;
}

/**
 * Starts the sweep's worker and declares its repeatable job. Every copy of the service does both: the
 * scheduler id makes them share one schedule, and BullMQ hands each run to one worker.
 */
export async function startOrphanUploadsCleanup(
  cleaner: OrphanUploadsService,
  o: { redisUrl: string; prefix: string; everyMinutes: number; logger: Logger },
): Promise<OrphanUploadsCleanup> {
  const worker = new Worker(
    ORPHAN_UPLOADS_QUEUE,
    async (job) => (job.name === OrphanUploadsJob.Remove ? cleaner.removeOrphans() : 0),
    { connection: bullConnection(o.redisUrl), prefix: o.prefix, concurrency: 1 },
  );
  worker.on('failed', (job, err) => o.logger.warn({ err, attempts: job?.attemptsMade }, 'orphan uploads job failed'));
  worker.on('error', (err) => o.logger.warn({ err }, 'orphan uploads worker error'));
  const queue = new Queue(ORPHAN_UPLOADS_QUEUE, { connection: bullConnection(o.redisUrl), prefix: o.prefix });
  await queue.upsertJobScheduler(ORPHAN_UPLOADS_SCHEDULER_ID, { every: o.everyMinutes * 60_000 }, { name: OrphanUploadsJob.Remove, opts: JOB_OPTIONS });
  return {
    close: async () => {
      await worker.close();
      await queue.close();
    },
  };
}

/** Runs the sweep inside the HTTP process when WORKERS_IN_PROCESS is true, otherwise `dist/worker.js` does. */
@Injectable()
export class InProcessOrphanUploadsCleanup implements OnApplicationBootstrap, OnApplicationShutdown {
  private cleanup?: OrphanUploadsCleanup;

  constructor(
    private readonly cleaner: OrphanUploadsService,
    @Inject(CONFIG) private readonly config: CatalogConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.WORKERS_IN_PROCESS) return;
    this.cleanup = await startOrphanUploadsCleanup(this.cleaner, {
      redisUrl: this.config.REDIS_URL,
      prefix: this.config.KEY_PREFIX,
      everyMinutes: this.config.ORPHAN_UPLOAD_SWEEP_MINUTES,
      logger: rootLogger('catalog'),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.cleanup?.close();
  }
}
