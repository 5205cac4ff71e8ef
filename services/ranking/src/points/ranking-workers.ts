import { Inject, Injectable, INestApplicationContext, OnApplicationBootstrap, Provider } from '@nestjs/common';
import { CONFIG, EventConsumer, rootLogger } from '@clima/common';
import type { Worker } from 'bullmq';
import { ActivityService } from '../activity/activity.service';
import type { RankingConfig } from '../config';
import { rankingEventHandlers } from '../events/ranking-event-handlers';
import { LeaderboardService } from '../leaderboard/leaderboard.service';
import { MaintenanceJobs } from '../maintenance/maintenance-jobs';
import { RetentionRepository } from '../maintenance/retention.repository';
import { RetentionService } from '../maintenance/retention.service';
import { HeartbeatConsumer, HeartbeatJob } from './heartbeat-consumer';
import { HeartbeatProcessor } from './heartbeat.processor';

/** The running consumers of one process, as the tests see them. */
export interface RankingWorkers {
  heartbeats: Worker<HeartbeatJob>;
  events: Worker;
  close(): Promise<void>;
}

const START_ON_BOOT = Symbol('START_RANKING_WORKERS_ON_BOOT');

/**
 * The ranking's consumers: the board is rebuilt from Postgres first, then heartbeat batches, the other
 * services' events and the scheduled maintenance (weeks closed, retention) are consumed. The worker process
 * starts them on bootstrap; the HTTP process never does (points are only computed by the worker, whatever
 * WORKERS_IN_PROCESS says), but tests start them in it through `startRankingWorkers`.
 */
@Injectable()
export class RankingConsumers implements OnApplicationBootstrap, RankingWorkers {
  private running?: { heartbeats: Worker<HeartbeatJob>; events: Worker };

  constructor(
    @Inject(START_ON_BOOT) private readonly startOnBoot: boolean,
    @Inject(CONFIG) private readonly config: RankingConfig,
    private readonly board: LeaderboardService,
    private readonly heartbeatConsumer: HeartbeatConsumer,
    private readonly eventConsumer: EventConsumer,
    private readonly maintenance: MaintenanceJobs,
  ) {}

  /** Providers of the consumers; `startOnBoot` only in the worker process. */
  static providers(startOnBoot: boolean): Provider[] {
    return [
      HeartbeatProcessor,
      HeartbeatConsumer,
      RetentionRepository,
      RetentionService,
      MaintenanceJobs,
      // started here, after the board rebuild, never on its own
      ...EventConsumer.forService({ inject: [ActivityService, LeaderboardService], handlers: rankingEventHandlers, autoStart: false }),
      { provide: START_ON_BOOT, useValue: startOnBoot },
      RankingConsumers,
    ];
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.startOnBoot) await this.start();
  }

  async start(): Promise<void> {
    if (this.running) return;
    await this.board.rebuild();
    const running = { heartbeats: this.heartbeatConsumer.start(), events: this.eventConsumer.start() };
    const maintenance = await this.maintenance.start();
    await Promise.all([running.heartbeats.waitUntilReady(), running.events.waitUntilReady(), maintenance.waitUntilReady()]);
    this.running = running;
    rootLogger().info({ concurrency: this.config.RANKING_WORKER_CONCURRENCY }, 'ranking workers started');
  }

  get heartbeats(): Worker<HeartbeatJob> {
    return this.started().heartbeats;
  }

  get events(): Worker {
    return this.started().events;
  }

  async close(): Promise<void> {
    this.running = undefined;
    await Promise.all([this.heartbeatConsumer.onModuleDestroy(), this.eventConsumer.onModuleDestroy(), this.maintenance.onModuleDestroy()]);
  }

  private started(): { heartbeats: Worker<HeartbeatJob>; events: Worker } {
    if (!this.running) throw new Error('ranking workers not started');
    return this.running;
  }
}

/** Starts the consumers in an app built without them running (the tests' HTTP app). */
export async function startRankingWorkers(app: INestApplicationContext): Promise<RankingWorkers> {
  const consumers = app.get(RankingConsumers);
  await consumers.start();
  return consumers;
}
