import { useEffect, useRef } from 'react';
import { useLocation } from '@clima/router';
import { messages } from '../i18n/messages';

/** The service worker vite.config.ts (VitePWA, `filename`) generates, for the whole site. */
const SERVICE_WORKER_URL = '/sw.js';

/** Registration waits for an idle moment after the load, at most this long. */
const REGISTER_TIMEOUT_MS = 5_000;

/** Set once a new build's service worker has taken over this page (the page still runs the old build). */
let newBuildActive = false;

/**
 * Registers the service worker in production builds only, once the page has loaded and gone idle, so
 * that precaching does not compete with the first screen. The worker activates at once and claims open pages
 * (`skipWaiting`, `clientsClaim`): the first time, that only makes the page work offline; when a page that
 * already had a worker gets a new one, a new build was deployed, and the page reloads at its next
 * navigation (useReloadOnNavigationAfterUpdate), never under the user's feet (a video, a form).
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  let controlled = sw.controller !== null;
  sw.addEventListener('controllerchange', () => {
    if (controlled) newBuildActive = true;
    controlled = true;
  });
  const register = () => {
    sw.register(SERVICE_WORKER_URL, { scope: '/' }).catch((err: unknown) => console.error(messages.logs.serviceWorker, err));
  };
  // after the load, when the main thread is idle: the first screen's own chunk and data come after the
  // load event, and installing means downloading every chunk of the build
  // (Safari has no requestIdleCallback: a short wait instead)
  const whenIdle = () =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(register, { timeout: REGISTER_TIMEOUT_MS }) : setTimeout(register, 1_000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** After a new build took over, the first change of route becomes a full load of that route. */
export function useReloadOnNavigationAfterUpdate(): void {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (newBuildActive && pathname !== first.current) window.location.reload();
  }, [pathname]);
}
