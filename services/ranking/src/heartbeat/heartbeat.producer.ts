import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { bullConnection, CONFIG, registry } from '@clima/common';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { Counter } from 'prom-client';
import type { RankingConfig } from '../config';
import { HEARTBEAT_JOB_OPTIONS, HeartbeatBatchData, HeartbeatJobData, HeartbeatJobName, RankingQueue } from './heartbeat.queue';

/** Heartbeats answered by this process, by what became of them. */
export const heartbeatsAnswered = new Counter({
  name: 'ranking_heartbeats_total',
  help: 'Heartbeats accepted by the HTTP process: queued, throttled (a tab of the same user was faster) or idle (no study activity: not queued)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** Heartbeats gathered for one queue job; everyone waiting on it learns at once whether it reached Redis. */
interface OpenBatch {
  heartbeats: HeartbeatJobData[];
  done: Promise<void>;
  resolve: () => void;
  reject: (err: unknown) => void;
  timer?: NodeJS.Timeout;
}

/**
 * The one producer of the heartbeat queue. Heartbeats are gathered for RANKING_HEARTBEAT_BATCH_MS (or until
 * RANKING_HEARTBEAT_BATCH_MAX) and queued as one job: one Redis round trip per batch instead of per heartbeat.
 * A caller's promise settles when its batch is in Redis, so an answered heartbeat is never only in memory.
 * The job id (a random UUID) is the batch's idempotency key in the worker.
 */
@Injectable()
export class HeartbeatProducer implements OnModuleDestroy {
  private queue?: Queue<HeartbeatBatchData>;
  private open?: OpenBatch;
  private readonly inFlight = new Set<Promise<void>>();
  /** Users queued recently, in two generations (each RANKING_HEARTBEAT_MIN_INTERVAL_MS long): bounded, no sweeping. */
  private recent = new Map<string, number>();
  private older = new Map<string, number>();
  private generationStart = Date.now();

  constructor(@Inject(CONFIG) private readonly config: RankingConfig) {}

  get heartbeats(): Queue<HeartbeatBatchData> {
    this.queue ??= new Queue<HeartbeatBatchData>(RankingQueue.Heartbeats, { connection: bullConnection(this.config.REDIS_URL), prefix: this.config.KEY_PREFIX });
    return this.queue;
  }

  /**
   * Queues a study heartbeat; resolves to false when it is not queued because the same user's previous one was
   * queued less than RANKING_HEARTBEAT_MIN_INTERVAL_MS ago (several tabs, a client that retries: it could not add
   * study time the queued one does not), to true once its batch is in Redis; rejects when Redis refused the batch.
   */
  enqueue(heartbeat: HeartbeatJobData, now = Date.now()): Promise<boolean> {
    if (this.throttled(heartbeat.userId, now)) {
      heartbeatsAnswered.inc({ outcome: 'throttled' });
      return Promise.resolve(false);
    }
    heartbeatsAnswered.inc({ outcome: 'queued' });
    return this.add(heartbeat).then(() => true);
  }

  /** Queues now whatever is gathered; resolves when every batch taken so far is in Redis. */
  async flush(): Promise<void> {
    if (this.open) this.send(this.open);
    await Promise.allSettled([...this.inFlight]);
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
    await this.queue?.close();
  }

  private add(heartbeat: HeartbeatJobData): Promise<void> {
    let batch = this.open;
    if (!batch) {
      let resolve!: () => void;
      let reject!: (err: unknown) => void;
      const done = new Promise<void>((ok, fail) => {
        resolve = ok;
        reject = fail;
      });
      batch = { heartbeats: [], done, resolve, reject };
      this.open = batch;
      const open = batch;
      const wait = this.config.RANKING_HEARTBEAT_BATCH_MS;
      if (wait > 0) open.timer = setTimeout(() => this.send(open), wait);
      else setImmediate(() => this.send(open));
    }
    batch.heartbeats.push(heartbeat);
    if (batch.heartbeats.length >= this.config.RANKING_HEARTBEAT_BATCH_MAX) this.send(batch);
    return batch.done;
  }

  private send(batch: OpenBatch): void {
    if (this.open !== batch) return;
    this.open = undefined;
    if (batch.timer) clearTimeout(batch.timer);
    const sent = this.heartbeats
      .add(HeartbeatJobName.Batch, { heartbeats: batch.heartbeats }, { ...HEARTBEAT_JOB_OPTIONS, jobId: randomUUID() })
      .then(() => batch.resolve(), batch.reject);
    this.inFlight.add(sent);
    void sent.finally(() => this.inFlight.delete(sent));
  }

  private throttled(userId: string, now: number): boolean {
    const gap = this.config.RANKING_HEARTBEAT_MIN_INTERVAL_MS;
    if (gap <= 0) return false;
    if (now - this.generationStart >= gap) {
      this.older = this.recent;
      this.recent = new Map();
      this.generationStart = now;
    }
    const last = this.recent.get(userId) ?? this.older.get(userId);
    if (last !== undefined && now - last < gap && now >= last) return true;
    this.recent.set(userId, now);
    return false;
  }
}
