import { useSyncExternalStore } from 'react';

/**
 * Whether a video is playing on the page right now (any player: uploaded, YouTube, Vimeo). Players call
 * `setPlaybackActive(id, playing)`; the rest of the app reads it — `usePlaybackActivity()` in a component,
 * `isPlaybackActive()` in a timer — to tell that the user is really learning, not only on the page.
 */
const playing = new Set<string>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Called by a player on play, pause, end and unmount; `id` is unique per mounted player. */
export function setPlaybackActive(id: string, active: boolean): void {
  const had = playing.has(id);
  if (active === had) return;
  if (active) playing.add(id);
  else playing.delete(id);
  emit();
}

/** True while at least one player is playing. */
export function isPlaybackActive(): boolean {
  return playing.size > 0;
}

/** Calls `listener` whenever playback starts or stops; returns the unsubscribe function. */
export function subscribePlaybackActivity(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders with true while a video is playing on the page. */
export function usePlaybackActivity(): boolean {
  return useSyncExternalStore(subscribePlaybackActivity, isPlaybackActive, () => false);
}
