import { Job, Worker } from 'bullmq';
import type { Logger } from 'pino';
import { bullConnection } from '../database/redis';
import { jobLag } from '../metrics/metrics';
import type { ServiceName } from '../config/config';
import { EventEnvelope, EventHandlers, eventQueueName } from './events';

/** Consumes the service's event queue; handlers must be idempotent (delivery is at-least-once). */
export function startEventWorker(
  service: ServiceName,
  handlers: EventHandlers,
  opts: { redisUrl: string; prefix: string; logger: Logger; concurrency?: number },
): Worker {
  const queue = eventQueueName(service);
  const worker = new Worker(
    queue,
    async (job: Job<EventEnvelope>) => {
      jobLag.observe({ queue }, Math.max(0, (Date.now() - job.timestamp) / 1000));
      const handler = handlers[job.data.name] as ((p: unknown, e: EventEnvelope) => Promise<void>) | undefined;
      if (!handler) return;
      const log = opts.logger.child({ reqId: job.data.requestId, event: job.data.name, eventId: job.data.id });
      await handler(job.data.payload, job.data);
      log.info('event handled');
    },
    { connection: bullConnection(opts.redisUrl), prefix: opts.prefix, concurrency: opts.concurrency ?? 4 },
  );
  worker.on('failed', (job, err) => opts.logger.warn({ err, event: job?.data.name, attempts: job?.attemptsMade }, 'event failed'));
  worker.on('error', (err) => opts.logger.warn({ err }, 'event worker error'));
  return worker;
}
