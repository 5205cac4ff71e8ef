/** The ranking's own BullMQ queues. */
export enum RankingQueue {
  Heartbeats = 'ranking-heartbeats',
}

export enum HeartbeatJobName {
  Heartbeat = 'heartbeat',
}

/** One heartbeat of a signed-in user; `at` is when the HTTP process received it (ISO 8601). */
export interface HeartbeatJobData {
  userId: string;
  at: string;
  /** From the gateway's identity headers: shown on the board until the auth service's user.upserted arrives. */
  email?: string;
  name?: string | null;
}

export const HEARTBEAT_JOB_OPTIONS = {
  attempts: 10,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;
