import { Injectable } from '@nestjs/common';
import { ActivityHooks, ActivityService, HeartbeatBatch, StudyHeartbeat } from '../activity/activity.service';
import { HeartbeatBatchData, HeartbeatJobData, HeartbeatJobName } from '../heartbeat/heartbeat.queue';
import { LeaderboardService } from '../leaderboard/leaderboard.service';
import { heartbeatEarns } from '../shared/learning';

/** A job as the processor needs it: its key, its data, and whether it ran before (a retry or a stalled job taken over). */
export interface HeartbeatJobLike {
  id?: string;
  name?: string;
  data: HeartbeatBatchData | HeartbeatJobData;
  attemptsMade?: number;
  stalledCounter?: number;
}

/** What applying one job changed. */
export interface JobResult {
  /** Its key was already in the ledger: it had been applied whole before; nothing was added. */
  replayed: boolean;
  /** Points each of the job's users gained (with the other jobs applied in the same transaction). */
  points: Map<string, number>;
  users: string[];
}

function studyHeartbeat(h: HeartbeatJobData): StudyHeartbeat | null {
  const at = new Date(h.at);
  if (!h || typeof h.userId !== 'string' || !h.userId || Number.isNaN(at.getTime()) || !heartbeatEarns(h)) return null;
  return { userId: h.userId, at, ...(typeof h.email === 'string' ? { profile: { email: h.email, name: h.name ?? null } } : {}) };
}

function batchOf(job: HeartbeatJobLike): HeartbeatBatch {
  const single = job.name === HeartbeatJobName.Heartbeat || !('heartbeats' in job.data);
  const list = single ? [job.data as HeartbeatJobData] : (job.data as HeartbeatBatchData).heartbeats;
  if (!Array.isArray(list)) throw new Error(`heartbeat job ${job.id} without heartbeats`);
  // a single heartbeat of before batches has no key of its own: its ledgers alone make it idempotent
  return { key: single ? undefined : job.id, heartbeats: list.map(studyHeartbeat).filter((h): h is StudyHeartbeat => h !== null) };
}

/**
 * Applies heartbeat jobs: Postgres first, then the board. Several jobs (the consumer gathers those a worker holds
 * at the same moment) are applied together, in one transaction; every job keeps its own key.
 */
@Injectable()
export class HeartbeatProcessor {
  constructor(
    private readonly activity: ActivityService,
    private readonly board: LeaderboardService,
  ) {}

  /** Applies one job; `hooks` inject faults in tests. */
  async process(job: HeartbeatJobLike, hooks?: ActivityHooks): Promise<JobResult> {
    return (await this.processGroup([job], hooks))[0]!;
  }

  /** Applies jobs together, in one transaction; the results are in the jobs' order. */
  async processGroup(jobs: HeartbeatJobLike[], hooks?: ActivityHooks): Promise<JobResult[]> {
    const batches = jobs.map(batchOf);
    const result = await this.activity.applyHeartbeats(batches, hooks);
    // a job that ran before may have committed and died before touching the board: sync its users again
    const again = new Set<string>();
    jobs.forEach((job, i) => {
      const batch = batches[i]!;
      const ranBefore = (batch.key && result.replayed.has(batch.key)) || (job.attemptsMade ?? 0) > 0 || (job.stalledCounter ?? 0) > 0;
      if (ranBefore) for (const h of batch.heartbeats) again.add(h.userId);
    });
    // the standings the transaction committed: no second read
    await this.board.syncRows(result.standings);
    const resync = [...again];
    for (let i = 0; i < resync.length; i += 1000) await this.board.sync(resync.slice(i, i + 1000));
    return batches.map((batch) => {
      const users = [...new Set(batch.heartbeats.map((h) => h.userId))];
      const points = new Map<string, number>();
      for (const u of users) if (result.points.has(u)) points.set(u, result.points.get(u)!);
      return { replayed: !!batch.key && result.replayed.has(batch.key), points, users };
    });
  }
}
