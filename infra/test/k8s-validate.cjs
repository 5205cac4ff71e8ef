/**
 * Validates Kubernetes objects against the API's schemas: kubernetes-models, and its KEDA and Prometheus
 * Operator models for those custom resources. infra/test/k8s.spec.ts runs it as a child process (the
 * models are ES modules, which Node.js loads itself, outside jest).
 *
 *   node infra/test/k8s-validate.cjs < objects.json
 *
 * Prints a JSON list of { kind, name, error }, empty when every object is valid; an object of a kind no
 * model knows is an error too.
 */
'use strict';
const fs = require('node:fs');

/** networking.k8s.io → networkingK8sIo: how the packages name an API group's module. */
const groupKey = (group) =>
  group
    .split(/[.-]/)
    .map((part, i) => (i ? part.charAt(0).toUpperCase() + part.slice(1) : part))
    .join('');

async function main() {
  const objects = JSON.parse(fs.readFileSync(0, 'utf8'));
  const models = [await import('kubernetes-models'), await import('@kubernetes-models/keda'), await import('@kubernetes-models/prometheus-operator')];
  const problems = [];
  for (const obj of objects) {
    const id = { kind: `${obj.apiVersion} ${obj.kind}`, name: obj.metadata?.name ?? '(sem nome)' };
    const [group, version] = String(obj.apiVersion).includes('/') ? String(obj.apiVersion).split('/') : ['', String(obj.apiVersion)];
    const Model = models.map((m) => (group ? m[groupKey(group)] : m)?.[version]?.[obj.kind]).find(Boolean);
    if (!Model) {
      problems.push({ ...id, error: 'nenhum esquema conhecido para este tipo' });
      continue;
    }
    try {
      new Model(obj).validate();
    } catch (err) {
      problems.push({ ...id, error: err.message });
    }
  }
  process.stdout.write(JSON.stringify(problems));
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(2);
});
