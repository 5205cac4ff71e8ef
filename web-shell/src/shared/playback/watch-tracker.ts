import { MAX_WATCH_INTERVALS, type WatchInterval } from '@clima/contract/watch-rules';

/** What a player tells the tracker, several times a second while playing and at every play/pause/end. */
export interface PlaybackSample {
  /** Current time in the video, seconds. */
  time: number;
  /** Length of the video, seconds (0 or NaN while unknown). */
  duration: number;
  playing: boolean;
  /** Playback speed (1 = normal). */
  rate: number;
}

/** The body of a watch report (PUT …/position). */
export interface WatchReportBody {
  position: number;
  duration: number;
  watched: WatchInterval[];
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * Turns a player's samples into what was really played: a stretch grows while the time advances as fast
 * as the speed allows since the previous sample; a jump (seek, skip) closes it and starts another. `take`
 * hands over the stretches not yet sent and the current position; `giveBack` returns them when a report
 * failed, so the next one carries them.
 */
export class WatchTracker {
  private stretches: WatchInterval[] = [];
  private open: WatchInterval | null = null;
  private lastWall: number | null = null;
  private position = 0;
  private duration = 0;
  private sentPosition: number | null = null;
  playing = false;

  constructor(private readonly fallbackDuration = 0) {}

  sample(s: PlaybackSample, now = performance.now()): void {
    if (Number.isFinite(s.duration) && s.duration > 0) this.duration = s.duration;
    const time = Math.max(0, s.time);
    if (this.open && this.lastWall !== null && this.advances(time, s.rate, now)) this.open[1] = Math.max(this.open[1], time);
    else if (s.playing) {
      this.close();
      this.open = [time, time];
    }
    if (!s.playing) {
      this.close();
      this.lastWall = null;
    } else this.lastWall = now;
    this.playing = s.playing;
    this.position = time;
  }

  /** The user moved to `time` (seek bar, skip buttons, 'Continuar de …'). */
  seek(time: number): void {
    this.close();
    this.position = Math.max(0, time);
    if (this.playing) {
      this.open = [this.position, this.position];
      this.lastWall = performance.now();
    }
  }

  /** The report to send now, or null when there is nothing new (or no duration yet). */
  take(): WatchReportBody | null {
    const duration = this.duration || this.fallbackDuration;
    if (!(duration > 0)) return null;
    const current = this.open;
    this.close();
    if (current) this.open = [current[1], current[1]];
    const position = round2(Math.min(this.position, duration));
    if (!this.stretches.length && position === this.sentPosition) return null;
    const watched = this.stretches
      .splice(0, MAX_WATCH_INTERVALS)
      .map(([a, b]): WatchInterval => [round2(Math.min(a, duration)), round2(Math.min(b, duration))])
      .filter(([a, b]) => b > a);
    this.sentPosition = position;
    return { position, duration: round2(duration), watched };
  }

  /** A report that could not be sent: its stretches go out with the next one. */
  giveBack(report: WatchReportBody): void {
    this.stretches.unshift(...report.watched);
    this.sentPosition = null;
  }

  private advances(time: number, rate: number, now: number): boolean {
    const step = time - this.open![1];
    const wall = (now - this.lastWall!) / 1000;
    return step >= -0.05 && step <= wall * Math.max(1, rate) * 1.5 + 0.75;
  }

  private close(): void {
    if (this.open && this.open[1] - this.open[0] > 0.05) this.stretches.push(this.open);
    this.open = null;
  }
}
