import type { LearningActivity } from '@clima/contract';

/** The ranking's own BullMQ queues. */
export enum RankingQueue {
  Heartbeats = 'ranking-heartbeats',
  Maintenance = 'ranking-maintenance',
}

export enum HeartbeatJobName {
  /** A batch of heartbeats gathered by one HTTP process (the only kind queued now). */
  Batch = 'batch',
  /** One heartbeat, as queued before batches existed (still understood, so a queue left from then drains). */
  Heartbeat = 'heartbeat',
}

/** One heartbeat of a signed-in user; `at` is when the HTTP process received it (epoch ms or ISO 8601). */
export interface HeartbeatJobData {
  userId: string;
  at: number | string;
  /** What the client said the user was doing; absent in heartbeats queued before the learning rules. */
  activity?: LearningActivity | null;
  visible?: boolean;
  /** From the gateway's identity: shown on the board until the auth service's user.upserted arrives. */
  email?: string;
  name?: string | null;
}

/** A batch job: its id (the job id) is the batch's idempotency key. */
export interface HeartbeatBatchData {
  heartbeats: HeartbeatJobData[];
}

export const HEARTBEAT_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;
