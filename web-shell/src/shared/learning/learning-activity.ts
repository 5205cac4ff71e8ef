import { useEffect } from 'react';
import type { LearningActivity } from '@clima/contract/ranking';
import { isPlaybackActive } from '../playback/playback-activity';

/**
 * What the user is studying right now, as the ranking's heartbeat tells the server (only study earns points).
 * A video is known by itself: any player that reports playback (`setPlaybackActive`), or any <video> element
 * playing. A lesson or a manual open on the screen is declared by the page that shows it, with
 * `useLearningActivity('lesson' | 'manual', open)` (or `claimLearningActivity` outside React).
 */
const claims = new Map<symbol, Exclude<LearningActivity, 'video'>>();

/** Declares a lesson or manual shown until the returned function is called. */
export function claimLearningActivity(kind: Exclude<LearningActivity, 'video'>): () => void {
  const key = Symbol(kind);
  claims.set(key, kind);
  return () => {
    claims.delete(key);
  };
}

/** Declares, while the component is mounted and `active` is true, that a lesson or a manual is on the screen. */
export function useLearningActivity(kind: Exclude<LearningActivity, 'video'>, active = true): void {
  useEffect(() => (active ? claimLearningActivity(kind) : undefined), [kind, active]);
}

function videoPlaying(): boolean {
  if (isPlaybackActive()) return true;
  for (const v of document.querySelectorAll('video')) if (!v.paused && !v.ended && v.readyState > 2) return true;
  return false;
}

/** A video playing first (it counts even on a hidden tab), then a lesson, then a manual; null when nothing is studied. */
export function currentLearningActivity(): LearningActivity | null {
  if (videoPlaying()) return 'video';
  const kinds = new Set(claims.values());
  if (kinds.has('lesson')) return 'lesson';
  if (kinds.has('manual')) return 'manual';
  return null;
}
