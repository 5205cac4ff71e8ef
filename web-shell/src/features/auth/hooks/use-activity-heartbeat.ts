import { useEffect } from 'react';
import type { LearningActivity } from '@clima/contract/ranking';
import { currentLearningActivity } from '../../../shared/learning/learning-activity';
import { sendHeartbeat } from '../api/auth-api';

export const HEARTBEAT_INTERVAL_MS = 30_000;
export const ACTIVITY_WINDOW_MS = 120_000;
/** How often what the user does is looked at between two heartbeats. */
export const SAMPLE_MS = 5_000;
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'click'] as const;
const RANK: Record<LearningActivity, number> = { video: 3, lesson: 2, manual: 1 };

/**
 * While `enabled` (a user is signed in), tells the ranking every 30 s what the user studied since the last
 * heartbeat: `{ activity, visible }`. Only study earns points (services/ranking/README.md): a video playing
 * (even on a hidden tab), or a lesson or a manual on the visible page of someone who used the mouse,
 * keyboard or touch within the last 120 s (spec section 9). When nothing was studied no heartbeat is sent:
 * it would earn nothing.
 */
export function useActivityHeartbeat(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let lastInteraction = Date.now();
    /** The most telling study seen since the last heartbeat, and whether its page was visible then. */
    let studied: { activity: LearningActivity; visible: boolean } | null = null;
    const markActive = () => {
      lastInteraction = Date.now();
    };
    const sample = () => {
      const now = currentLearningActivity();
      const visible = document.visibilityState === 'visible';
      // a lesson or a manual counts only on a visible page someone is using
      const counts = now === 'video' || (now !== null && visible && Date.now() - lastInteraction <= ACTIVITY_WINDOW_MS);
      if (counts && (studied === null || RANK[now] > RANK[studied.activity])) studied = { activity: now, visible };
    };
    for (const event of ACTIVITY_EVENTS) {
      window.addEventListener(event, markActive, { passive: true, capture: true });
    }
    const sampler = window.setInterval(sample, SAMPLE_MS);
    const timer = window.setInterval(() => {
      sample();
      const seen = studied;
      studied = null;
      if (seen) void sendHeartbeat(seen);
    }, HEARTBEAT_INTERVAL_MS);
    return () => {
      window.clearInterval(sampler);
      window.clearInterval(timer);
      for (const event of ACTIVITY_EVENTS) {
        window.removeEventListener(event, markActive, { capture: true });
      }
    };
  }, [enabled]);
}
