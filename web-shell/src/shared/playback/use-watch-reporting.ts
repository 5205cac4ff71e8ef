import { WATCH_REPORT_SECONDS } from '@clima/contract/watch-rules';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { setPlaybackActive } from './playback-activity';
import { type PlaybackSample, type WatchReportBody, WatchTracker } from './watch-tracker';

/**
 * Sends a report; `keepalive` when the page is going away (the request must outlive it). Resolves to
 * false when the report was not saved, so its stretches go out with the next one.
 */
export type WatchSender = (report: WatchReportBody, keepalive: boolean) => Promise<boolean>;

/** What a player calls: samples while playing and at every play/pause/end, and the seeks it sees. */
export interface PlaybackEvents {
  onSample: (sample: PlaybackSample) => void;
  onSeek: (time: number) => void;
}

/**
 * Reports where the user is and what they played: every WATCH_REPORT_SECONDS while playing, on pause
 * and end, on leaving the page (unmount, route change) and on hiding or closing the tab (`keepalive`).
 * Without a sender (signed out, preview) it only tells `usePlaybackActivity` whether a video plays.
 */
export function useWatchReporting(send: WatchSender | undefined, fallbackDuration = 0): PlaybackEvents {
  const id = useId();
  const [tracker] = useState(() => new WatchTracker(fallbackDuration));
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  }, [send]);

  const flush = useCallback((keepalive: boolean) => {
    const sender = sendRef.current;
    if (!sender) return;
    const report = tracker.take();
    if (!report) return;
    void sender(report, keepalive)
      .catch(() => false)
      .then((saved) => {
        if (!saved) tracker.giveBack(report);
      });
  }, [tracker]);

  useEffect(() => {
    const timer = window.setInterval(() => {
      if (tracker.playing) flush(false);
    }, WATCH_REPORT_SECONDS * 1000);
    const onHide = () => {
      if (document.visibilityState === 'hidden') flush(true);
    };
    const onPageHide = () => flush(true);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      // leaving the page (another route, another lesson): the last report must outlive the component
      flush(true);
      setPlaybackActive(id, false);
    };
  }, [flush, id, tracker]);

  const onSample = useCallback(
    (sample: PlaybackSample) => {
      const wasPlaying = tracker.playing;
      tracker.sample(sample);
      setPlaybackActive(id, sample.playing);
      if (wasPlaying && !sample.playing) flush(false);
    },
    [flush, id, tracker],
  );
  const onSeek = useCallback((time: number) => tracker.seek(time), [tracker]);
  return { onSample, onSeek };
}
