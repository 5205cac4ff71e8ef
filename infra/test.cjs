/**
 * `npm test`: every test of the platform.
 *  0. the web apps' component tests (vitest in jsdom, `npm test -- web` alone);
 *  1. unit and integration specs (jest) on the real PostgreSQL and Redis, including the gateway suite
 *     that starts the real nginx in front of the real services;
 *  2. the fault suite (services killed, its own PostgreSQL and Redis stopped and restarted), one test at a time;
 *  3. browser tests (Playwright driving Debian's Chromium) against the platform started as `npm start` starts it;
 *  4. containers (`npm test -- containers` alone): the images built from the Dockerfiles, the docker-compose stack
 *     started through podman, the journey and the operator promises on it (infra/containers/run.cjs).
 * Each run uses its own database and Redis key prefix and removes them at the end.
 */
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { build, ensureNginx, ensureOcr, ensureFfmpeg, ensureDependencies, ROOT, log } = require('./platform.cjs');

/** The browser tests' Chromium: Debian's headless shell (see e2e/playwright.config.ts). */
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';

/**
 * Installs a Debian package with apt-get (through sudo when not root) unless `command` is there: an
 * absolute path is looked for as a file, a bare name on the PATH.
 */
function ensureDebianPackage(command, pkg) {
  const present = path.isAbsolute(command)
    ? fs.existsSync(command)
    : spawnSync('sh', ['-c', 'command -v "$1"', 'sh', command], { stdio: 'ignore' }).status === 0;
  if (present) return;
  log(`${command} não encontrado: instalando ${pkg} pelo apt-get...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const sudo = process.getuid && process.getuid() !== 0;
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', pkg]]) {
    const r = sudo ? spawnSync('sudo', ['apt-get', ...args], { stdio: 'inherit', env }) : spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (r.status !== 0) throw new Error(`apt-get falhou ao instalar ${pkg}`);
  }
}

function ensureChromium() {
  ensureDebianPackage(CHROMIUM, process.env.CHROMIUM_PATH ? 'chromium' : 'chromium-headless-shell');
}

/**
 * The scanned PDFs of the OCR specs, the browser tests and the bench are drawn with ImageMagick's `convert`: the
 * package's own (a machine may carry a stand-in `convert` elsewhere on the PATH that only turns a PNG into PPM).
 */
function ensureImageMagick() {
  ensureDebianPackage('/usr/bin/convert', 'imagemagick');
}

/** The compose spec renders docker-compose.yml with Debian's docker-compose (no Docker engine needed). */
function ensureDockerCompose() {
  ensureDebianPackage('docker-compose', 'docker-compose');
}

function runStep(name, cmd, args, env) {
  log(`${name}...`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  log(`${name}: ${r.status === 0 ? 'ok' : `falhou (código ${r.status})`} em ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return r.status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function main() {
  ensureNginx();
  ensureOcr();
  ensureFfmpeg();
  ensureImageMagick();
  ensureChromium();
  ensureDockerCompose();
  ensureDependencies();
  const only = process.argv.slice(2);
  const want = (step) => !only.length || only.includes(step);
  // the container step builds its own images: the native build only for the other steps
  if (!only.length || only.some((step) => step !== 'containers')) build();
  const out = path.join(ROOT, '.runtime/test-results');
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });

  let passed = 0;
  let failed = 0;
  let ok = true;
  if (want('lint')) ok = runStep('Lint (eslint)', 'npx', ['eslint', '.', '--max-warnings=0']) && ok;
  // every workspace declares what it imports and nothing else (knip.jsonc)
  if (want('lint')) ok = runStep('Dependencies (knip)', 'npx', ['knip', '--dependencies', '--no-progress']) && ok;
  if (want('web')) {
    const webOk = runStep('Web (vitest + Testing Library)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}/web.json`]);
    const w = readJson(`${out}/web.json`);
    if (w) {
      passed += w.numPassedTests;
      // a test file that fails to load has no test results of its own: count it as one failure
      failed += w.numFailedTests + (w.testResults ?? []).filter((r) => r.status === 'failed' && !(r.assertionResults ?? []).length).length;
    } else failed += 1;
    ok = webOk && ok;
  }
  if (want('jest')) {
    const jestOk = runStep('Specs (jest)', 'npx', ['jest', '--ci', '--json', `--outputFile=${out}/jest.json`]);
    const j = readJson(`${out}/jest.json`);
    if (j) {
      passed += j.numPassedTests;
      failed += j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0);
    } else failed += 1;
    ok = jestOk && ok;
  }
  if (want('faults')) {
    // kills services and stops its own PostgreSQL cluster and Redis server (never the shared ones): run alone
    const faultsOk = runStep('Falhas (jest, um por vez)', 'npx', ['jest', '-c', 'jest.faults.config.js', '--ci', '--json', `--outputFile=${out}/faults.json`]);
    const f = readJson(`${out}/faults.json`);
    if (f) {
      passed += f.numPassedTests;
      failed += f.numFailedTests + (f.numRuntimeErrorTestSuites ?? 0);
    } else failed += 1;
    ok = faultsOk && ok;
  }
  if (want('e2e') && fs.existsSync(path.join(ROOT, 'e2e/playwright.config.ts'))) {
    const e2eOk = runStep('Navegador (Playwright + Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/e2e.json`,
    });
    const p = readJson(`${out}/e2e.json`);
    if (p && p.stats) {
      passed += p.stats.expected + (p.stats.flaky ?? 0);
      failed += p.stats.unexpected;
    } else failed += 1;
    ok = e2eOk && ok;
  }
  if (want('containers')) {
    const containersOk = runStep('Contêineres (podman + docker-compose)', 'node', ['infra/containers/run.cjs', `${out}/containers.json`]);
    const c = readJson(`${out}/containers.json`);
    if (c) {
      passed += c.numPassedTests;
      failed += c.numFailedTests + (c.numRuntimeErrorTestSuites ?? 0);
    } else failed += 1;
    ok = containersOk && ok;
  }
  process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  process.exit(ok && failed === 0 ? 0 : 1);
}

main();
