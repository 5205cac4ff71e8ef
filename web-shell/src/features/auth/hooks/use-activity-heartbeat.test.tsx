import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPlaybackActive } from '../../../shared/playback/playback-activity';
import { claimLearningActivity } from '../../../shared/learning/learning-activity';
import { HEARTBEAT_INTERVAL_MS, useActivityHeartbeat } from './use-activity-heartbeat';

function Heartbeat() {
  useActivityHeartbeat(true);
  return null;
}

let sent: unknown[];
let visibility: DocumentVisibilityState;

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/users/session/heartbeat') sent.push(JSON.parse(String(init?.body)));
      return new Response('{"ok":true}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  setPlaybackActive('test-player', false);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const interval = async (n = 1) => {
  for (let i = 0; i < n; i++) await act(() => vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS));
};

describe('the ranking heartbeat tells what the user studies', () => {
  it('sends nothing while nothing is studied, even when the user moves the mouse', async () => {
    render(<Heartbeat />);
    window.dispatchEvent(new MouseEvent('mousemove'));
    await interval(2);
    expect(sent).toEqual([]);
  });

  it('a video playing counts, on a hidden tab too', async () => {
    render(<Heartbeat />);
    setPlaybackActive('test-player', true);
    await interval();
    visibility = 'hidden';
    await interval();
    expect(sent).toEqual([
      { activity: 'video', visible: true },
      { activity: 'video', visible: false },
    ]);
  });

  it('a video that played during the interval counts even if paused when the heartbeat leaves', async () => {
    render(<Heartbeat />);
    setPlaybackActive('test-player', true);
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    setPlaybackActive('test-player', false);
    await act(() => vi.advanceTimersByTimeAsync(HEARTBEAT_INTERVAL_MS - 12_000));
    await interval();
    expect(sent).toEqual([{ activity: 'video', visible: true }]);
  });

  it('a manual or a lesson counts on a visible page of someone using it, not on a hidden or abandoned one', async () => {
    render(<Heartbeat />);
    const release = claimLearningActivity('manual');
    window.dispatchEvent(new KeyboardEvent('keydown'));
    await interval();
    expect(sent).toEqual([{ activity: 'manual', visible: true }]);
    const lesson = claimLearningActivity('lesson');
    window.dispatchEvent(new Event('scroll'));
    await interval();
    expect(sent.at(-1)).toEqual({ activity: 'lesson', visible: true });
    // the tab goes to the background for two minutes: nothing
    visibility = 'hidden';
    await interval(4);
    expect(sent).toHaveLength(2);
    // back, but nobody has touched it for more than 120 s: nothing
    visibility = 'visible';
    await interval();
    expect(sent).toHaveLength(2);
    // a touch, and it counts again
    window.dispatchEvent(new Event('touchstart'));
    await interval();
    expect(sent).toHaveLength(3);
    lesson();
    release();
  });
});
