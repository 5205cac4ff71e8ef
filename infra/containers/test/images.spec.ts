/**
 * The project's images as containers:up built them: figures, contents, and the layer reuse after a code change.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ENV, podman, ROOT, S } from './stack';

interface Figure {
  image: string;
  seconds: number;
  bytes: number;
}

const figuresFile = join(ROOT, `.runtime/containers/${S.project}.figures.json`);
const figures = (): Figure[] => (existsSync(figuresFile) ? (JSON.parse(readFileSync(figuresFile, 'utf8')) as Figure[]) : []);
const serviceImages = () => figures().filter((f) => !/gateway|local-tools/.test(f.image));

/** Runs a shell command in a throwaway container of the image (never its own command). */
const inImage = (image: string, script: string) => podman(['run', '--rm', '--entrypoint', 'sh', image, '-c', script]).trim();

describe('the images', () => {
  it('prints every image with its build time and its size', () => {
    const list = figures();
    expect(list.length).toBeGreaterThanOrEqual(7);
    const rows = list.map((f) => {
      expect([f.image, f.bytes > 0, f.seconds > 0]).toEqual([f.image, true, true]);
      return `${f.image.padEnd(40)} ${String(Math.round(f.seconds)).padStart(5)} s ${String(Math.round(f.bytes / 1e6)).padStart(5)} MB`;
    });
    process.stdout.write(`${rows.join('\n')}\n`);
  });

  it('carries production dependencies only, no tests, no sources, no secrets', () => {
    for (const f of serviceImages()) {
      const found = inImage(f.image, [
        'ls -d node_modules/jest node_modules/typescript node_modules/@swc node_modules/vite 2>/dev/null',
        // ours only: what the dependencies ship under any node_modules (busboy's own test folder) is theirs
        "find /app -name node_modules -prune -o \\( -name '*.spec.*' -o -name '*.test.*' -o -name test -o -name src -o -name '.env*' -o -name '*.ts' \\) -print 2>/dev/null | grep -v '\\.d\\.ts$'",
        'true',
      ].join('; '));
      expect([f.image, found]).toEqual([f.image, '']);
    }
    // no secret of the stack (its .env: passwords, tokens, the identity keys) in any image's configuration,
    // history or files: they reach the containers only through the environment at start
    const secrets = Object.entries(ENV).filter(([k, v]) => /PASSWORD|TOKEN|KEY|SECRET/.test(k) && v.length >= 16).map(([, v]) => v);
    expect(secrets.length).toBeGreaterThanOrEqual(5);
    for (const f of figures()) {
      const config = `${podman(['image', 'inspect', f.image])}${podman(['history', '--no-trunc', '--format', '{{.CreatedBy}}', f.image])}`;
      expect([f.image, secrets.filter((v) => config.includes(v)).length]).toEqual([f.image, 0]);
      const files = inImage(f.image, "grep -rlsE 'BEGIN [A-Z ]*PRIVATE KEY|_authToken' /app /etc/clima /opt/local-tools /root /home --exclude-dir=node_modules 2>/dev/null; true");
      expect([f.image, files]).toEqual([f.image, '']);
    }
    const gateway = figures().find((f) => f.image.includes('/gateway:'))!;
    expect(inImage(gateway.image, 'ls /app /usr/share/clima/web-shell/node_modules 2>/dev/null; find / -xdev -name node_modules -maxdepth 4 2>/dev/null; true')).toBe('');
  });

  it('a one-line code change rebuilds the service reusing the dependency layers', () => {
    const images = JSON.parse(readFileSync(join(ROOT, `.runtime/containers/${S.project}.builds.json`), 'utf8')) as { image: string; args: string[] }[];
    const courses = images.find((b) => b.image.includes('/courses:'))!;
    // the change is made in a copy of the build context (git's files), never in the work tree
    const context = mkdtempSync(join(tmpdir(), 'clima-context-'));
    let log: string;
    let seconds: number;
    try {
      for (const f of execFileSync('git', ['ls-files', '-z', '-c', '-o', '--exclude-standard'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 }).toString().split('\0')) {
        if (!f || !existsSync(join(ROOT, f))) continue;
        mkdirSync(dirname(join(context, f)), { recursive: true });
        copyFileSync(join(ROOT, f), join(context, f));
      }
      appendFileSync(join(context, 'services/courses/src/main.ts'), `// ${Date.now()}\n`);
      const args = courses.args.map((a) => (a === ROOT ? context : a.startsWith(`${ROOT}/`) ? join(context, a.slice(ROOT.length + 1)) : a));
      expect(args).toContain(context);
      const started = Date.now();
      const r = spawnSync('podman', ['build', ...args, '-t', `${courses.image}-rebuild`], { cwd: context, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
      seconds = (Date.now() - started) / 1000;
      log = `${r.stdout}${r.stderr}`;
      expect(r.status).toBe(0);
    } finally {
      rmSync(context, { recursive: true, force: true });
      spawnSync('podman', ['rmi', '-f', `${courses.image}-rebuild`]);
    }
    process.stdout.write(`reconstrução de ${courses.image} após uma linha alterada: ${seconds.toFixed(0)} s\n`);
    // the stages run side by side and their lines interleave: a step's own outcome is the first "-->" line
    // after its header ("--> Using cache …" or the new layer's id)
    const steps = log.split(/\n(?=\[\d+\/\d+\] STEP )/).map((chunk) => ({ head: chunk.split('\n')[0]!, cached: /^--> Using cache/.test(chunk.split('\n').find((l) => l.startsWith('-->')) ?? '') }));
    // every npm ci step (the shared install and the service's production install) came from the cache
    const installs = steps.filter((st) => /^\[\d+\/\d+\] STEP \d+\/\d+: RUN .*npm ci/.test(st.head));
    expect(installs.length).toBeGreaterThanOrEqual(2);
    for (const st of installs) expect([st.head, st.cached]).toEqual([st.head, true]);
    // the shared packages' compilation came from the cache too, and only the changed service was compiled again
    const packages = steps.find((st) => /RUN npx tsc -b packages\//.test(st.head))!;
    const service = steps.find((st) => /RUN npx tsc -b services\//.test(st.head))!;
    expect([packages.cached, service.cached]).toEqual([true, false]);
  });
});
