/**
 * Runs the whole platform on one machine: checks the machine, installs what is missing, builds,
 * migrates, seeds, starts every service and the nginx gateway, and waits until all are healthy.
 * Used by `npm start` (infra/start.cjs), by the gateway suite and by the browser tests.
 * Plain JavaScript on purpose: it must run before dependencies are installed or anything is built.
 */
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const net = require('node:net');
const http = require('node:http');

const ROOT = path.resolve(__dirname, '..');
const SERVICES = ['auth', 'catalog', 'courses', 'manuals', 'ranking', 'billing'];
const DEFAULT_PORTS = { auth: 3001, catalog: 3002, courses: 3003, manuals: 3004, ranking: 3005, billing: 3006 };

function log(msg) {
  process.stdout.write(`[clima] ${msg}\n`);
}

function have(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: opts.quiet ? 'pipe' : 'inherit', env: opts.env ?? process.env, encoding: 'utf8' });
  if (r.status !== 0) {
    const out = opts.quiet ? `\n${r.stdout ?? ''}${r.stderr ?? ''}` : '';
    throw new Error(`Falhou: ${cmd} ${args.join(' ')}${out}`);
  }
  return r.stdout;
}

/** Debian packages through apt-get (sudo when not root; we are root on this kind of machine). */
function aptInstall(packages) {
  const sudo = process.getuid && process.getuid() !== 0 ? ['sudo'] : [];
  const apt = (args) => run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', ...packages]);
}

/** nginx from Debian's packages when it is missing. */
function ensureNginx() {
  if (have('nginx')) return;
  log('nginx não encontrado: instalando pelo apt-get...');
  aptInstall(['nginx']);
}

/** The manuals' OCR of scanned pages: poppler's pdftoppm draws a page, tesseract reads it in Portuguese and English. */
function ensureOcr() {
  const langs = have('tesseract') ? spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' }).stdout ?? '' : '';
  if (have('pdftoppm') && /^por$/m.test(langs) && /^eng$/m.test(langs)) return;
  log('OCR (tesseract por+eng, pdftoppm) não encontrado: instalando pelo apt-get...');
  aptInstall(['poppler-utils', 'tesseract-ocr', 'tesseract-ocr-por', 'tesseract-ocr-eng']);
}

/** The catalog reads an uploaded video's duration with ffmpeg's ffprobe (and the specs make their test videos with ffmpeg). */
function ensureFfmpeg() {
  if (have('ffprobe') && have('ffmpeg')) return;
  log('ffmpeg não encontrado: instalando pelo apt-get...');
  aptInstall(['ffmpeg']);
}

function ensureDependencies() {
  const marker = path.join(ROOT, 'node_modules/.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  log('Instalando dependências (npm install)...');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** Every server-side TypeScript project: shared packages, the gateway, each service. */
function tsProjects() {
  const list = [];
  for (const group of ['packages', 'services']) {
    for (const name of fs.readdirSync(path.join(ROOT, group)).sort()) {
      if (fs.existsSync(path.join(ROOT, group, name, 'tsconfig.json'))) list.push(`${group}/${name}`);
    }
  }
  list.push('gateway');
  return list;
}

/** Builds the TypeScript projects (incremental) and each web app whose sources changed since its last build. */
function build() {
  log('Compilando serviços (tsc -b)...');
  run('npx', ['tsc', '-b', ...tsProjects()]);
  for (const app of ['web-admin', 'web-shell']) {
    const dir = path.join(ROOT, app);
    if (!fs.existsSync(path.join(dir, 'package.json'))) continue;
    const stamp = path.join(dir, 'dist/.built');
    const sources = Math.max(newestMtime(path.join(dir, 'src')), newestMtime(path.join(ROOT, 'packages/contract/src')), newestMtime(path.join(ROOT, 'packages/web-kit/src')), fs.statSync(path.join(dir, 'package.json')).mtimeMs);
    if (fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs >= sources) continue;
    log(`Compilando ${app} (vite build)...`);
    run('npm', ['run', 'build', '-w', app], { quiet: true });
    fs.writeFileSync(stamp, new Date().toISOString());
  }
}

function presentServices() {
  return SERVICES.filter((s) => fs.existsSync(path.join(ROOT, 'services', s, 'dist/main.js')));
}

async function canConnect(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const sock = net.connect({ host, port });
    const done = (ok) => {
      sock.destroy();
      resolve(ok);
    };
    sock.setTimeout(timeoutMs, () => done(false));
    sock.once('connect', () => done(true));
    sock.once('error', () => done(false));
  });
}

async function ensurePostgresAndRedis(env) {
  const db = new URL(env.DATABASE_URL);
  if (!(await canConnect(db.hostname, Number(db.port || 5432)))) {
    if (have('pg_ctlcluster') && ['localhost', '127.0.0.1'].includes(db.hostname)) {
      log('PostgreSQL parado: iniciando...');
      const version = fs.readdirSync('/etc/postgresql')[0];
      spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'inherit' });
    }
    if (!(await canConnect(db.hostname, Number(db.port || 5432)))) throw new Error(`PostgreSQL não responde em ${db.host} (DATABASE_URL)`);
  }
  const redis = new URL(env.REDIS_URL);
  if (!(await canConnect(redis.hostname, Number(redis.port || 6379)))) {
    if (have('redis-server') && ['localhost', '127.0.0.1'].includes(redis.hostname)) {
      log('Redis parado: iniciando...');
      spawnSync('redis-server', ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', String(redis.port || 6379)], { stdio: 'inherit' });
      await new Promise((r) => setTimeout(r, 500));
    }
    if (!(await canConnect(redis.hostname, Number(redis.port || 6379)))) throw new Error(`Redis não responde em ${redis.host} (REDIS_URL)`);
  }
  // the database itself: created on first start
  const name = db.pathname.slice(1);
  const admin = new URL(env.DATABASE_URL);
  admin.pathname = '/postgres';
  const { Client } = require(require.resolve('pg', { paths: [ROOT] }));
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!found.rowCount) {
      log(`Criando o banco de dados ${name}...`);
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
    }
  } finally {
    await client.end();
  }
}

function nodeRun(script, env) {
  const r = spawnSync(process.execPath, [script], { cwd: ROOT, env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`Falhou: ${path.relative(ROOT, script)}\n${r.stdout}${r.stderr}`);
  return r.stdout;
}

/** Migrations, one service after another, then demo data on an empty database. */
function migrateAndSeed(services, env) {
  for (const s of services) nodeRun(path.join(ROOT, 'services', s, 'dist/migrate.js'), env);
  log(`Migrações aplicadas (${services.join(', ')}).`);
  let credentials = null;
  for (const s of services) {
    const seed = path.join(ROOT, 'services', s, 'dist/seed.js');
    if (!fs.existsSync(seed)) continue;
    const out = nodeRun(seed, env);
    for (const line of out.split('\n')) {
      if (!line.startsWith('{')) continue;
      try {
        const j = JSON.parse(line);
        if ('adminUsername' in j) credentials = j;
      } catch {
        /* a log line */
      }
    }
  }
  return credentials;
}

function get(url, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const req = http.get(url, { timeout: timeoutMs }, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
  });
}

/**
 * Waits until the URL answers 200: true; false after `ms`, or as soon as the process that should answer has
 * ended (a server that could not listen on its port fails at once, not after the whole wait).
 */
async function waitHealthy(url, ms, child) {
  const until = Date.now() + ms;
  const ended = () => child && (child.exitCode !== null || child.signalCode !== null);
  while (Date.now() < until && !ended()) {
    if ((await get(url)) === 200) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

/**
 * An Ed25519 key pair for the identity the gateway proves to the services, as the two variables' values:
 * IDENTITY_PRIVATE_KEY (a JWK with `d`, for auth only) and IDENTITY_PUBLIC_KEYS (a JSON list of JWKs).
 */
function newIdentityKeys(kid = `k${Date.now().toString(36)}`) {
  const { generateKeyPairSync } = require('node:crypto');
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const pub = publicKey.export({ format: 'jwk' });
  return {
    IDENTITY_PRIVATE_KEY: JSON.stringify({ ...privateKey.export({ format: 'jwk' }), kid }),
    IDENTITY_PUBLIC_KEYS: JSON.stringify([{ kty: pub.kty, crv: pub.crv, x: pub.x, kid }]),
  };
}

/** The local platform's identity keys: made on the first start into .data/ (mode 600, local use only). */
function localIdentityKeys() {
  const file = path.join(ROOT, '.data/identity-keys.json');
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    const keys = newIdentityKeys();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
    return keys;
  }
}

/** The MailDev command (npm package): SMTP and a web inbox with a REST API, on loopback only. */
function mailDevArgs(smtpPort, webPort) {
  // the package's exports do not name its command: take it from the package's folder
  const bin = path.join(ROOT, 'node_modules/maildev/dist/bin/maildev.js');
  if (!fs.existsSync(bin)) throw new Error('MailDev não instalado (npm install)');
  return [bin, '--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1', '--web-ip', '127.0.0.1', '--silent'];
}

/**
 * The kernel's range of ephemeral ports: what listen(0) picks from, and where a connection a process opens takes
 * its own local port.
 */
function ephemeralPorts() {
  try {
    const [low, high] = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low > 0 && high >= low) return [low, high];
  } catch {
    // not Linux: the IANA range
  }
  return [49152, 65535];
}

/** Listens on the port (every address), or resolves null when something already holds it. */
function holdPort(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(null));
    srv.listen(port, () => resolve(srv));
  });
}

/** How long a port handed out stays promised: a platform listens on its ports well within it (then they are held). */
const PORT_PROMISE_MS = 15 * 60_000;

/**
 * Promises the port to the caller across the processes of this machine (a file created exclusively in `dir`), or
 * false when another process promised it less than PORT_PROMISE_MS ago.
 */
function promisePort(dir, port) {
  const file = path.join(dir, String(port));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return true;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      let age;
      try {
        age = Date.now() - fs.statSync(file).mtimeMs;
      } catch {
        continue; // released meanwhile
      }
      if (age < PORT_PROMISE_MS) return false;
      fs.rmSync(file, { force: true });
    }
  }
  return false;
}

/** Forgets the promises older than PORT_PROMISE_MS (their ports are listened on by now, or free again). */
function sweepPortPromises(dir) {
  const entries = fs.readdirSync(dir);
  if (entries.length < 256) return;
  for (const name of entries) {
    try {
      if (Date.now() - fs.statSync(path.join(dir, name)).mtimeMs >= PORT_PROMISE_MS) fs.rmSync(path.join(dir, name), { force: true });
    } catch {
      // swept by another process
    }
  }
}

/**
 * n distinct ports for the servers of a test instance or a benchmark: free now, and promised to no other caller
 * on this machine for PORT_PROMISE_MS. Between the pick and the servers' listen() lie seconds; two jest workers
 * starting platforms at once used to be given the same port by the kernel (listen on port 0), and one platform's
 * process then could not listen (CI, 29/11/2026: MailDev, twice on the same ports). Picked at random from
 * `range` (default: 20000 up to the kernel's ephemeral range, where no listen(0) or outgoing connection takes
 * one), promised by a file in `dir` (default: clima-ports in the system's temporary folder).
 */
async function freePorts(n, options = {}) {
  const [from, to] = options.range ?? [20000, ephemeralPorts()[0] - 1];
  const dir = options.dir ?? path.join(require('node:os').tmpdir(), 'clima-ports');
  if (!(to - from + 1 >= n)) throw new Error(`freePorts: a faixa ${from}-${to} não tem ${n} portas`);
  fs.mkdirSync(dir, { recursive: true });
  sweepPortPromises(dir);
  const size = to - from + 1;
  const servers = [];
  // every port of the range once, from a random start (callers at the same moment start far apart)
  const start = Math.floor(Math.random() * size);
  for (let i = 0; i < size && servers.length < n; i++) {
    const port = from + ((start + i) % size);
    if (!promisePort(dir, port)) continue;
    const srv = await holdPort(port);
    if (srv) servers.push(srv);
  }
  const ports = servers.map((s) => s.address().port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  if (ports.length < n) throw new Error(`freePorts: só ${ports.length} de ${n} portas livres em ${from}-${to}`);
  return ports;
}

/** Environment for a test instance: its own ports; the caller gives DATABASE_URL and KEY_PREFIX. */
async function testPlatformEnv(extra = {}) {
  const ports = await freePorts(SERVICES.length + 3);
  // a test instance shows which service answered (X-Service) and has keys of its own
  const env = { GATEWAY_PORT: String(ports[0]), LOG_LEVEL: 'info', NODE_ENV: 'test', GATEWAY_DEBUG_HEADERS: '1', ...newIdentityKeys(), ...extra };
  SERVICES.forEach((s, i) => (env[`${s.toUpperCase()}_PORT`] = String(ports[i + 1])));
  env.PUBLIC_URL = `http://localhost:${env.GATEWAY_PORT}`;
  env.MAILDEV_SMTP_PORT ??= String(ports[SERVICES.length + 1]);
  env.MAILDEV_WEB_PORT ??= String(ports[SERVICES.length + 2]);
  env.GATEWAY_RUNTIME_DIR = path.join(ROOT, '.runtime', `gateway-test-${env.GATEWAY_PORT}`);
  env.STORAGE_DIR ??= path.join(ROOT, '.runtime', `storage-test-${env.GATEWAY_PORT}`);
  return env;
}

/** The environment of one platform instance: defaults for one machine, overridden by the caller's. */
function platformEnv(overrides = {}) {
  const env = { ...process.env, ...overrides };
  env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/clima';
  env.REDIS_URL ??= 'redis://127.0.0.1:6379';
  env.KEY_PREFIX ??= 'clima';
  env.GATEWAY_PORT ??= '8080';
  env.PUBLIC_URL ??= `http://localhost:${env.GATEWAY_PORT}`;
  env.STORAGE_DIR ??= path.join(ROOT, '.data/storage');
  env.NODE_ENV ??= 'development';
  // one machine: its own tests and benchmarks register many users from loopback (per-account limits stay)
  env.RATE_LIMIT_EXEMPT_NETWORKS ??= '127.0.0.0/8,::1/128';
  // /metrics answers only with this bearer token (an empty value counts as unset)
  env.METRICS_TOKEN ||= require('node:crypto').randomBytes(24).toString('base64url');
  // the secret nginx sends auth with its identity check: only beside it is the client's address believed
  env.GATEWAY_TOKEN ||= require('node:crypto').randomBytes(24).toString('hex');
  if (!env.IDENTITY_PRIVATE_KEY || !env.IDENTITY_PUBLIC_KEYS) Object.assign(env, localIdentityKeys());
  for (const s of SERVICES) env[`${s.toUpperCase()}_PORT`] ??= String(DEFAULT_PORTS[s]);
  // without SMTP_URL the platform runs its own mail catcher (MailDev) and sends there
  if (!env.SMTP_URL) {
    env.MAILDEV_SMTP_PORT ??= '1025';
    env.MAILDEV_WEB_PORT ??= '1080';
    env.SMTP_URL = `smtp://127.0.0.1:${env.MAILDEV_SMTP_PORT}`;
    env.EMBEDDED_MAILDEV = '1';
  }
  return env;
}

/**
 * Starts the platform. Options: env (overrides), install/build (default true), seed (default true),
 * logDir (service logs), quiet. Resolves to { url, credentials, stop(), services, env }.
 */
async function startPlatform(options = {}) {
  const env = platformEnv(options.env);
  const runtimeDir = env.GATEWAY_RUNTIME_DIR ?? path.join(ROOT, '.runtime', `gateway-${env.GATEWAY_PORT}`);
  env.GATEWAY_RUNTIME_DIR = runtimeDir;
  const logDir = options.logDir ?? path.join(ROOT, '.runtime/logs', env.GATEWAY_PORT);
  fs.mkdirSync(logDir, { recursive: true });
  fs.mkdirSync(env.STORAGE_DIR, { recursive: true });

  if (options.install !== false) {
    ensureNginx();
    ensureOcr();
    ensureFfmpeg();
    ensureDependencies();
  }
  if (options.build !== false) build();
  await ensurePostgresAndRedis(env);
  const services = presentServices();
  if (!services.length) throw new Error('Nenhum serviço compilado encontrado (services/*/dist/main.js).');
  let credentials = null;
  if (options.migrate !== false) credentials = migrateAndSeed(options.seed === false ? [] : services, env) ?? null;
  if (options.seed === false && options.migrate !== false) for (const s of services) nodeRun(path.join(ROOT, 'services', s, 'dist/migrate.js'), env);

  const children = [];
  const spawnLogged = (name, cmd, args, childEnv) => {
    const out = fs.openSync(path.join(logDir, `${name}.log`), 'a');
    const child = spawn(cmd, args, { cwd: ROOT, env: childEnv, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    child.name = name;
    children.push(child);
    return child;
  };
  const mail = env.EMBEDDED_MAILDEV ? { smtpUrl: env.SMTP_URL, webUrl: `http://localhost:${env.MAILDEV_WEB_PORT}` } : { smtpUrl: env.SMTP_URL, webUrl: null };
  if (env.EMBEDDED_MAILDEV) spawnLogged('maildev', process.execPath, mailDevArgs(env.MAILDEV_SMTP_PORT, env.MAILDEV_WEB_PORT), env);
  for (const s of services) {
    // a service whose HTTP process never runs its consumers (package.json "clima.separateWorker") gets its worker process
    const worker = path.join(ROOT, 'services', s, 'dist/worker.js');
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'services', s, 'package.json'), 'utf8'));
    const hasWorker = !!(pkg.clima && pkg.clima.separateWorker) && fs.existsSync(worker);
    const svcEnv = { ...env, SERVICE_NAME: s, WORKERS_IN_PROCESS: hasWorker ? 'false' : (env.WORKERS_IN_PROCESS ?? 'true') };
    // a service's own node flags (package.json "clima.nodeArgs"; the same in docker-compose.yml and infra/k8s)
    const nodeArgs = (pkg.clima && pkg.clima.nodeArgs) || [];
    spawnLogged(s, process.execPath, [...nodeArgs, path.join(ROOT, 'services', s, 'dist/main.js')], svcEnv);
    if (hasWorker) spawnLogged(`${s}-worker`, process.execPath, [worker], svcEnv);
  }

  // the gateway
  const { optionsFromEnv, writeGatewayConfig } = require(path.join(ROOT, 'gateway/dist/cli.js'));
  const gw = optionsFromEnv(env, ROOT);
  if (process.getuid && process.getuid() === 0) gw.user = env.GATEWAY_USER || 'root';
  const conf = writeGatewayConfig(gw);
  spawnLogged('gateway', 'nginx', ['-p', runtimeDir, '-c', conf, '-e', path.join(runtimeDir, 'error.log'), '-g', 'daemon off;'], env);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
    await Promise.all(
      children.map(
        (c) =>
          new Promise((resolve) => {
            if (c.exitCode !== null) return resolve();
            const t = setTimeout(() => {
              c.kill('SIGKILL');
              resolve();
            }, 8000);
            c.once('exit', () => {
              clearTimeout(t);
              resolve();
            });
          }),
      ),
    );
  };

  const ports = Object.fromEntries(services.map((s) => [s, Number(env[`${s.toUpperCase()}_PORT`])]));
  const healthMs = Number(env.PLATFORM_HEALTH_TIMEOUT_MS || 120_000);
  const healthUrls = [
    ...services.map((s) => [s, `http://127.0.0.1:${ports[s]}/health`]),
    ['gateway', `http://127.0.0.1:${env.GATEWAY_PORT}/gateway-health`],
    ...(env.EMBEDDED_MAILDEV ? [['maildev', `http://127.0.0.1:${env.MAILDEV_WEB_PORT}/api/email`]] : []),
  ];
  const checks = await Promise.all(
    healthUrls.map(async ([name, url]) => {
      const child = children.find((c) => c.name === name);
      const ok = await waitHealthy(url, healthMs, child);
      // a process that ended says how (MailDev --silent exits with 1 and no word when its port is taken)
      const ended = child.exitCode ?? child.signalCode;
      return [ended === null ? name : `${name} (terminou: ${ended})`, ok];
    }),
  );
  const failed = checks.filter(([, ok]) => !ok).map(([s]) => s);
  if (failed.length) {
    await stop();
    throw new Error(`Não ficaram saudáveis: ${failed.join(', ')} (logs em ${path.relative(ROOT, logDir)})`);
  }
  for (const c of children) {
    c.on('exit', (code, signal) => {
      if (!stopping) log(`${c.name} terminou (código ${code ?? signal}); veja ${path.relative(ROOT, logDir)}/${c.name}.log`);
    });
  }
  return { url: `http://localhost:${env.GATEWAY_PORT}`, credentials, stop, services, env, children, logDir, ports, mail };
}

/**
 * Removes every Redis key of a run's prefix (a test run's, a browser run's platform, a benchmark's): what a
 * run leaves in Redis goes with its database.
 */
async function deleteKeys(redisUrl, prefix) {
  const { Redis } = require(require.resolve('ioredis', { paths: [ROOT] }));
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

module.exports = { deleteKeys, startPlatform, newIdentityKeys, mailDevArgs, tsProjects, freePorts, waitHealthy, testPlatformEnv, platformEnv, build, ensureNginx, ensureOcr, ensureFfmpeg, ensureDependencies, ROOT, SERVICES, DEFAULT_PORTS, log };
