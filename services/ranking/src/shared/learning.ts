import type { LearningActivity } from '@clima/contract';

/**
 * Whether a heartbeat earns study time: a video playing (visible or not), or a lesson or manual open on a
 * visible page. Without an activity (older clients, a tab left open on any other page) it earns nothing.
 */
export function heartbeatEarns(h: { activity?: LearningActivity | null; visible?: boolean }): boolean {
  if (h.activity === 'video') return true;
  return (h.activity === 'lesson' || h.activity === 'manual') && h.visible === true;
}
