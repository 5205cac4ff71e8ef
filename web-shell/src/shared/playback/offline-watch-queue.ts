import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import { isNetworkFailure } from '../hooks/use-online';
import type { WatchReportBody } from './watch-tracker';

/**
 * Watch reports made without network (a lesson played from its offline copy, issue 28) wait here, in
 * IndexedDB, until the network returns; they then go through the same request as any report
 * (PUT …/position), where the server's own rules count a day's watching once.
 */

export type WatchTarget = { kind: 'content'; id: string } | { kind: 'lesson'; courseId: string; lessonId: number };

interface QueuedReport {
  /** The user who watched: a report is never sent in another user's session. */
  owner: string;
  target: WatchTarget;
  report: WatchReportBody;
}

let defaultStore: UseStore | null = null;
const store = (): UseStore => (defaultStore ??= createStore('clima-relatorios-offline', 'relatorios'));

let sequence = 0;

/** Keeps a report that could not be sent for want of network. */
async function queueWatchReport(owner: string, target: WatchTarget, report: WatchReportBody): Promise<void> {
  sequence += 1;
  await set(`${Date.now().toString(36).padStart(10, '0')}-${sequence}`, { owner, target, report } satisfies QueuedReport, store());
}

/**
 * Wraps a report's request: when it fails for want of network (and an owner is known), the report is queued
 * and counts as handled; any other failure is the caller's.
 */
export async function sendOrQueue<T>(owner: string | undefined, target: WatchTarget, report: WatchReportBody, send: () => Promise<T>): Promise<T | null> {
  try {
    return await send();
  } catch (err) {
    if (owner === undefined || !(isNetworkFailure(err) || !navigator.onLine)) throw err;
    await queueWatchReport(owner, target, report);
    return null;
  }
}

let flushing: Promise<number> | null = null;

/**
 * Sends the queued reports of `owner`, oldest first; returns how many went. It stops at the first one that
 * finds no network (the rest wait for the next time); one the server refuses is dropped (the content or
 * lesson is gone, the access ended); another user's reports are dropped.
 */
export function flushWatchReports(owner: string, send: (target: WatchTarget, report: WatchReportBody) => Promise<unknown>): Promise<number> {
  flushing ??= (async () => {
    let sent = 0;
    try {
      const queued = (await entries<string, QueuedReport>(store())).sort(([a], [b]) => a.localeCompare(b));
      for (const [key, item] of queued) {
        if (item.owner === owner) {
          try {
            await send(item.target, item.report);
            sent += 1;
          } catch (err) {
            if (isNetworkFailure(err)) break;
          }
        }
        await del(key, store());
      }
    } finally {
      flushing = null;
    }
    return sent;
  })();
  return flushing;
}
