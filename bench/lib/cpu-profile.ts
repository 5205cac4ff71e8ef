/**
 * Preloaded into the platform's processes by a benchmark (`NODE_OPTIONS=--require …/cpu-profile.js`, with
 * BENCH_CPU_PROF=<dir>): samples the process's CPU from its start and writes a V8 profile
 * (<dir>/<SERVICE_NAME>-<pid>.cpuprofile, for Chrome DevTools or `node --cpu-prof`'s readers) on SIGUSR2.
 * `--cpu-prof` itself is not allowed in NODE_OPTIONS, and the services leave by a re-raised SIGTERM, which
 * skips the exit hooks it writes from.
 */
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.BENCH_CPU_PROF;
if (dir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 200 });
  session.post('Profiler.start');
  process.on('SIGUSR2', () => {
    session.post('Profiler.stop', (err, result) => {
      if (!err) writeFileSync(join(dir, `${process.env.SERVICE_NAME ?? 'node'}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
