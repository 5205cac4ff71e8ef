import { PLAYER } from './video';

/**
 * The rules of watch positions, without zod (the players import them): constants and the interval
 * arithmetic shared by both services and the web.
 *
 * Where a user stopped in a video and how much of it they really watched (contents and lessons).
 * The player reports `{ position, duration, watched }` every WATCH_REPORT_SECONDS while playing, on
 * pause, on leaving the page and on closing the tab; `watched` holds the stretches actually played
 * since its last report. The server keeps the union of every stretch (merged intervals), so seeking
 * adds nothing and replaying the same minute counts it once.
 */

/** How often the player reports while playing, in seconds. */
export const WATCH_REPORT_SECONDS = 10;
/** The longest video a report may describe (100 hours). */
export const MAX_WATCH_SECONDS = 100 * 3600;
/** Stretches one report may carry. */
export const MAX_WATCH_INTERVALS = 50;
/** Players report a hair past the end: up to this many seconds over the duration is clamped, more is refused. */
export const WATCH_EDGE_TOLERANCE = 1;
/** Gaps shorter than this between two stretches are joined (report boundaries, timer granularity). */
export const WATCH_JOIN_GAP = 0.5;
/** Merged stretches kept per user and video; beyond it the closest ones are joined. */
export const MAX_STORED_INTERVALS = 1000;
/**
 * Coverage is never credited faster than the video could have been played: since a user's first
 * report on a video, at most the elapsed time at the player's fastest speed plus this allowance
 * (what the first report carries, clocks, a report that arrives late).
 */
export const WATCH_CREDIT_GRACE_SECONDS = 60;
export const WATCH_MAX_RATE = Math.max(...PLAYER.speeds);
/** Positions under this many seconds are not worth resuming. */
export const RESUME_MIN_SECONDS = 5;
/** 'Continuar assistindo' lists at most this many videos. */
export const CONTINUE_LIMIT = 12;

export type WatchInterval = [number, number];

/** Rounds seconds to hundredths (what is stored). */
export function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

/** Sorted, non-overlapping stretches; gaps under WATCH_JOIN_GAP are joined; at most MAX_STORED_INTERVALS. */
export function mergeIntervals(list: readonly WatchInterval[]): WatchInterval[] {
  const sorted = list.filter(([s, e]) => e > s).map(([s, e]): WatchInterval => [s, e]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: WatchInterval[] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1] + WATCH_JOIN_GAP) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  while (out.length > MAX_STORED_INTERVALS) {
    let at = 1;
    for (let i = 2; i < out.length; i++) if (out[i]![0] - out[i - 1]![1] < out[at]![0] - out[at - 1]![1]) at = i;
    out[at - 1]![1] = out[at]![1];
    out.splice(at, 1);
  }
  return out;
}

/** Seconds covered by merged stretches inside [0, duration]. */
export function coveredSeconds(merged: readonly WatchInterval[], duration: number): number {
  let total = 0;
  for (const [s, e] of merged) total += Math.max(0, Math.min(e, duration) - Math.max(0, s));
  return total;
}

/** The watched share of a video from its covered seconds, 0..1 (rounded down to 3 decimals, so 0.9 shows only once reached). */
export function fractionOf(covered: number, duration: number): number {
  if (!(duration > 0) || !(covered > 0)) return 0;
  return Math.floor(Math.min(1, covered / duration) * 1000 + 1e-9) / 1000;
}

/** Parts of [s, e] that `merged` does not cover yet. */
function uncovered(merged: readonly WatchInterval[], [s, e]: WatchInterval): WatchInterval[] {
  const out: WatchInterval[] = [];
  let from = s;
  for (const [a, b] of merged) {
    if (b <= from) continue;
    if (a >= e) break;
    if (a > from) out.push([from, Math.min(a, e)]);
    from = Math.max(from, b);
    if (from >= e) break;
  }
  if (from < e) out.push([from, e]);
  return out;
}

/**
 * Adds the reported stretches to what was already watched, crediting at most `allowance` seconds of
 * new coverage (earlier stretches first): a report cannot claim more than could have been played.
 */
export function creditWatched(stored: readonly WatchInterval[], reported: readonly WatchInterval[], allowance: number): WatchInterval[] {
  let merged = mergeIntervals(stored);
  let left = Math.max(0, allowance);
  for (const stretch of [...reported].sort((a, b) => a[0] - b[0])) {
    for (const [a, b] of uncovered(merged, stretch)) {
      if (left <= 0) return merged;
      const end = Math.min(b, a + left);
      left -= end - a;
      merged = mergeIntervals([...merged, [a, end]]);
    }
  }
  return merged;
}

/**
 * New coverage a report may add: what could have been played since the first report on this video
 * (`secondsSinceFirstReport`, 0 for the first report) at the fastest speed, plus the grace, less what
 * is already covered. Honest playback never reaches it; a forged report cannot go faster than it.
 */
export function creditAllowance(secondsSinceFirstReport: number, alreadyCovered: number): number {
  return Math.max(0, Math.max(0, secondsSinceFirstReport) * WATCH_MAX_RATE + WATCH_CREDIT_GRACE_SECONDS - alreadyCovered);
}

/** How close to the end counts as finished: 5% of the video, at least 5 s and at most 30 s. */
export function endMargin(duration: number): number {
  return Math.min(30, Math.max(5, duration * 0.05));
}

/** Whether a saved position is worth offering ('Continuar de 12:34'): past the first seconds and not at the end. */
export function isResumable(position: number, duration: number): boolean {
  return position >= RESUME_MIN_SECONDS && duration - position > endMargin(duration);
}
