import { loadConfig } from '@clima/common';
import { z } from 'zod';

/** The ranking service's environment, validated once at boot. */
export const rankingEnv = {
  /** Heartbeat batches (jobs) one worker process holds at once; those waiting while a transaction commits are applied together in the next. */
  RANKING_WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(16),
  /** Heartbeats of one user closer together than this are answered but not queued (0 queues all). */
  RANKING_HEARTBEAT_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  /** How long the HTTP process gathers heartbeats into one queued batch before it queues it, in ms. */
  RANKING_HEARTBEAT_BATCH_MS: z.coerce.number().int().min(0).max(1_000).default(15),
  /** Most heartbeats in one queued batch (a full batch is queued at once). */
  RANKING_HEARTBEAT_BATCH_MAX: z.coerce.number().int().min(1).max(10_000).default(1_000),
  /** Study points (one a minute) one user can earn in one São Paulo day. */
  RANKING_DAILY_ONLINE_POINTS_CAP: z.coerce.number().int().min(0).max(1_440).default(120),
  /**
   * Days the detail behind the points is kept: the stretches of study time of each day (then only the day's
   * totals stay) and the keys of applied batches. Heartbeats older than this earn nothing when they arrive.
   */
  RANKING_DETAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(60).default(3),
  /** How often the maintenance job runs (closes finished weeks, applies the retention), in minutes; 0: never (run it otherwise). */
  RANKING_MAINTENANCE_EVERY_MINUTES: z.coerce.number().int().min(0).max(1_440).default(10),
  /** How long a worker may hold a job before it counts as stalled (its process died) and is handed out again, in ms. */
  RANKING_WORKER_LOCK_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /** How often the HTTP process refreshes the queue gauges, in ms. */
  RANKING_QUEUE_METRICS_INTERVAL_MS: z.coerce.number().int().min(500).max(600_000).default(5_000),
  /** The demo rows of the demo users (auth's 'email_1' …) go in only where auth creates those users: SEED_DEMO_USERS, else outside production. */
  SEED_DEMO_USERS: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1' || v === 'yes')),
};

export type RankingConfig = ReturnType<typeof loadRankingConfig>;
export const loadRankingConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig('ranking', rankingEnv, env);
