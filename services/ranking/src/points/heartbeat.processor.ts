import { Injectable } from '@nestjs/common';
import { ActivityHooks, ActivityResult, ActivityService } from '../activity/activity.service';
import { HeartbeatJobData } from '../heartbeat/heartbeat.queue';
import { LeaderboardService } from '../leaderboard/leaderboard.service';

/** A job as the processor needs it: its data, and whether it ran before (a retry or a stalled job taken over). */
export interface HeartbeatJobLike {
  data: HeartbeatJobData;
  attemptsMade?: number;
  stalledCounter?: number;
}

/** Applies one heartbeat job: points in Postgres first, then the board. */
@Injectable()
export class HeartbeatProcessor {
  constructor(
    private readonly activity: ActivityService,
    private readonly board: LeaderboardService,
  ) {}

  async process(job: HeartbeatJobLike, hooks?: ActivityHooks): Promise<ActivityResult> {
    const { userId, at, email, name } = job.data;
    const when = new Date(at);
    if (!userId || Number.isNaN(when.getTime())) throw new Error(`heartbeat job with bad data: ${JSON.stringify(job.data)}`);
    const result = await this.activity.applyHeartbeat(userId, when, email !== undefined ? { email, name: name ?? null } : undefined, hooks);
    // a job that ran before may have committed and died before touching the board: sync it even without new points
    const ranBefore = (job.attemptsMade ?? 0) > 0 || (job.stalledCounter ?? 0) > 0;
    if (result.points > 0 || ranBefore) await this.board.sync([userId]);
    return result;
  }
}
