import { createHash } from 'node:crypto';

/** The manuals service's own BullMQ queue: reading the text of uploaded PDFs. */
export enum ManualsQueue {
  Text = 'manuals-text',
}

export enum ManualTextJob {
  /** Read one manual's PDF and index its pages. */
  Index = 'index',
  /** Queue an Index job for every manual whose text is still pending (at start and every few minutes). */
  Sweep = 'sweep',
}

/** The manual and the file the job reads: a job for a file the manual no longer has changes nothing. */
export interface IndexJobData {
  manualId: number;
  fileUrl: string;
}

export type ManualTextJobData = IndexJobData | Record<string, never>;

/** Retries with backoff (2 s, 4 s, 8 s, 16 s) for a storage or database hiccup; an unreadable PDF fails at once. */
export const INDEX_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

export const SWEEP_SCHEDULER_ID = 'manuals-text-sweep';
export const SWEEP_JOB_OPTIONS = { removeOnComplete: { count: 20 }, removeOnFail: { count: 50 } } as const;

/** One job per manual and file: queueing the same pair again while it waits is a no-op. */
export const indexJobId = (manualId: number, fileUrl: string) => `index-${manualId}-${createHash('sha1').update(fileUrl).digest('hex').slice(0, 16)}`;
