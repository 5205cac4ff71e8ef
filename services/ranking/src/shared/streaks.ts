import { daysBetween } from './sao-paulo-time';

export interface Run {
  start: string;
  end: string;
  days: number;
}

/** Groups active days ('YYYY-MM-DD', any order) into runs of consecutive days, oldest first. */
export function runsOf(days: string[]): Run[] {
  const sorted = [...new Set(days)].sort();
  const runs: Run[] = [];
  for (const day of sorted) {
    const last = runs[runs.length - 1];
    if (last && daysBetween(last.end, day) === 1) {
      last.end = day;
      last.days += 1;
    } else runs.push({ start: day, end: day, days: 1 });
  }
  return runs;
}

/** The run that contains a day, if any. */
export function runContaining(runs: Run[], day: string): Run | undefined {
  return runs.find((r) => r.start <= day && day <= r.end);
}
