import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { loadCatalogConfig } from '../../config';
import { runFfmpeg } from './ffmpeg-ladder';

/** Niceness of the running ffmpeg whose command line holds `marker` (field 19 of /proc/<pid>/stat), or null. */
function nicenessOf(marker: string): number | null {
  let pids: string[];
  try {
    pids = execFileSync('pgrep', ['-f', `^ffmpeg .*${marker}`], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  } catch {
    return null; // pgrep exits 1 when nothing matches
  }
  if (!pids.length) return null;
  const stat = readFileSync(`/proc/${pids[0]}/stat`, 'utf8');
  // the fields after the command's name, which is in parentheses and may hold spaces
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** Runs ffmpeg for about two seconds of real time (`-re`) at `nice`; the niceness read while it ran. */
async function niceWhileRunning(nice: number): Promise<number | null> {
  const marker = `clima-nice-${randomUUID()}`;
  const args = ['-hide_banner', '-nostdin', '-v', 'error', '-re', '-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '2', '-metadata', `comment=${marker}`, '-f', 'null', '-'];
  const run = runFfmpeg(args, { nice, timeoutMs: 60_000 });
  let seen: number | null = null;
  for (let i = 0; i < 100 && seen === null; i++) {
    seen = nicenessOf(marker);
    if (seen === null) await new Promise((r) => setTimeout(r, 20));
  }
  await run;
  return seen;
}

describe('ffmpeg under nice', () => {
  it('runs ffmpeg at the niceness it is given, 19 (the lowest) unless configured', async () => {
    expect(loadCatalogConfig({}).VIDEO_TRANSCODE_NICE).toBe(19);
    expect(await niceWhileRunning(19)).toBe(19);
    expect(await niceWhileRunning(5)).toBe(5);
  }, 30_000);
});
