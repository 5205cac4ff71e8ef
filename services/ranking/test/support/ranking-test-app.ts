import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServiceApp, EventBus, signedIdentityHeaders } from '@clima/common';
import type { LearningActivity } from '@clima/contract';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ActivityService } from '../../src/activity/activity.service';
import { AppModule } from '../../src/app.module';
import { loadRankingConfig, RankingConfig } from '../../src/config';
import { HeartbeatProducer } from '../../src/heartbeat/heartbeat.producer';
import { LeaderboardService } from '../../src/leaderboard/leaderboard.service';
import { RankingService } from '../../src/ranking/ranking.service';
import { StatsService } from '../../src/stats/stats.service';
import { HeartbeatProcessor } from '../../src/points/heartbeat.processor';
import { RankingWorkers, startRankingWorkers } from '../../src/points/ranking-workers';
import { WeeklyService } from '../../src/weekly/weekly.service';
import { MaintenanceJobs } from '../../src/maintenance/maintenance-jobs';

export interface RankingTestApp {
  app: NestFastifyApplication;
  config: RankingConfig;
  /** Absent when started with `workers: false`. */
  workers: RankingWorkers;
  ds: DataSource;
  activity: ActivityService;
  board: LeaderboardService;
  processor: HeartbeatProcessor;
  producer: HeartbeatProducer;
  ranking: RankingService;
  stats: StatsService;
  weekly: WeeklyService;
  maintenance: MaintenanceJobs;
  bus: EventBus;
  close(): Promise<void>;
}

/**
 * The HTTP app plus the worker started in-process with the worker's own bootstrap function.
 * `keyNamespace` gives the app its own Redis keys and queues (the database stays shared), for specs that
 * reshape the board or kill workers without disturbing the other spec files running in parallel.
 */
export async function startRankingTestApp(opts: { keyNamespace?: string; env?: Record<string, string>; rpc?: boolean; workers?: boolean } = {}): Promise<RankingTestApp> {
  // the specs replay histories of up to a few weeks ago: the window of study detail is opened that far; the
  // scheduled maintenance (it closes the recent weeks of the shared database) runs only where a spec asks
  const env = { ...process.env, RANKING_DETAIL_RETENTION_DAYS: '40', RANKING_MAINTENANCE_EVERY_MINUTES: '0', ...opts.env };
  if (opts.keyNamespace) env.KEY_PREFIX = `${process.env.KEY_PREFIX}_${opts.keyNamespace}`;
  const config = loadRankingConfig(env);
  const app = await createServiceApp(AppModule.forRoot(config), config, { rpc: opts.rpc ?? false });
  if (opts.rpc) await app.startAllMicroservices();
  const workers = opts.workers === false ? { heartbeats: undefined as never, events: undefined as never, close: async () => undefined } : await startRankingWorkers(app);
  return {
    app,
    config,
    workers,
    ds: app.get(DataSource),
    activity: app.get(ActivityService),
    board: app.get(LeaderboardService),
    processor: app.get(HeartbeatProcessor),
    producer: app.get(HeartbeatProducer),
    ranking: app.get(RankingService),
    stats: app.get(StatsService),
    weekly: app.get(WeeklyService),
    maintenance: app.get(MaintenanceJobs),
    bus: app.get(EventBus),
    close: async () => {
      await workers.close();
      await app.close();
    },
  };
}

/** A fresh user id per call (spec files share the database). */
export const newUserId = (label = 'u') => `email_${label}_${randomUUID().slice(0, 12)}`;

/** The headers the gateway sends for a signed-in user. */
export function userHeaders(id: string, name: string | null = 'Técnico Teste'): Record<string, string> {
  return signedIdentityHeaders({ user: { id, email: `${id}@teste.com.br`, name, subscriptionStatus: 'inactive', isAdmin: false }, admin: null });
}

/** Polls until the check passes (the worker runs asynchronously); fails with the last error after the deadline. */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** A heartbeat job (one heartbeat) at an explicit instant; by default of someone watching a video. */
export const hb = (userId: string, at: string | Date, activity: LearningActivity | null = 'video', visible = true) => ({
  data: { userId, at: new Date(at).toISOString(), activity, visible },
});

/** A batch job as the HTTP process queues it (its id is the batch's key). */
export const batchJob = (id: string, heartbeats: { userId: string; at: string | Date; activity?: LearningActivity | null; visible?: boolean }[]) => ({
  id,
  name: 'batch',
  data: { heartbeats: heartbeats.map((h) => ({ activity: 'video' as const, visible: true, ...h, at: new Date(h.at).getTime() })) },
});

/** An instant `days` days before today (São Paulo), at a UTC time of day ('13:00:10'). */
export function daysAgo(days: number, utcTime: string): Date {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const d = new Date(`${today}T${utcTime}Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d;
}

/** The user's stored totals. */
export async function totals(ds: DataSource, userId: string) {
  const [row] = await ds.query(
    `SELECT points, total_logins, online_seconds::int AS online_seconds, longest_streak_days, last_run_days, to_char(last_active_day, 'YYYY-MM-DD') AS last_active_day
       FROM ranking.user_stats WHERE user_id = $1`,
    [userId],
  );
  return row as { points: number; total_logins: number; online_seconds: number; longest_streak_days: number; last_run_days: number; last_active_day: string } | undefined;
}

/** The user's study and award rows of one São Paulo day. */
export async function dayRow(ds: DataSource, userId: string, day: string) {
  const [row] = await ds.query(
    `SELECT source, learning_seconds, online_points, sessions, learning_spans::text AS spans FROM ranking.active_days WHERE user_id = $1 AND day = $2`,
    [userId, day],
  );
  return row as { source: string; learning_seconds: number; online_points: number; sessions: number; spans: string | null } | undefined;
}
