/**
 * Runs the HEALTHCHECKs of one compose project's containers every 5 s (`podman healthcheck run`), where
 * podman cannot schedule them itself (its timers are systemd's, and systemd is not this machine's init).
 * Started detached by infra/containers/stack.cjs (containers:up), stopped by containers:down.
 */
'use strict';
const { execFile } = require('node:child_process');

const project = process.argv[2];
const INTERVAL_MS = 5000;

function run(args) {
  return new Promise((resolve) => execFile('podman', args, { timeout: 30_000 }, (err, stdout) => resolve(err ? '' : stdout)));
}

async function tick() {
  const ids = (await run(['ps', '-q', '--filter', `label=com.docker.compose.project=${project}`, '--filter', 'status=running'])).split('\n').filter(Boolean);
  await Promise.all(ids.map((id) => run(['healthcheck', 'run', id])));
}

(async () => {
  for (;;) {
    await tick();
    await new Promise((r) => setTimeout(r, INTERVAL_MS));
  }
})();
