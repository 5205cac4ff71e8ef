import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { bullConnection, CONFIG, rootLogger } from '@clima/common';
import { Queue, Worker } from 'bullmq';
import type { RankingConfig } from '../config';
import { RankingQueue } from '../heartbeat/heartbeat.queue';
import { LeaderboardService } from '../leaderboard/leaderboard.service';
import { WeeklyService } from '../weekly/weekly.service';
import { RetentionService } from './retention.service';

export const MAINTENANCE_SCHEDULER_ID = 'ranking-maintenance-every';
export enum MaintenanceJob {
  Run = 'maintenance',
}

const JOB_OPTIONS = { removeOnComplete: { count: 100 }, removeOnFail: { count: 500 }, attempts: 3, backoff: { type: 'exponential', delay: 5000 } } as const;

/**
 * The ranking's scheduled work, one BullMQ job scheduler for the whole deployment (the scheduler id makes every
 * worker process share it): close the finished weeks (their podium badges), then apply the retention.
 */
@Injectable()
export class MaintenanceJobs implements OnModuleDestroy {
  private queue?: Queue;
  private worker?: Worker;

  constructor(
    @Inject(CONFIG) private readonly config: RankingConfig,
    private readonly weekly: WeeklyService,
    private readonly retention: RetentionService,
    private readonly board: LeaderboardService,
  ) {}

  /** One run, as the scheduled job does it. */
  async run(now = new Date()) {
    const weeks = await this.weekly.closeFinishedWeeks(now);
    // a closed week gives its podium a badge, shown on the boards
    if (weeks.length) await this.board.changed();
    const retention = await this.retention.apply(now);
    return { weeksClosed: weeks.map((w) => w.week), ...retention };
  }

  /** Schedules the job (unless RANKING_MAINTENANCE_EVERY_MINUTES is 0) and starts consuming it (once). */
  async start(): Promise<Worker> {
    if (this.worker) return this.worker;
    const connection = { connection: bullConnection(this.config.REDIS_URL), prefix: this.config.KEY_PREFIX };
    this.queue = new Queue(RankingQueue.Maintenance, connection);
    const every = this.config.RANKING_MAINTENANCE_EVERY_MINUTES * 60_000;
    if (every > 0) await this.queue.upsertJobScheduler(MAINTENANCE_SCHEDULER_ID, { every }, { name: MaintenanceJob.Run, opts: JOB_OPTIONS });
    else await this.queue.removeJobScheduler(MAINTENANCE_SCHEDULER_ID);
    const log = rootLogger().child({ component: 'maintenance' });
    const worker = new Worker(RankingQueue.Maintenance, async (job) => (job.name === MaintenanceJob.Run ? this.run() : null), { ...connection, concurrency: 1 });
    worker.on('completed', (_job, result) => log.info({ result }, 'ranking maintenance done'));
    worker.on('failed', (job, err) => log.warn({ err, attempts: job?.attemptsMade }, 'ranking maintenance failed'));
    worker.on('error', (err) => log.warn({ err }, 'ranking maintenance worker error'));
    this.worker = worker;
    return worker;
  }

  async onModuleDestroy(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.close();
    await this.queue?.close();
    this.queue = undefined;
  }
}
