import type { INestApplicationContext } from '@nestjs/common';
import { bullConnection, CONFIG, jobLag, rootLogger, startEventWorker } from '@clima/common';
import { Job, Worker } from 'bullmq';
import { ActivityService } from '../activity/activity.service';
import type { RankingConfig } from '../config';
import { HeartbeatJobData, RankingQueue } from '../heartbeat/heartbeat.queue';
import { LeaderboardService } from '../leaderboard/leaderboard.service';
import { rankingEventHandlers } from './event-handlers';
import { HeartbeatProcessor } from './heartbeat.processor';

export interface RankingWorkers {
  heartbeats: Worker<HeartbeatJobData>;
  events: Worker;
  close(): Promise<void>;
}

/**
 * Starts the ranking's consumers in this process: the board is rebuilt from Postgres, then heartbeat jobs
 * and the auth service's events are consumed. The worker entry point calls this; tests call it too.
 */
export async function startRankingWorkers(app: INestApplicationContext): Promise<RankingWorkers> {
  const config = app.get<RankingConfig>(CONFIG);
  const logger = rootLogger();
  const board = app.get(LeaderboardService);
  const activity = app.get(ActivityService);
  const processor = app.get(HeartbeatProcessor);

  await board.rebuild();

  const heartbeats = new Worker<HeartbeatJobData>(
    RankingQueue.Heartbeats,
    async (job: Job<HeartbeatJobData>) => {
      jobLag.observe({ queue: RankingQueue.Heartbeats }, Math.max(0, (Date.now() - job.timestamp) / 1000));
      await processor.process(job);
    },
    {
      connection: bullConnection(config.REDIS_URL),
      prefix: config.KEY_PREFIX,
      concurrency: config.RANKING_WORKER_CONCURRENCY,
      lockDuration: config.RANKING_WORKER_LOCK_MS,
      stalledInterval: config.RANKING_WORKER_LOCK_MS,
      // a job taken over from a dead worker is safe to run again: every award is idempotent
      maxStalledCount: 5,
    },
  );
  heartbeats.on('failed', (job, err) => logger.warn({ err, userId: job?.data.userId, attempts: job?.attemptsMade }, 'heartbeat failed'));
  heartbeats.on('error', (err) => logger.warn({ err }, 'heartbeat worker error'));
  const events = startEventWorker('ranking', rankingEventHandlers(activity, board), {
    redisUrl: config.REDIS_URL,
    prefix: config.KEY_PREFIX,
    logger,
  });
  await Promise.all([heartbeats.waitUntilReady(), events.waitUntilReady()]);
  logger.info({ concurrency: config.RANKING_WORKER_CONCURRENCY }, 'ranking workers started');

  return {
    heartbeats,
    events,
    close: async () => {
      await Promise.all([heartbeats.close(), events.close()]);
    },
  };
}
