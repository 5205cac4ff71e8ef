/** The p-th percentile (0–100) of latencies `xs`, 0 when there are none. */
export function percentile(xs: number[], p: number): number {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/**
 * An open loop: `fire(due)` is called `rate` times a second for `seconds`, whatever the answers do. Sends go out in
 * timer ticks of 1–2 ms (the ones due in a tick together; the loop always yields, so answers are read while
 * requests go out); each call counts its latency from `due`, its scheduled time, so a server that falls behind
 * shows in the figures instead of pushing the schedule back (no coordinated omission). Resolves once every call
 * has settled.
 *
 * `spin`: poll with `setImmediate` when the next send is under 0.5 ms away instead of sleeping a tick. It keeps
 * the generator's core busy doing nothing above about 2,000/s (bench/README.md), so it is off unless asked for.
 */
export async function openLoop(rate: number, seconds: number, fire: (due: number) => Promise<void>, spin = false): Promise<void> {
  const pending: Promise<void>[] = [];
  const start = performance.now();
  const total = Math.round(rate * seconds);
  const dueOf = (i: number) => start + (i * 1000) / rate;
  let i = 0;
  while (i < total) {
    const now = performance.now();
    for (; i < total && dueOf(i) <= now; i++) pending.push(fire(dueOf(i)));
    const next = dueOf(i) - performance.now();
    await new Promise((r) => (spin && next <= 0.5 ? setImmediate(r) : setTimeout(r, Math.min(2, Math.max(1, next)))));
  }
  await Promise.all(pending);
}
