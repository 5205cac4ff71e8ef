/**
 * The overlays as `kubectl apply -k` applies them, checked in under infra/k8s/rendered/ to read, review
 * and diff without kubectl (infra/test/k8s.spec.ts checks them against a fresh render).
 *
 *   node infra/k8s/render.cjs           renders every overlay into rendered/<overlay>.yaml
 *   node infra/k8s/render.cjs --check   exits 1 naming each overlay whose checked-in render differs
 *
 * Needs kubectl with kustomize v5 or later (`kubectl version --client` prints it): the overlays use
 * components, `labels` and generator `envs`, which older ones refuse.
 */
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const K8S = __dirname;
const OVERLAYS = ['local', 'production'];
const COMPONENTS = ['keda', 'metrics-access', 'service-monitor', 'google-sign-in'];
const MIN_KUSTOMIZE_MAJOR = 5;

const header = (overlay) =>
  `# kubectl kustomize infra/k8s/overlays/${overlay}, written by \`node infra/k8s/render.cjs\`: do not edit, change the\n` +
  `# overlay or the base and render again (infra/test/k8s.spec.ts fails while the two differ).\n`;

/** kubectl and the kustomize it embeds; when unusable, why (the render tests say it when they skip). */
function kustomizeSupport() {
  const r = spawnSync('kubectl', ['version', '--client', '-o', 'json'], { encoding: 'utf8' });
  if (r.error) return { ok: false, reason: 'kubectl não encontrado no PATH (.ci/run o instala quando há um pacote que o forneça)' };
  let info;
  try {
    info = JSON.parse(r.stdout);
  } catch {
    return { ok: false, reason: `kubectl version falhou: ${(r.stderr || r.stdout).trim()}` };
  }
  const version = info.kustomizeVersion;
  const major = Number(/^v?(\d+)\./.exec(version ?? '')?.[1]);
  const kubectl = info.clientVersion?.gitVersion ?? '?';
  if (!(major >= MIN_KUSTOMIZE_MAJOR)) {
    return { ok: false, reason: `kubectl ${kubectl} traz kustomize ${version ?? 'anterior à v4'}; estas overlays precisam da v${MIN_KUSTOMIZE_MAJOR} ou mais nova` };
  }
  return { ok: true, kubectl, kustomize: version };
}

/** `kubectl kustomize <dir>`: the YAML, or an error with kustomize's message. */
function kustomize(dir) {
  const r = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`kubectl kustomize ${path.relative(process.cwd(), dir)} falhou:\n${r.stderr}`);
  return r.stdout;
}

/** An overlay's render as checked in: the header, then kustomize's output. */
function renderOverlay(overlay) {
  return header(overlay) + kustomize(path.join(K8S, 'overlays', overlay));
}

const renderedFile = (overlay) => path.join(K8S, 'rendered', `${overlay}.yaml`);

if (require.main === module) {
  const support = kustomizeSupport();
  if (!support.ok) {
    process.stderr.write(`${support.reason}\n`);
    process.exit(1);
  }
  const check = process.argv.includes('--check');
  let differ = 0;
  for (const overlay of OVERLAYS) {
    const fresh = renderOverlay(overlay);
    const file = renderedFile(overlay);
    if (check) {
      const same = fs.existsSync(file) && fs.readFileSync(file, 'utf8') === fresh;
      if (!same) differ++;
      process.stdout.write(`${path.relative(process.cwd(), file)}: ${same ? 'igual' : 'DIFERENTE: rode node infra/k8s/render.cjs'}\n`);
    } else {
      fs.writeFileSync(file, fresh);
      process.stdout.write(`${path.relative(process.cwd(), file)}\n`);
    }
  }
  process.exit(differ ? 1 : 0);
}

module.exports = { OVERLAYS, COMPONENTS, K8S, kustomizeSupport, kustomize, renderOverlay, renderedFile };
