import { loadConfig } from '@clima/common';
import { z } from 'zod';

/** The ranking service's environment, validated once at boot. */
export const rankingEnv = {
  /** Heartbeat jobs processed at once by one worker process. */
  RANKING_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  /** Heartbeats of one user closer together than this are answered but not queued (0 queues all). */
  RANKING_HEARTBEAT_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  /** How long a worker may hold a job before it counts as stalled (its process died) and is handed out again, in ms. */
  RANKING_WORKER_LOCK_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /** How often the HTTP process refreshes the queue gauges, in ms. */
  RANKING_QUEUE_METRICS_INTERVAL_MS: z.coerce.number().int().min(500).max(600_000).default(5_000),
};

export type RankingConfig = ReturnType<typeof loadRankingConfig>;
export const loadRankingConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig('ranking', rankingEnv, env);
