/**
 * `npm test -- containers` (also part of plain `npm test`): the docker-compose stack through podman, for real.
 *  1. `npm run containers:up` (base images, the project's images, the stack started and healthy), with
 *     courses started as three replicas at once on a fresh database;
 *  2. the container specs (jest.containers.config.js): the containers, the journey through the gateway, the
 *     operator promises, the images;
 *  3. `npm run containers:down`, whatever happened.
 * Its own compose project (clima-test) and gateway port (CONTAINERS_TEST_PORT, 28180): a stack someone
 * started with `npm run containers:up` is left alone. Writes jest's JSON to the path given as argument.
 */
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const out = process.argv[2] || path.join(ROOT, '.runtime/test-results/containers.json');
const env = {
  ...process.env,
  CLIMA_STACK: process.env.CONTAINERS_TEST_STACK || 'clima-test',
  GATEWAY_PORT: process.env.CONTAINERS_TEST_PORT || '28180',
  CONTAINERS_SCALE: 'courses=3',
};
const log = (msg) => process.stdout.write(`[containers] ${msg}\n`);
const npm = (script) => spawnSync('npm', ['run', '--silent', script], { cwd: ROOT, env, stdio: 'inherit' }).status === 0;

const started = Date.now();
// a stack left behind by an interrupted run starts over
npm('containers:down');
let ok = npm('containers:up');
if (ok) {
  const r = spawnSync('npx', ['jest', '-c', 'jest.containers.config.js', '--ci', '--runInBand', '--json', `--outputFile=${out}`], { cwd: ROOT, env, stdio: 'inherit' });
  ok = r.status === 0;
} else {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ numPassedTests: 0, numFailedTests: 1, numRuntimeErrorTestSuites: 0 }));
}
if (!process.env.CONTAINERS_KEEP) ok = npm('containers:down') && ok;
log(`etapa de contêineres: ${ok ? 'ok' : 'falhou'} em ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(ok ? 0 : 1);
