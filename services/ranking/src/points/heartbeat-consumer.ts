import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { bullConnection, CONFIG, jobLag, rootLogger } from '@clima/common';
import { Job, Worker } from 'bullmq';
import type { RankingConfig } from '../config';
import { HeartbeatBatchData, HeartbeatJobData, RankingQueue } from '../heartbeat/heartbeat.queue';
import { HeartbeatJobLike, HeartbeatProcessor, JobResult } from './heartbeat.processor';

export type HeartbeatJob = HeartbeatBatchData | HeartbeatJobData;

/** Most heartbeats applied in one transaction. */
const MAX_GROUP_HEARTBEATS = 10_000;
/** A group smaller than this waits up to GATHER_MS for more jobs (fewer, larger transactions under load). */
const GATHER_MIN_HEARTBEATS = 1_000;
const GATHER_MS = 50;

interface Waiting {
  job: HeartbeatJobLike;
  size: number;
  since: number;
  resolve: (r: JobResult) => void;
  reject: (err: unknown) => void;
}

const sizeOf = (data: HeartbeatJob) => ('heartbeats' in data && Array.isArray(data.heartbeats) ? data.heartbeats.length : 1);

/**
 * The consumer of the `ranking-heartbeats` queue (one job = one batch of an HTTP process); started by
 * RankingWorkers, stopped first on shutdown. The jobs it holds (up to RANKING_WORKER_CONCURRENCY) are applied
 * together: while a transaction commits the next jobs wait, and a small group waits up to 50 ms for more, so a
 * busy worker runs few, large transactions (a transaction's fixed cost, not its size, is what it pays per job).
 * Each job settles with its group; a failed group fails its jobs, which the queue retries.
 */
@Injectable()
export class HeartbeatConsumer implements OnModuleDestroy {
  private worker?: Worker<HeartbeatJob>;
  private waiting: Waiting[] = [];
  private draining = false;

  constructor(
    @Inject(CONFIG) private readonly config: RankingConfig,
    private readonly processor: HeartbeatProcessor,
  ) {}

  /** Starts consuming (once). */
  start(): Worker<HeartbeatJob> {
    if (this.worker) return this.worker;
    const logger = rootLogger();
    const worker = new Worker<HeartbeatJob>(
      RankingQueue.Heartbeats,
      async (job: Job<HeartbeatJob>) => {
        jobLag.observe({ queue: RankingQueue.Heartbeats }, Math.max(0, (Date.now() - job.timestamp) / 1000));
        const result = await this.gather(job);
        return { users: result.users.length, replayed: result.replayed };
      },
      {
        connection: bullConnection(this.config.REDIS_URL),
        prefix: this.config.KEY_PREFIX,
        concurrency: this.config.RANKING_WORKER_CONCURRENCY,
        lockDuration: this.config.RANKING_WORKER_LOCK_MS,
        stalledInterval: this.config.RANKING_WORKER_LOCK_MS,
        // a job taken over from a dead worker is safe to run again: its batch key and every award are idempotent
        maxStalledCount: 5,
      },
    );
    worker.on('failed', (job, err) => logger.warn({ err, jobId: job?.id, attempts: job?.attemptsMade }, 'heartbeat batch failed'));
    worker.on('error', (err) => logger.warn({ err }, 'heartbeat worker error'));
    this.worker = worker;
    return worker;
  }

  private gather(job: HeartbeatJobLike & { data: HeartbeatJob }): Promise<JobResult> {
    return new Promise<JobResult>((resolve, reject) => {
      this.waiting.push({ job, size: sizeOf(job.data), since: Date.now(), resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  private waitingHeartbeats(): number {
    return this.waiting.reduce((n, w) => n + w.size, 0);
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.waiting.length) {
        const wait = this.waiting[0]!.since + GATHER_MS - Date.now();
        if (wait > 0 && this.waitingHeartbeats() < GATHER_MIN_HEARTBEATS && this.waiting.length < this.config.RANKING_WORKER_CONCURRENCY) {
          await new Promise((r) => setTimeout(r, Math.min(wait, 10)));
          continue;
        }
        const group: Waiting[] = [];
        let size = 0;
        while (this.waiting.length && (group.length === 0 || size + this.waiting[0]!.size <= MAX_GROUP_HEARTBEATS)) {
          const next = this.waiting.shift()!;
          size += next.size;
          group.push(next);
        }
        try {
          const results = await this.processor.processGroup(group.map((w) => w.job));
          group.forEach((w, i) => w.resolve(results[i]!));
        } catch (err) {
          for (const w of group) w.reject(err);
        }
      }
    } finally {
      this.draining = false;
    }
  }

  async onModuleDestroy(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    // in-flight batches finish (or roll back and are retried: they are idempotent)
    await worker?.close();
  }
}
