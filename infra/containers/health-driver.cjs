/**
 * Runs the HEALTHCHECKs of one compose project's containers (`podman healthcheck run`), where podman cannot
 * schedule them itself (its timers are systemd's, and systemd is not this machine's init): each container at
 * its own health check interval, at most three checks at a time (every check starts a process in the
 * container: on a small machine many at once would themselves make the checks time out, one at a time made
 * a round over a dozen containers longer than their interval).
 * Started detached by infra/containers/stack.cjs (containers:up), stopped by containers:down.
 */
'use strict';
const { execFile } = require('node:child_process');

const project = process.argv[2];
const TICK_MS = 1000;
const DEFAULT_INTERVAL_MS = 30_000;
// checks run at once: a few, never all (each starts a process in its container)
const PARALLEL = 3;

function run(args) {
  return new Promise((resolve) => execFile('podman', args, { timeout: 60_000 }, (err, stdout) => resolve(err ? '' : stdout)));
}

/** The health check interval of a container in ms (0: it has none). */
async function intervalOf(id) {
  const out = (await run(['inspect', '--format', '{{if .Config.Healthcheck}}{{.Config.Healthcheck.Interval}}{{else}}none{{end}}', id])).trim();
  if (!out || out === 'none') return 0;
  // a Go duration: 10s, 1m30s, 500ms
  const units = { h: 3_600_000, m: 60_000, s: 1000, ms: 1, us: 0.001, µs: 0.001, ns: 0.000001 };
  let ms = 0;
  for (const [, n, unit] of out.matchAll(/([\d.]+)(h|ms|m|s|us|µs|ns)/g)) ms += Number(n) * units[unit];
  return ms > 0 ? ms : DEFAULT_INTERVAL_MS;
}

const due = new Map();
const intervals = new Map();

async function tick() {
  const ids = (await run(['ps', '-q', '--no-trunc', '--filter', `label=com.docker.compose.project=${project}`, '--filter', 'status=running'])).split('\n').filter(Boolean);
  const dueNow = [];
  for (const id of ids) {
    if (!intervals.has(id)) intervals.set(id, await intervalOf(id));
    const every = intervals.get(id);
    if (every && (due.get(id) ?? 0) <= Date.now()) dueNow.push(id);
  }
  for (let i = 0; i < dueNow.length; i += PARALLEL) {
    await Promise.all(
      dueNow.slice(i, i + PARALLEL).map(async (id) => {
        await run(['healthcheck', 'run', id]);
        due.set(id, Date.now() + intervals.get(id));
      }),
    );
  }
}

(async () => {
  for (;;) {
    await tick();
    await new Promise((r) => setTimeout(r, TICK_MS));
  }
})();
