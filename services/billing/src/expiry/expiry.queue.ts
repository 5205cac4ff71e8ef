import { bullConnection } from '@clima/common';
import { Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { ExpiryService } from './expiry.service';

export const EXPIRY_QUEUE = 'billing-expiry';
export const EXPIRY_SCHEDULER_ID = 'billing-expiry-every';
export enum ExpiryJob {
  ExpireSubscriptions = 'expire-subscriptions',
}

const JOB_OPTIONS = { removeOnComplete: { count: 100 }, removeOnFail: { count: 500 }, attempts: 3, backoff: { type: 'exponential', delay: 5000 } } as const;

export function expiryQueue(redisUrl: string, prefix: string): Queue {
  return new Queue(EXPIRY_QUEUE, { connection: bullConnection(redisUrl), prefix });
}

/** One repeatable job for the whole deployment (the scheduler id makes replicas share it). */
export async function scheduleExpiry(queue: Queue, everyMinutes: number): Promise<void> {
  await queue.upsertJobScheduler(EXPIRY_SCHEDULER_ID, { every: everyMinutes * 60_000 }, { name: ExpiryJob.ExpireSubscriptions, opts: JOB_OPTIONS });
}

export function startExpiryWorker(expiry: ExpiryService, o: { redisUrl: string; prefix: string; logger: Logger }): Worker {
  const worker = new Worker(
    EXPIRY_QUEUE,
    async (job) => {
      if (job.name !== ExpiryJob.ExpireSubscriptions) return 0;
      return expiry.tick();
    },
    { connection: bullConnection(o.redisUrl), prefix: o.prefix, concurrency: 1 },
  );
  worker.on('failed', (job, err) => o.logger.warn({ err, attempts: job?.attemptsMade }, 'expiry job failed'));
  worker.on('error', (err) => o.logger.warn({ err }, 'expiry worker error'));
  return worker;
}
