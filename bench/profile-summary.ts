/**
 * Summarises a V8 CPU profile written by a bench's BENCH_CPU_PROF (lib/cpu-profile.ts): the samples spent
 * busy, the functions with the most self time and the most total time (their callees included), and the
 * self time by package (node_modules package, the platform's own package or service, Node's own modules,
 * garbage collection). Optionally cut to one run's window of the bench's windows.json (a route of
 * bench:read-path, a rate of bench:mixed), on the profile's own monotonic clock.
 *
 *   npm run bench:profile -- <file.cpuprofile> [<windows.json> <label>] [top]
 *
 * The shares are of the samples taken while the process was not idle; on a busy machine a sample also lands
 * where the process waited for a core, so compare shares inside one profile, not across runs.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const short = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/.*node_modules\//, '')
    .replace(/.*\/(services|packages)\//, '$1/');

const frame = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;

/** The package a function belongs to. */
function packageOf(n: ProfileNode): string {
  const { url, functionName } = n.callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : 'native code';
  const dep = /node_modules\/(@[^/]+\/[^/]+|[^/]+)/.exec(url);
  if (dep) return dep[1]!;
  const own = /\/(services|packages)\/([^/]+)\//.exec(url);
  if (own) return `${own[1]}/${own[2]}`;
  if (url.startsWith('node:')) return `node:${/^node:(?:internal\/)?([^/]+)/.exec(url)![1]}`;
  return short(url);
}

function main(): void {
  const [file, second, third, fourth] = process.argv.slice(2);
  if (!file) throw new Error('usage: profile-summary <file.cpuprofile> [<windows.json> <label>] [top]');
  const windowed = second?.endsWith('.json');
  const [from, to] = windowed ? ((JSON.parse(readFileSync(second!, 'utf8')) as Record<string, [number, number]>)[third!] ?? [NaN, NaN]) : [-Infinity, Infinity];
  if (Number.isNaN(from)) throw new Error(`no window "${third}" in ${second}`);
  const top = Number((windowed ? fourth : second) ?? 25);
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const packages = new Map<string, number>();
  const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  let t = p.startTime;
  let busy = 0;
  let idle = 0;
  for (let i = 0; i < p.samples.length; i++) {
    t += p.timeDeltas[i]!;
    if (t < from || t > to) continue;
    const n = byId.get(p.samples[i]!)!;
    if (n.callFrame.functionName === '(idle)') {
      idle++;
      continue;
    }
    busy++;
    add(self, frame(n));
    add(packages, packageOf(n));
    // each function once per sample, however deep it recurses
    const seen = new Set<string>();
    for (let id: number | undefined = n.id; id !== undefined; id = parent.get(id)) {
      const k = frame(byId.get(id)!);
      if (!seen.has(k)) {
        seen.add(k);
        add(total, k);
      }
    }
  }
  const pct = (v: number) => `${((v / Math.max(1, busy)) * 100).toFixed(1).padStart(5)} %`;
  const list = (title: string, m: Map<string, number>, n: number) => {
    process.stdout.write(`\n${title}\n`);
    for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n)) process.stdout.write(`${pct(v)}  ${k}\n`);
  };
  process.stdout.write(`${file}${windowed ? ` (window ${third})` : ''}: ${busy} busy samples, ${idle} idle (${((busy / Math.max(1, busy + idle)) * 100).toFixed(0)} % busy)\n`);
  list('Self time by package', packages, 20);
  list('Self time', self, top);
  list('Total time (callees included)', total, top);
}

main();
