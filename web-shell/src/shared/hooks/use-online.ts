import { useSyncExternalStore } from 'react';

/**
 * Whether the app can reach the server, for every feature (offline lists, disabled actions, the banner):
 * the browser's own signal (`navigator.onLine` and its `online`/`offline` events), and also false after a
 * request failed for want of network while the browser still claims a connection (a phone showing one
 * bar and carrying no data), until a request gets through or the browser reports `online` again.
 */
let unreachable = false;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function onOnline(): void {
  unreachable = false;
  emit();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', emit);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', emit);
    }
  };
}

export function isOnline(): boolean {
  return navigator.onLine && !unreachable;
}

/** A request found no network (see isNetworkFailure): the app counts as offline until one gets through. */
export function reportUnreachable(): void {
  if (unreachable) return;
  unreachable = true;
  emit();
}

/** A request got an answer from the server. */
export function reportReachable(): void {
  if (!unreachable) return;
  unreachable = false;
  emit();
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/**
 * Whether a failed request failed for want of network rather than because the server refused it: fetch
 * rejects with a TypeError when nothing answers, a timeout aborts it (TimeoutError), and an answer that is
 * not the API's JSON (a captive portal's page) does not parse. A server's own error (ApiError) is an
 * answer, not this.
 */
export function isNetworkFailure(err: unknown): boolean {
  if (err instanceof TypeError || err instanceof SyntaxError) return true;
  return err instanceof DOMException && err.name === 'TimeoutError';
}
