import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { AUDIT_QUEUE, AuditRecord, bullConnection, CONFIG, jobLag, rootLogger } from '@clima/common';
import { Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import type { AuthConfig } from '../config';
import { AuditLogService, StoredRecord } from './audit-log.service';

export const AUDIT_RETENTION_QUEUE = 'auth-audit-retention';
export const AUDIT_RETENTION_SCHEDULER_ID = 'auth-audit-retention-every';
export const AUDIT_RETENTION_JOB = 'purge-old-audit-rows';

const RETENTION_JOB_OPTIONS = {
  removeOnComplete: { count: 100 },
  removeOnFail: { count: 500 },
  attempts: 3,
  backoff: { type: 'exponential', delay: 5000 },
} as const;

/**
 * In the processes that run the auth service's consumers: stores every service's audit records
 * (queue `audit`) and runs the retention job (one BullMQ job scheduler for the whole deployment,
 * whatever the number of copies: the scheduler id makes them share it).
 */
@Injectable()
export class AuditLogWorkers implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = rootLogger('auth').child({ component: 'audit' });
  private workers: Worker[] = [];
  private retentionQueue?: Queue;

  constructor(
    @Inject(CONFIG) private readonly config: AuthConfig,
    private readonly auditLog: AuditLogService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.WORKERS_IN_PROCESS) return;
    const connection = bullConnection(this.config.REDIS_URL);
    const prefix = this.config.KEY_PREFIX;
    const records = new Worker<AuditRecord>(
      AUDIT_QUEUE,
      async (job: Job<AuditRecord>) => {
        jobLag.observe({ queue: AUDIT_QUEUE }, Math.max(0, (Date.now() - job.timestamp) / 1000));
        const parsed = StoredRecord.safeParse(job.data);
        // a malformed record will never become valid: keep it among the failed jobs instead of retrying
        if (!parsed.success) throw new UnrecoverableError(`registro de auditoria malformado: ${parsed.error.issues[0]?.path.join('.')}`);
        return this.auditLog.store(parsed.data as AuditRecord);
      },
      { connection, prefix, concurrency: 4 },
    );
    records.on('failed', (job, err) => this.log.warn({ err: err.message, auditJob: job?.id, attempts: job?.attemptsMade }, 'audit record not stored; will retry'));
    records.on('error', (err) => this.log.warn({ err }, 'audit worker error'));
    const retention = new Worker(
      AUDIT_RETENTION_QUEUE,
      async (job) => {
        if (job.name !== AUDIT_RETENTION_JOB) return 0;
        const deleted = await this.auditLog.purgeOlderThan(this.config.AUDIT_RETENTION_DAYS);
        if (deleted) this.log.info({ deleted, days: this.config.AUDIT_RETENTION_DAYS }, 'audit rows past retention deleted');
        return deleted;
      },
      { connection, prefix, concurrency: 1 },
    );
    retention.on('failed', (job, err) => this.log.warn({ err, attempts: job?.attemptsMade }, 'audit retention job failed'));
    retention.on('error', (err) => this.log.warn({ err }, 'audit retention worker error'));
    this.workers = [records, retention];
    this.retentionQueue = new Queue(AUDIT_RETENTION_QUEUE, { connection, prefix });
    await this.retentionQueue.upsertJobScheduler(
      AUDIT_RETENTION_SCHEDULER_ID,
      { every: this.config.AUDIT_RETENTION_EVERY_MINUTES * 60_000 },
      { name: AUDIT_RETENTION_JOB, opts: RETENTION_JOB_OPTIONS },
    );
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    await this.retentionQueue?.close();
    this.workers = [];
  }
}
