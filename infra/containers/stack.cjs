/**
 * The docker-compose stack on this kind of machine, through podman:
 *   npm run containers:up     builds what is missing, starts the stack, waits until it is healthy, prints
 *                             the gateway's address and the administrator's credentials;
 *   npm run containers:down   removes it, volumes included, and any container left running on its network.
 * The real docker-compose.yml, plus infra/containers/compose.local.yml (local stand-ins for the images no
 * reachable registry has) and a generated override naming the images built here from the real Dockerfiles.
 * Debian's docker-compose talks to podman's Docker-compatible API (`podman system service`).
 *
 * Environment: GATEWAY_PORT (28080), CLIMA_STACK (the compose project, `clima`), ADMIN_USERNAME and
 * ADMIN_PASSWORD (the first administrator; generated once otherwise), CONTAINERS_SCALE (`courses=3,…`:
 * replicas from the first start). The stack's secrets are random,
 * local-only, generated once per project into .runtime/containers/<project>.env (outside git).
 */
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const { createHash, randomBytes } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { CACHE, ensureBaseImages, log, sh } = require('./base-images.cjs');

const ROOT = path.resolve(__dirname, '../..');
const DIR = path.join(ROOT, '.runtime/containers');
const SOCKET = process.env.PODMAN_SOCKET || '/run/podman/podman.sock';
const LOCAL_OVERRIDE = path.join(__dirname, 'compose.local.yml');
const LOCAL_TOOLS_IMAGE = 'localhost/clima/local-tools:local';

function settings(env = process.env) {
  const project = env.CLIMA_STACK || 'clima';
  const port = Number(env.GATEWAY_PORT || 28080);
  return {
    project,
    port,
    envFile: path.join(DIR, `${project}.env`),
    imagesFile: path.join(DIR, `${project}.images.yml`),
    healthPidFile: path.join(DIR, `${project}.health.pid`),
  };
}

const secret = (bytes = 24) => randomBytes(bytes).toString('hex');

function readEnvFile(file) {
  if (!fs.existsSync(file)) return {};
  const out = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line);
    if (m) out[m[1]] = m[2];
  }
  return out;
}

/** The stack's .env: local-only random secrets, written once per project and kept (sessions survive up/down). */
function ensureEnvFile(s) {
  const current = readEnvFile(s.envFile);
  if (current.POSTGRES_PASSWORD && Number(current.GATEWAY_PORT) === s.port) return current;
  const { newIdentityKeys } = require('../platform.cjs');
  const keys = newIdentityKeys();
  const publicUrl = `http://localhost:${s.port}`;
  const env = {
    GATEWAY_PORT: String(s.port),
    PUBLIC_URL: publicUrl,
    POSTGRES_PASSWORD: current.POSTGRES_PASSWORD || secret(),
    MINIO_ROOT_USER: current.MINIO_ROOT_USER || `clima-${secret(4)}`,
    MINIO_ROOT_PASSWORD: current.MINIO_ROOT_PASSWORD || secret(),
    ADMIN_USERNAME: current.ADMIN_USERNAME || 'admin',
    ADMIN_PASSWORD: current.ADMIN_PASSWORD || secret(9),
    METRICS_TOKEN: current.METRICS_TOKEN || secret(),
    GATEWAY_TOKEN: current.GATEWAY_TOKEN || secret(24),
    IDENTITY_PRIVATE_KEY: current.IDENTITY_PRIVATE_KEY || keys.IDENTITY_PRIVATE_KEY,
    IDENTITY_PUBLIC_KEYS: current.IDENTITY_PUBLIC_KEYS || keys.IDENTITY_PUBLIC_KEYS,
    SMTP_URL: 'smtp://maildev:1025',
    MAIL_FROM: 'Clima Pro <nao-responda@climapro.local>',
    // no browser reaches it here (only the gateway is published); the services and the tests use this name
    S3_PUBLIC_ENDPOINT: 'http://minio:9000',
    // the demonstration sandbox, asked for explicitly: nothing is charged
    BILLING_PROVIDER: 'sandbox',
  };
  fs.mkdirSync(DIR, { recursive: true });
  const header = '# infra/containers: the local compose stack\'s settings. Random, local-only secrets; never commit.\n';
  fs.writeFileSync(s.envFile, header + Object.entries(env).map(([k, v]) => `${k}=${v}`).join('\n') + '\n', { mode: 0o600 });
  return env;
}

/** The environment docker-compose runs with: nothing of the caller's but the administrator's credentials. */
function composeEnv(extra = {}) {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, DOCKER_HOST: `unix://${SOCKET}`, COMPOSE_HTTP_TIMEOUT: '600' };
  for (const k of ['ADMIN_USERNAME', 'ADMIN_PASSWORD']) if (process.env[k]) env[k] = process.env[k];
  return { ...env, ...extra };
}

function composeArgs(s, withImages = true) {
  const files = ['-f', path.join(ROOT, 'docker-compose.yml'), '-f', LOCAL_OVERRIDE];
  if (withImages && fs.existsSync(s.imagesFile)) files.push('-f', s.imagesFile);
  return ['-p', s.project, '--project-directory', ROOT, '--env-file', s.envFile, ...files, '--profile', 'mail-catcher'];
}

/** Runs docker-compose on the stack; returns spawnSync's result. */
function compose(s, args, opts = {}) {
  return spawnSync('docker-compose', [...composeArgs(s, opts.withImages !== false), ...args], {
    cwd: ROOT,
    env: composeEnv(opts.env),
    encoding: 'utf8',
    stdio: opts.quiet ? 'pipe' : 'inherit',
    timeout: opts.timeout,
  });
}

function apiAnswers() {
  const r = spawnSync('curl', ['-fsS', '--max-time', '3', '--unix-socket', SOCKET, 'http://d/_ping'], { encoding: 'utf8' });
  return r.status === 0;
}

/** The running `podman system service` processes serving `socket` (SOCKET by default), with their working directory. */
function apiProcesses(socket = SOCKET) {
  const found = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.includes('system') && args.includes('service') && args.some((a) => a.endsWith(socket))) found.push({ pid: Number(entry), cwd: fs.readlinkSync(`/proc/${entry}/cwd`) });
    } catch {
      /* gone meanwhile, or not ours to read */
    }
  }
  return found;
}

/**
 * podman's Docker-compatible API on SOCKET, started (detached, for good, from /) when it does not answer. A
 * service left running from a checkout that was removed since (its working directory deleted) answers pings but
 * starts no container ("write child: broken pipe" for every one): it is stopped and started again.
 */
function ensureApi() {
  for (const stale of apiProcesses().filter((p) => p.cwd.endsWith(' (deleted)'))) {
    log(`API do podman iniciada de um diretório removido (${stale.cwd}): reiniciando`);
    try {
      process.kill(stale.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    for (let i = 0; i < 50 && apiProcesses().some((p) => p.pid === stale.pid); i++) spawnSync('sleep', ['0.2']);
  }
  if (apiAnswers()) return;
  fs.mkdirSync(DIR, { recursive: true });
  fs.mkdirSync(path.dirname(SOCKET), { recursive: true });
  const out = fs.openSync(path.join(DIR, 'podman-service.log'), 'a');
  // from /: the service outlives this checkout, and one whose working directory is gone can start no container
  const child = spawn('podman', ['system', 'service', '--time=0', `unix://${SOCKET}`], { cwd: '/', detached: true, stdio: ['ignore', out, out] });
  child.unref();
  for (let i = 0; i < 100 && !apiAnswers(); i++) spawnSync('sleep', ['0.2']);
  if (!apiAnswers()) throw new Error(`a API do podman não respondeu em ${SOCKET} (veja .runtime/containers/podman-service.log)`);
  log(`API do podman (compatível com Docker) em ${SOCKET}`);
}

/**
 * podman runs HEALTHCHECKs from systemd timers; where systemd is not the init (this kind of machine) a
 * small detached loop runs them instead (`podman healthcheck run`, every 5 s), until containers:down.
 */
function ensureHealthDriver(s) {
  if (fs.existsSync('/run/systemd/system')) return;
  const pid = Number(fs.existsSync(s.healthPidFile) ? fs.readFileSync(s.healthPidFile, 'utf8') : 0);
  if (pid && spawnSync('kill', ['-0', String(pid)]).status === 0) return;
  const child = spawn(process.execPath, [path.join(__dirname, 'health-driver.cjs'), s.project], { detached: true, stdio: 'ignore' });
  child.unref();
  fs.writeFileSync(s.healthPidFile, String(child.pid));
}

function stopHealthDriver(s) {
  const pid = Number(fs.existsSync(s.healthPidFile) ? fs.readFileSync(s.healthPidFile, 'utf8') : 0);
  if (pid) spawnSync('kill', [String(pid)]);
  fs.rmSync(s.healthPidFile, { force: true });
}

/** The services of the resolved compose files (docker-compose config), parsed. */
function resolvedServices(s, withImages) {
  const r = compose(s, ['config'], { quiet: true, withImages });
  if (r.status !== 0) throw new Error(`docker-compose config falhou:\n${r.stderr}`);
  return require('yaml').parse(r.stdout).services;
}

/**
 * The project's images, derived from docker-compose.yml: one per distinct (Dockerfile, build arguments),
 * named localhost/clima/<SERVICE argument or service name>:<project> (the gateway's build arguments depend on the
 * project's address).
 */
function projectImages(s) {
  const images = new Map();
  for (const [name, svc] of Object.entries(resolvedServices(s, false))) {
    if (!svc.build) continue;
    const args = svc.build.args ?? {};
    const dockerfile = svc.build.dockerfile ?? 'Dockerfile';
    const key = JSON.stringify([dockerfile, args]);
    if (!images.has(key)) images.set(key, { image: `localhost/clima/${args.SERVICE ?? name}:${s.project}`, dockerfile, args, services: [] });
    images.get(key).services.push(name);
  }
  return [...images.values()];
}

function npmCacheDir() {
  const r = spawnSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' });
  const dir = r.status === 0 ? r.stdout.trim() : path.join(process.env.HOME || '/root', '.npm');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

function imageSize(image) {
  const r = spawnSync('podman', ['image', 'inspect', '--format', '{{.Size}}', image], { encoding: 'utf8' });
  return r.status === 0 ? Number(r.stdout.trim()) : 0;
}

function lockVersion(pkg) {
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
  return lock.packages[`node_modules/${pkg}`].version;
}

/**
 * What every build reads, hashed: the content of each file of the context (git's tracked and untracked,
 * not ignored, files: node_modules, dist and .runtime are ignored there as in .dockerignore), documents
 * and tests aside. null outside a git checkout (then every image is built, podman's layer cache doing the
 * rest).
 */
function contextHash() {
  const r = spawnSync('git', ['ls-files', '-z', '-c', '-o', '--exclude-standard'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) return null;
  const h = createHash('sha256');
  // documents and tests: no Dockerfile step turns one into an image's content (the services' compilation
  // reads src only), so a README or a spec edited rebuilds nothing
  const inert = (x) => x.endsWith('.md') || /\.(spec|test)\.[cm]?[jt]sx?$/.test(x) || /(^|\/)(test|tests|e2e|bench)\//.test(x);
  for (const f of r.stdout.toString('utf8').split('\0').filter((x) => x && !inert(x)).sort()) {
    let data;
    try {
      data = fs.readFileSync(path.join(ROOT, f));
    } catch {
      continue; // deleted in the work tree
    }
    h.update(f).update('\0').update(data).update('\0');
  }
  return h.digest('hex');
}

function imageId(image) {
  const r = spawnSync('podman', ['image', 'inspect', '--format', '{{.Id}}', image], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : '';
}

function imageLabel(image, label) {
  const r = spawnSync('podman', ['image', 'inspect', '--format', `{{index .Labels "${label}"}}`, image], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/**
 * Builds every image of the stack, from the real
 * Dockerfiles on the local base images, with the machine's npm cache and CA store mounted into the builds.
 * Returns the figures: per image, seconds and bytes.
 */
function buildImages(s, base) {
  const cache = npmCacheDir();
  const common = [
    '--layers', '--format=docker', '--network=host',
    '-v', `${cache}:/npm-cache`, '-v', '/etc/ssl/certs:/etc/ssl/certs:ro',
    '--build-arg', 'NPM_CACHE=/npm-cache', '--build-arg', `NODE_IMAGE=${base.node}`,
  ];
  const figures = [];
  const builds = [];
  // an image whose inputs (the context's files, its build arguments, the base images) are those it was built
  // from is not built again: even fully cached, a build copies and walks the context (a minute per image on a
  // busy 2-core machine). The inputs name the checkout's files by their path in it, so another clone of the same
  // commit on this machine (a clean-clone test run) reuses the images too; the figures of each real build are
  // kept on the machine beside the base images' cache, by inputs, and stay those of the last real build.
  const figuresDir = path.join(CACHE, 'image-figures');
  fs.mkdirSync(figuresDir, { recursive: true });
  const context = process.env.CONTAINERS_REBUILD ? null : contextHash();
  const baseIds = [imageId(base.node), imageId(base.nginx)].join(',');
  const relative = (a) => (a === ROOT ? '.' : a.startsWith(`${ROOT}/`) ? a.slice(ROOT.length + 1) : a);
  const timed = (image, args) => {
    const all = ['build', ...common, ...args];
    const inputs = context && createHash('sha256').update(`${context}\0${baseIds}\0${JSON.stringify(all.map(relative))}`).digest('hex').slice(0, 24);
    const figuresFile = inputs && path.join(figuresDir, `${inputs}.json`);
    builds.push({ image, args: all.slice(1) });
    if (inputs && fs.existsSync(figuresFile) && imageLabel(image, 'clima.inputs') === inputs) {
      const before = { ...JSON.parse(fs.readFileSync(figuresFile, 'utf8')), image, bytes: imageSize(image) };
      figures.push(before);
      log(`${image}: entradas inalteradas, não reconstruída (${(before.bytes / 1e6).toFixed(0)} MB)`);
      return;
    }
    const started = Date.now();
    sh('podman', [...all, ...(inputs ? ['--label', `clima.inputs=${inputs}`] : []), '-t', image], { cwd: ROOT, quiet: !process.env.CONTAINERS_VERBOSE });
    const seconds = (Date.now() - started) / 1000;
    const figure = { image, seconds, bytes: imageSize(image) };
    figures.push(figure);
    if (figuresFile) fs.writeFileSync(figuresFile, JSON.stringify(figure));
    log(`${image}: ${seconds.toFixed(0)} s, ${(figure.bytes / 1e6).toFixed(0)} MB`);
  };
  timed(LOCAL_TOOLS_IMAGE, [
    '--build-arg', `S3RVER_VERSION=${lockVersion('s3rver')}`, '--build-arg', `MAILDEV_VERSION=${lockVersion('maildev')}`,
    '-f', path.join(__dirname, 'local-tools/Containerfile'), path.join(__dirname, 'local-tools'),
  ]);
  const images = projectImages(s);
  for (const img of images) {
    const args = Object.entries(img.args).flatMap(([k, v]) => ['--build-arg', `${k}=${v}`]);
    timed(img.image, [...args, '--build-arg', `NGINX_IMAGE=${base.nginx}`, '-f', path.join(ROOT, img.dockerfile), ROOT]);
  }
  fs.writeFileSync(path.join(DIR, `${s.project}.figures.json`), JSON.stringify(figures, null, 2));
  fs.writeFileSync(path.join(DIR, `${s.project}.builds.json`), JSON.stringify(builds, null, 2));
  const override = ['# generated by infra/containers/stack.cjs: the images built here from the real Dockerfiles', 'services:'];
  for (const img of images) for (const svc of img.services) override.push(`  ${svc}:`, `    image: ${img.image}`);
  fs.writeFileSync(s.imagesFile, override.join('\n') + '\n');
  // no `podman image prune` here: the untagged intermediate images are the layer cache of the next build
  return figures;
}

/** The stack's containers: name, service, state, health. */
function containers(s) {
  const r = spawnSync('podman', ['ps', '-a', '--filter', `label=com.docker.compose.project=${s.project}`, '--format', 'json'], { encoding: 'utf8' });
  if (r.status !== 0) return [];
  return (JSON.parse(r.stdout || '[]') ?? []).map((c) => ({
    id: c.Id,
    name: c.Names[0],
    service: c.Labels?.['com.docker.compose.service'],
    state: c.State,
    exitCode: c.ExitCode,
    status: c.Status,
    health: /\((healthy|unhealthy|starting)\)/.exec(c.Status ?? '')?.[1] ?? null,
  }));
}

/**
 * How long a wait for health may last: generous (a loaded 2-core machine once took 13 minutes to bring a
 * fresh stack to healthy) but bounded. CONTAINERS_HEALTH_TIMEOUT in seconds, 1200 by default.
 */
const HEALTH_TIMEOUT_MS = Number(process.env.CONTAINERS_HEALTH_TIMEOUT || 1200) * 1000;

/**
 * How long a container may stay exited with an error before a wait for health gives up on it: a restart policy
 * brings a crashed service back within seconds, so one still down after this has stopped for good (killed, or
 * failing at every start). CONTAINERS_EXITED_GRACE in seconds, 60 by default.
 */
const exitedGraceMs = () => Number(process.env.CONTAINERS_EXITED_GRACE || 60) * 1000;

/** The last lines each of these containers wrote, on stderr. */
function printLastLines(list) {
  for (const c of list) {
    const r = spawnSync('podman', ['logs', '--tail', '15', c.id], { encoding: 'utf8' });
    process.stderr.write(`--- ${c.name} (últimas linhas)\n${r.stdout}${r.stderr}\n`);
  }
}

/**
 * Waits until every container is running and healthy (or has exited 0, like minio-bucket); prints what it
 * still waits for whenever that changes (and every minute), then the time it took. Gives up at the timeout, or
 * as soon as a container has stayed exited with an error for CONTAINERS_EXITED_GRACE (it will not become healthy:
 * no point waiting the rest of the timeout), printing the last lines of the containers it gave up on. Returns the
 * containers.
 */
async function waitHealthy(s, timeoutMs = HEALTH_TIMEOUT_MS, what = 'pilha') {
  const started = Date.now();
  const deadline = started + timeoutMs;
  const grace = exitedGraceMs();
  /** Containers seen exited with an error, since when (a restart in between starts the count again). */
  const failedSince = new Map();
  let last = '';
  let printed = 0;
  let pending = [];
  while (Date.now() < deadline) {
    const list = containers(s);
    pending = list.filter((c) => !(c.state === 'exited' && c.exitCode === 0) && !(c.state === 'running' && (c.health === 'healthy' || !hasHealthcheck(c.id))));
    if (list.length && !pending.length) {
      log(`${what} saudável em ${((Date.now() - started) / 1000).toFixed(0)} s`);
      return list;
    }
    const seenAt = Date.now();
    for (const c of list) {
      if (c.state === 'exited' && c.exitCode !== 0) {
        if (!failedSince.has(c.id)) failedSince.set(c.id, seenAt);
      } else failedSince.delete(c.id);
    }
    const dead = list.filter((c) => failedSince.has(c.id) && seenAt - failedSince.get(c.id) >= grace);
    if (dead.length) {
      printLastLines(dead);
      const which = dead.map((c) => `${c.name} (código ${c.exitCode})`).join(', ');
      throw new Error(`a ${what} não vai ficar saudável: ${which} parado${dead.length > 1 ? 's' : ''} há mais de ${(grace / 1000).toFixed(0)} s`);
    }
    const now = pending.map((c) => `${c.name}: ${c.state}${c.health ? ` (${c.health})` : ''}`).join(', ');
    if (now !== last || Date.now() - printed > 60_000) {
      log(`${((Date.now() - started) / 1000).toFixed(0)} s, aguardando: ${now || 'nenhum contêiner'}`);
      last = now;
      printed = Date.now();
    }
    await new Promise((r) => setTimeout(r, 2000));
  }
  printLastLines(pending);
  throw new Error(`a ${what} não ficou saudável em ${(timeoutMs / 1000).toFixed(0)} s: ${last}`);
}

const healthchecks = new Map();
function hasHealthcheck(id) {
  if (!healthchecks.has(id)) {
    const r = spawnSync('podman', ['inspect', '--format', '{{if .Config.Healthcheck}}{{.Config.Healthcheck.Test}}{{end}}', id], { encoding: 'utf8' });
    healthchecks.set(id, r.status === 0 && r.stdout.trim() !== '' && !r.stdout.includes('NONE'));
  }
  return healthchecks.get(id);
}

/** `containers:up`: returns the stack's settings, address and figures. */
async function up(opts = {}) {
  const s = settings();
  const started = Date.now();
  const base = ensureBaseImages();
  ensureApi();
  const env = ensureEnvFile(s);
  const buildStarted = Date.now();
  const figures = opts.skipBuild ? [] : buildImages(s, base);
  const buildSeconds = (Date.now() - buildStarted) / 1000;
  ensureHealthDriver(s);
  const upStarted = Date.now();
  // CONTAINERS_SCALE=courses=3,catalog=2: replicas from the first start
  const scale = (process.env.CONTAINERS_SCALE || '').split(',').filter(Boolean).flatMap((x) => ['--scale', x]);
  const r = compose(s, ['up', '-d', '--no-build', '--remove-orphans', ...scale]);
  if (r.status !== 0) throw new Error('docker-compose up falhou');
  await waitHealthy(s);
  const healthySeconds = (Date.now() - upStarted) / 1000;
  const url = `http://localhost:${s.port}`;
  const admin = { username: process.env.ADMIN_USERNAME || env.ADMIN_USERNAME, password: process.env.ADMIN_PASSWORD || env.ADMIN_PASSWORD };
  return { settings: s, url, admin, figures, buildSeconds, healthySeconds, totalSeconds: (Date.now() - started) / 1000 };
}

/**
 * Containers on the stack's network that docker-compose did not start (a backup run beside the stack, a pod
 * under test whose client a timeout killed): each holds the network, and docker-compose's `down` then stops at
 * "network is being used".
 */
function strays(s) {
  const r = spawnSync('podman', ['ps', '-a', '--filter', `network=${s.project}_default`, '--format', 'json'], { encoding: 'utf8' });
  if (r.status !== 0) return [];
  return (JSON.parse(r.stdout || '[]') ?? []).filter((c) => c.Labels?.['com.docker.compose.project'] !== s.project).map((c) => c.Names[0]);
}

/** `containers:down`: the stack and its volumes removed, with whatever was left running on its network. */
function down() {
  const s = settings();
  if (!fs.existsSync(s.envFile)) {
    log('nenhuma pilha para remover');
    return;
  }
  ensureApi();
  const left = strays(s);
  if (left.length) {
    log(`removendo contêineres deixados na rede da pilha: ${left.join(', ')}`);
    spawnSync('podman', ['rm', '-f', '-t', '5', ...left], { stdio: 'inherit' });
  }
  const r = compose(s, ['down', '--volumes', '--remove-orphans', '--timeout', '20']);
  stopHealthDriver(s);
  if (r.status !== 0) throw new Error('docker-compose down falhou');
  fs.rmSync(s.envFile, { force: true });
  fs.rmSync(s.imagesFile, { force: true });
}

module.exports = { up, down, compose, containers, settings, waitHealthy, ensureApi, apiProcesses, ensureEnvFile, readEnvFile, buildImages, projectImages, ensureHealthDriver };

if (require.main === module) {
  const cmd = process.argv[2];
  if (cmd === 'up') {
    up().then(
      (r) => {
        log(`imagens: ${r.figures.map((f) => `${f.image.replace('localhost/clima/', '')} ${(f.bytes / 1e6).toFixed(0)} MB`).join(', ')}`);
        log(`build ${r.buildSeconds.toFixed(0)} s; saudável ${r.healthySeconds.toFixed(0)} s após o up`);
        process.stdout.write(`\nClima Pro (docker-compose via podman) em ${r.url}\n`);
        process.stdout.write(`Administrador: ${r.admin.username} / ${r.admin.password}\n`);
        process.stdout.write(`Pagamentos: sandbox de demonstração (BILLING_PROVIDER=sandbox), nada é cobrado\n`);
        process.stdout.write(`Remover: npm run containers:down\n`);
      },
      (err) => {
        process.stderr.write(`${err.message}\n`);
        process.exit(1);
      },
    );
  } else if (cmd === 'down') {
    try {
      down();
    } catch (err) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
  } else {
    process.stderr.write('uso: node infra/containers/stack.cjs up|down\n');
    process.exit(2);
  }
}
