import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { bullConnection } from '../database/redis';
import { EVENT_SUBSCRIBERS, EventEnvelope, EventName, EventPayloads, eventQueueName } from './events';
import type { ServiceName } from '../config/config';

export const EVENT_JOB_OPTIONS = {
  attempts: 12,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: { age: 24 * 3600, count: 10_000 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

export interface EventBusOptions {
  redisUrl: string;
  prefix: string;
}

/** Publishes facts to every subscribing service's queue. */
@Injectable()
export class EventBus implements OnModuleDestroy {
  private readonly queues = new Map<ServiceName, Queue>();

  constructor(private readonly options: EventBusOptions) {}

  queue(service: ServiceName): Queue {
    let q = this.queues.get(service);
    if (!q) {
      q = new Queue(eventQueueName(service), { connection: bullConnection(this.options.redisUrl), prefix: this.options.prefix });
      this.queues.set(service, q);
    }
    return q;
  }

  async publish<E extends EventName>(name: E, payload: EventPayloads[E], opts: { id?: string; requestId?: string } = {}): Promise<void> {
    const envelope: EventEnvelope<E> = {
      name,
      payload,
      id: opts.id ?? randomUUID(),
      requestId: opts.requestId,
      publishedAt: new Date().toISOString(),
    };
    await Promise.all(
      EVENT_SUBSCRIBERS[name].map((svc) =>
        // the job id makes a re-publication of the same fact a no-op while the job is kept
        this.queue(svc).add(name, envelope, { ...EVENT_JOB_OPTIONS, jobId: `${name}:${envelope.id}`.replace(/:/g, '_') }),
      ),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...this.queues.values()].map((q) => q.close()));
  }
}
