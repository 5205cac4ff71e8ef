import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import { bullConnection } from '../database/redis';
import { rootLogger } from '../logging/logger';
import { CONFIG } from '../platform.tokens';
import type { ServiceConfig } from '../config/config';
import { AUDIT_JOB_OPTIONS, AUDIT_QUEUE, AuditRecord } from './audit';

/** How long an answer waits for Redis to accept its audit record. */
const SEND_TIMEOUT_MS = 3000;

/**
 * Hands audit records to the `audit` queue (consumed by the auth service). The queue is opened on the
 * first record, so processes that never record (workers) hold no connection for it.
 */
@Injectable()
export class AuditTrail implements OnApplicationShutdown {
  private queue?: Queue<AuditRecord>;
  private readonly log = rootLogger().child({ component: 'audit' });

  constructor(@Inject(CONFIG) private readonly config: Pick<ServiceConfig, 'REDIS_URL' | 'KEY_PREFIX'>) {}

  /**
   * Queues the record before the answer leaves, so an answered action has its record in Redis. When
   * Redis does not take it in time the record is written to the log (the trail of last resort) and
   * still queued when Redis comes back: its id makes a late duplicate harmless.
   */
  async send(record: AuditRecord): Promise<void> {
    this.queue ??= new Queue<AuditRecord>(AUDIT_QUEUE, { connection: bullConnection(this.config.REDIS_URL), prefix: this.config.KEY_PREFIX });
    const added = this.queue.add('record', record, { ...AUDIT_JOB_OPTIONS, jobId: record.id });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), SEND_TIMEOUT_MS)));
    try {
      const outcome = await Promise.race([added, timeout]);
      if (outcome === 'timeout') this.log.error({ audit: record }, 'audit record not yet accepted by Redis; kept in this log');
    } catch (err) {
      this.log.error({ err, audit: record }, 'audit record could not be queued; kept in this log');
    } finally {
      clearTimeout(timer);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue?.close().catch(() => undefined);
  }
}
