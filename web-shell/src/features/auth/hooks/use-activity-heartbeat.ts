import { useEffect } from 'react';
import { sendHeartbeat } from '../api/auth-api';

export const HEARTBEAT_INTERVAL_MS = 30_000;
export const ACTIVITY_WINDOW_MS = 120_000;
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'click'] as const;

/**
 * While `enabled` (a user is signed in), sends a heartbeat every 30 s, but only when the user was
 * active (mouse, keyboard, scroll, touch, click) within the last 120 s (spec section 9).
 */
export function useActivityHeartbeat(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let lastActivity = Date.now();
    const markActive = () => {
      lastActivity = Date.now();
    };
    for (const event of ACTIVITY_EVENTS) {
      window.addEventListener(event, markActive, { passive: true, capture: true });
    }
    const timer = window.setInterval(() => {
      if (Date.now() - lastActivity <= ACTIVITY_WINDOW_MS) void sendHeartbeat();
    }, HEARTBEAT_INTERVAL_MS);
    return () => {
      window.clearInterval(timer);
      for (const event of ACTIVITY_EVENTS) {
        window.removeEventListener(event, markActive, { capture: true });
      }
    };
  }, [enabled]);
}
