import { describe, expect, it } from 'vitest';
import { WatchTracker } from './watch-tracker';

/** Samples every 250 ms of wall time, the way a <video> fires timeupdate. */
function play(t: WatchTracker, from: number, to: number, opts: { rate?: number; wall?: number } = {}) {
  const rate = opts.rate ?? 1;
  let wall = opts.wall ?? 0;
  for (let time = from; time <= to + 1e-9; time += 0.25 * rate) {
    t.sample({ time, duration: 600, playing: true, rate }, wall);
    wall += 250;
  }
  return wall;
}

describe('WatchTracker', () => {
  it('reports what was played, in one stretch per continuous playback', () => {
    const t = new WatchTracker();
    const wall = play(t, 0, 30);
    t.sample({ time: 30, duration: 600, playing: false, rate: 1 }, wall);
    expect(t.take()).toEqual({ position: 30, duration: 600, watched: [[0, 30]] });
    // nothing new: nothing to send
    expect(t.take()).toBeNull();
  });

  it('a jump forward (seek, skip) starts a new stretch: the skipped part is not watched', () => {
    const t = new WatchTracker();
    let wall = play(t, 0, 10);
    wall = play(t, 500, 510, { wall });
    t.sample({ time: 510, duration: 600, playing: false, rate: 1 }, wall);
    expect(t.take()?.watched).toEqual([[0, 10], [500, 510]]);
  });

  it('follows faster speeds and an explicit seek', () => {
    const t = new WatchTracker();
    const wall = play(t, 0, 40, { rate: 2 });
    t.seek(100);
    play(t, 100, 104, { wall: wall + 250 });
    const report = t.take()!;
    expect(report.watched).toEqual([[0, 40], [100, 104]]);
    expect(report.position).toBe(104);
  });

  it('splits the open stretch at each report and keeps a failed report for the next one', () => {
    const t = new WatchTracker();
    const wall = play(t, 0, 10);
    const first = t.take()!;
    expect(first.watched).toEqual([[0, 10]]);
    t.giveBack(first);
    play(t, 10.25, 20, { wall });
    expect(t.take()?.watched).toEqual([[0, 10], [10, 20]]);
  });

  it('sends nothing before the duration is known, unless a fallback is given', () => {
    const unknown = new WatchTracker();
    unknown.sample({ time: 3, duration: Number.NaN, playing: true, rate: 1 }, 0);
    expect(unknown.take()).toBeNull();
    const lesson = new WatchTracker(300);
    lesson.sample({ time: 3, duration: 0, playing: true, rate: 1 }, 0);
    lesson.sample({ time: 3.25, duration: 0, playing: false, rate: 1 }, 250);
    expect(lesson.take()).toEqual({ position: 3.25, duration: 300, watched: [[3, 3.25]] });
  });
});
