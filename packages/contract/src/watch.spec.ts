import { coveredSeconds, creditAllowance, creditWatched, fractionOf, isResumable, mergeIntervals, MAX_STORED_INTERVALS, WatchReport } from './watch';

describe('watch rules', () => {
  it('merges stretches: overlaps, containment, sub-second gaps; keeps real gaps', () => {
    expect(mergeIntervals([[50, 60], [0, 10], [9, 20], [12, 15], [20.3, 30], [40, 45]])).toEqual([[0, 30], [40, 45], [50, 60]]);
    expect(mergeIntervals([[5, 5], [7, 6]])).toEqual([]);
  });

  it('keeps at most MAX_STORED_INTERVALS stretches, joining the closest ones', () => {
    // gaps of 9 s everywhere but after the first stretch (0.75 s)
    const many = Array.from({ length: MAX_STORED_INTERVALS + 1 }, (_, i): [number, number] => [i * 10, i * 10 + (i === 0 ? 9.25 : 1)]);
    const merged = mergeIntervals(many);
    expect(merged).toHaveLength(MAX_STORED_INTERVALS);
    expect(merged[0]).toEqual([0, 11]);
  });

  it('credits only what is new, up to the allowance, earlier stretches first', () => {
    expect(creditWatched([[0, 60]], [[30, 90]], 1000)).toEqual([[0, 90]]);
    expect(creditWatched([[0, 60]], [[0, 60], [0, 60]], 1000)).toEqual([[0, 60]]);
    expect(creditWatched([], [[100, 200], [0, 50]], 70)).toEqual([[0, 50], [100, 120]]);
    expect(creditWatched([[0, 10]], [[0, 100]], 0)).toEqual([[0, 10]]);
  });

  it('limits the credit to the pace of the fastest speed since the first report, plus a minute', () => {
    expect(creditAllowance(0, 0)).toBe(60);
    expect(creditAllowance(600, 0)).toBe(1260);
    expect(creditAllowance(600, 1300)).toBe(0);
  });

  it('measures the watched share inside the video, rounded down', () => {
    expect(coveredSeconds([[0, 50], [90, 130]], 100)).toBe(60);
    expect(fractionOf(899.9, 1000)).toBe(0.899);
    expect(fractionOf(900, 1000)).toBe(0.9);
    expect(fractionOf(2000, 1000)).toBe(1);
    expect(fractionOf(10, 0)).toBe(0);
  });

  it('offers to resume past the first seconds and before the end', () => {
    expect(isResumable(4, 600)).toBe(false);
    expect(isResumable(754, 1800)).toBe(true);
    expect(isResumable(1775, 1800)).toBe(false);
    expect(isResumable(15, 24)).toBe(true);
    expect(isResumable(20, 24)).toBe(false);
  });

  it('clamps a report to the video and refuses what is outside it', () => {
    expect(WatchReport.parse({ position: 600.6, duration: 600, watched: [[590, 600.9], [3, 3]] })).toEqual({ position: 600, duration: 600, watched: [[590, 600]] });
    expect(WatchReport.parse({ position: 1, duration: 10 })).toEqual({ position: 1, duration: 10, watched: [] });
    expect(WatchReport.safeParse({ position: 602, duration: 600 }).success).toBe(false);
    expect(WatchReport.safeParse({ position: 1, duration: 600, watched: [[0, 602]] }).success).toBe(false);
    expect(WatchReport.safeParse({ position: Number.NaN, duration: 600 }).success).toBe(false);
    expect(WatchReport.safeParse({ position: 1, duration: Number.POSITIVE_INFINITY }).success).toBe(false);
  });
});
