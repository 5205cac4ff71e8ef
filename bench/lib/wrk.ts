/**
 * Closed-loop ceilings measured with Debian's `wrk` (C, epoll, one thread by default): a generator that costs
 * a small part of what the platform spends per request, so the figure measures the server rather than the
 * client sharing its cores. Each run prints the generator's own CPU beside its figure: wrk's user + system
 * time, read by the shell that started it from its own /proc/<pid>/stat (cutime + cstime: the CPU of the
 * children it waited for, here wrk alone) once wrk has exited, divided by the run's wall time ("cores").
 *
 * Requests rotate (bench/lib/wrk-rotate.lua): a list of requests, typically one per signed-in user, sent in
 * turn by each connection.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './harness';

export interface WrkRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'HEAD';
  path: string;
  headers?: Record<string, string>;
  /** Sent as is (JSON callers set their content-type). */
  body?: string;
}

export interface WrkFigure {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  /** Socket errors and timeouts. */
  errors: number;
  /** Answers with a status ≥ 400 (wrk's own count). */
  non2xx: number;
  seconds: number;
  /** CPU seconds wrk used (user + system), and as cores of the machine (CPU seconds / wall seconds). */
  generatorCpuSeconds: number;
  generatorCores: number;
}

const SEPARATOR = '\n@@clima-wrk@@\n';
const CLOCK_TICKS = 100;

function raw(base: URL, r: WrkRequest): string {
  const body = r.body ?? '';
  const headers: Record<string, string> = { host: base.host, ...r.headers };
  if (r.body !== undefined || (r.method && r.method !== 'GET' && r.method !== 'HEAD')) headers['content-length'] = String(Buffer.byteLength(body));
  return `${r.method ?? 'GET'} ${r.path} HTTP/1.1\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n${body}`;
}

/**
 * Runs wrk against `base` with `requests` in turn: `connections` (50), `seconds` (BENCH_SECONDS or 10),
 * `threads` (BENCH_WRK_THREADS or 1: one thread keeps the generator's share of a 2-core machine small).
 */
export async function wrk(label: string, base: string, requests: WrkRequest[], opts: { connections?: number; seconds?: number; threads?: number } = {}): Promise<WrkFigure> {
  const url = new URL(base);
  const dir = mkdtempSync(join(tmpdir(), 'clima-wrk-'));
  const file = join(dir, 'requests');
  writeFileSync(file, requests.map((r) => raw(url, r)).join(SEPARATOR));
  const seconds = opts.seconds ?? Number(process.env.BENCH_SECONDS ?? 10);
  const connections = opts.connections ?? 50;
  const threads = Math.min(opts.threads ?? Number(process.env.BENCH_WRK_THREADS ?? 1), connections);
  const script = join(repoRoot(), 'bench/lib/wrk-rotate.lua');
  const args = [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, url.origin, '--', file];
  try {
    // the shell waits for wrk, then reads its own stat: cutime + cstime are wrk's CPU (cat runs after, uncounted)
    const out = await new Promise<string>((resolve, reject) => {
      const child = spawn('sh', ['-c', 'wrk "$@" || exit $?; echo "@@clima-wrk-stat@@ $(cat /proc/$$/stat)"', 'sh', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      let err = '';
      child.stdout.on('data', (c: Buffer) => (text += c.toString('utf8')));
      child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}: ${err || text}`))));
    });
    const json = /@@clima-wrk-json@@ (\{.*\})/.exec(out)?.[1];
    const stat = /@@clima-wrk-stat@@ (.*)/.exec(out)?.[1];
    if (!json || !stat) throw new Error(`wrk: unexpected output\n${out}`);
    const w = JSON.parse(json) as Record<'requests' | 'duration' | 'connect' | 'read' | 'write' | 'status' | 'timeout' | 'p50' | 'p90' | 'p99' | 'max' | 'mean', number>;
    const fields = stat.split(') ')[1]!.split(' ');
    const cpuSeconds = (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
    const wall = w.duration / 1e6;
    return {
      label,
      rps: w.requests / wall,
      p50: Math.round(w.p50 / 100) / 10,
      p99: Math.round(w.p99 / 100) / 10,
      errors: w.connect + w.read + w.write + w.timeout,
      non2xx: w.status,
      seconds: wall,
      generatorCpuSeconds: cpuSeconds,
      generatorCores: cpuSeconds / wall,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One line per figure: rate, latency, errors, the generator's CPU, and the ratio to a baseline of the same run. */
export function printWrk(figures: WrkFigure[], baseline?: WrkFigure): void {
  for (const f of figures) {
    const ratio = baseline && f !== baseline ? `   ${(f.rps / baseline.rps).toFixed(2)}× ${baseline.label}` : '';
    process.stdout.write(
      `${f.label.padEnd(40)} ${f.rps.toFixed(0).padStart(7)} req/s   p50 ${f.p50.toFixed(1).padStart(6)} ms   p99 ${f.p99.toFixed(1).padStart(6)} ms   ` +
        `errors ${f.errors} non-2xx ${f.non2xx}   wrk CPU ${f.generatorCores.toFixed(2)} of ${cpus().length} cores${ratio}\n`,
    );
  }
}

/** The nginx ceiling of this run: the gateway's own answer (`/gateway-health`, no upstream), the same way. */
export const gatewayCeiling = (gateway: string, opts: { connections?: number; seconds?: number } = {}) =>
  wrk('nginx alone (/gateway-health)', gateway, [{ path: '/gateway-health' }], opts);
