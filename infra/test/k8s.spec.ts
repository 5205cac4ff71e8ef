import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { bullConnection, SERVICE_NAMES, SERVICES, ServiceName } from '../../packages/common/src';
import { ROUTES } from '../../gateway/src/routes';
import { identityTokenFile, renderNginx } from '../../gateway/src/render';
import { kubernetesOptionsFromEnv, kubernetesUpstreams, optionsFromEnv, writeGatewayConfig } from '../../gateway/src/cli';
import { RankingQueue } from '../../services/ranking/src/heartbeat/heartbeat.queue';
import { ROOT } from './compose-render';
import { deleteKeys, loadTestEnv, psql } from './test-env';
import {
  allowed,
  byKind,
  Container,
  containersOf,
  envFile,
  Endpoint,
  filesUnder,
  find,
  isWorkload,
  K8S,
  K8sObject,
  matches,
  NetworkPolicy,
  parseObjects,
  podOf,
  render,
  renderedObjects,
  renderedText,
  schemaProblems,
  serviceOf,
  Workload,
} from './k8s-manifests';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const infra = require('../platform.cjs') as typeof import('../platform.cjs');

/**
 * infra/k8s: the platform on Kubernetes, checked without a cluster. The overlays are rendered with
 * `kubectl kustomize` when kubectl (with kustomize v5+) is there; every other check reads the checked-in
 * renders (infra/k8s/rendered), which the first test holds equal to a fresh render.
 */
const support = render.kustomizeSupport();
if (!support.ok) {
  process.stderr.write(`\n[infra/k8s] renderização com kubectl kustomize PULADA: ${support.reason}. As renderizações versionadas (infra/k8s/rendered) continuam verificadas.\n\n`);
}
const withKubectl = support.ok ? it : it.skip;
const skipped = support.ok ? '' : ` (pulado: ${support.reason})`;

const OVERLAYS = render.OVERLAYS;
/** What the service image sets itself (Dockerfile ENV): part of every container's environment. */
const IMAGE_ENV = (service: ServiceName) => ({ NODE_ENV: 'production', HOST: '0.0.0.0', SERVICE_NAME: service });
const platformOf = (s: string) => (JSON.parse(readFileSync(join(ROOT, 'services', s, 'package.json'), 'utf8')) as { clima?: { separateWorker?: boolean; nodeArgs?: string[] } }).clima;
const WORKER_SERVICES = SERVICE_NAMES.filter((s) => platformOf(s)?.separateWorker);
/** The node flags a service runs with (package.json "clima.nodeArgs", as `npm start` and docker-compose.yml use them). */
const nodeArgsOf = (s: string) => platformOf(s)?.nodeArgs ?? [];
const STORAGE_SERVICES: ServiceName[] = ['catalog', 'manuals'];
/** Variables whose value is a credential (or carries one, as a URL's password): only ever from a Secret. */
const SENSITIVE = /PASSWORD|SECRET|TOKEN|PRIVATE_KEY|ACCESS_KEY|^DATABASE_URL$|^REDIS_URL$|^SMTP_URL$/;

/** The service's config loader (services/<s>/src/config.ts, load…Config). */
function loaderOf(service: ServiceName): (env: NodeJS.ProcessEnv) => Record<string, unknown> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(join(ROOT, 'services', service, 'src/config.ts')) as Record<string, unknown>;
  const load = Object.entries(mod).find(([k, v]) => /^load\w*Config$/.test(k) && typeof v === 'function')?.[1];
  if (!load) throw new Error(`services/${service}/src/config.ts não exporta load…Config`);
  return load as (env: NodeJS.ProcessEnv) => Record<string, unknown>;
}

/**
 * The variables a service's config validates, read from its schemas as they are now: its loader runs on an
 * environment that records every name it reads (zod reads each key of the schema; the storage config too).
 */
const validatedCache = new Map<ServiceName, Set<string>>();
function validatedVariables(service: ServiceName): Set<string> {
  const cached = validatedCache.get(service);
  if (cached) return cached;
  const read = new Set<string>();
  const record = (_t: object, k: string | symbol) => {
    if (typeof k === 'string') read.add(k);
    return undefined;
  };
  const env = new Proxy({}, { get: record, has: (t, k) => (record(t, k), false), ownKeys: () => [], getOwnPropertyDescriptor: () => undefined });
  try {
    loaderOf(service)(env as NodeJS.ProcessEnv);
  } catch {
    // a rule that fails on an empty environment: the names were read before it
  }
  validatedCache.set(service, read);
  return read;
}

/** Values an operator could put in the Secrets of infra/k8s/secrets/*.env.example (the production overlay). */
const identity = infra.newIdentityKeys('k8s-spec');
const PRODUCTION_VALUES: Record<string, string> = {
  DATABASE_URL: 'postgres://clima:db-k8s-spec-3c1d@db.clima.example.com:5432/clima?sslmode=require',
  REDIS_URL: 'rediss://default:redis-k8s-spec-77ab@redis.clima.example.com:6380',
  METRICS_TOKEN: 'metrics-k8s-spec-0123456789abcdef',
  IDENTITY_PUBLIC_KEYS: identity.IDENTITY_PUBLIC_KEYS,
  IDENTITY_PRIVATE_KEY: identity.IDENTITY_PRIVATE_KEY,
  SMTP_URL: 'smtps://clima:smtp-k8s-spec-51ae@smtp.clima.example.com:465',
  ADMIN_PASSWORD: 'admin-k8s-spec-9f2e',
  S3_ACCESS_KEY_ID: 'AKIAK8SSPEC',
  S3_SECRET_ACCESS_KEY: 's3-k8s-spec-secret-4d5e',
  STRIPE_SECRET_KEY: 'sk_test_k8sspec',
  STRIPE_WEBHOOK_SECRET: 'whsec_k8sspec',
  STRIPE_PRICE_MONTHLY: 'price_k8sspec_monthly',
  STRIPE_PRICE_ANNUAL: 'price_k8sspec_annual',
  address: 'redis.clima.example.com:6380',
  password: 'redis-k8s-spec-77ab',
};
const EXAMPLES = join(K8S, 'secrets');
const exampleSecretName = (file: string) => `clima-${file.replace(/\.env\.example$/, '')}`;
const exampleFiles = () => filesUnder(EXAMPLES).filter((f) => f.endsWith('.env.example'));

/** The Secrets each overlay expects: the local overlay's from local-secrets.cjs (run here), production's as documented. */
const secretsCache = new Map<string, Record<string, Record<string, string>>>();
function secretsFor(overlay: string): Record<string, Record<string, string>> {
  const cached = secretsCache.get(overlay);
  if (cached) return cached;
  let secrets: Record<string, Record<string, string>>;
  if (overlay === 'local') {
    const dir = mkdtempSync(join(tmpdir(), 'clima-k8s-secrets-'));
    try {
      const out = execFileSync(process.execPath, [join(K8S, 'local-secrets.cjs')], { env: { ...process.env, CLIMA_K8S_LOCAL_SECRETS: join(dir, 'secrets.json') }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      secrets = Object.fromEntries(parseObjects(out).map((o) => [o.metadata.name, (o as unknown as { stringData: Record<string, string> }).stringData]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  } else {
    secrets = Object.fromEntries(
      exampleFiles().map((f) => [exampleSecretName(relative(EXAMPLES, f)), Object.fromEntries(Object.keys(envFile(f)).map((k) => [k, PRODUCTION_VALUES[k] ?? '']))]),
    );
  }
  secretsCache.set(overlay, secrets);
  return secrets;
}

/** A container's environment as the kubelet would make it; `missing` lists the references it could not resolve. */
function resolveEnv(c: Container, objects: K8sObject[], secrets: Record<string, Record<string, string>>): { env: Record<string, string>; missing: string[] } {
  const configMaps = Object.fromEntries(byKind(objects, 'ConfigMap').map((m) => [m.metadata.name, m.data ?? {}]));
  const env: Record<string, string> = {};
  const missing: string[] = [];
  for (const v of c.env ?? []) {
    if (v.value !== undefined) {
      env[v.name] = v.value;
      continue;
    }
    const ref = v.valueFrom?.secretKeyRef ?? v.valueFrom?.configMapKeyRef;
    const source = v.valueFrom?.secretKeyRef ? secrets[ref!.name] : configMaps[ref!.name];
    const value = source?.[ref!.key];
    if (value !== undefined) env[v.name] = value;
    else if (!ref!.optional) missing.push(`${v.name} (${v.valueFrom?.secretKeyRef ? 'Secret' : 'ConfigMap'} ${ref!.name}, chave ${ref!.key})`);
  }
  return { env, missing };
}

function firstDifference(a: string, b: string): string {
  const x = a.split('\n');
  const y = b.split('\n');
  const i = x.findIndex((line, n) => line !== y[n]);
  const at = i < 0 ? Math.min(x.length, y.length) : i;
  return `linha ${at + 1}: versionado ${JSON.stringify(x[at])}, renderizado ${JSON.stringify(y[at])}`;
}

describe('infra/k8s rendered with kubectl kustomize', () => {
  withKubectl.each(OVERLAYS)(`%s: the checked-in render (infra/k8s/rendered) equals a fresh render${skipped}`, (overlay) => {
    const fresh = render.renderOverlay(overlay);
    const checkedIn = renderedText(overlay);
    if (checkedIn !== fresh) throw new Error(`infra/k8s/rendered/${overlay}.yaml difere de kubectl kustomize (${firstDifference(checkedIn, fresh)}): rode node infra/k8s/render.cjs`);
  });

  withKubectl(`production with every optional component renders, and each object validates against the schemas${skipped}`, () => {
    // a kustomization beside none of ours, as an operator's own overlay would be
    const dir = mkdtempSync(join(tmpdir(), 'clima-k8s-components-'));
    try {
      const rel = (p: string) => relative(dir, join(K8S, p));
      writeFileSync(
        join(dir, 'kustomization.yaml'),
        [
          'apiVersion: kustomize.config.k8s.io/v1beta1',
          'kind: Kustomization',
          'resources:',
          `  - ${rel('overlays/production')}`,
          'components:',
          ...render.COMPONENTS.map((c) => `  - ${rel(`components/${c}`)}`),
          '',
        ].join('\n'),
      );
      const objects = parseObjects(render.kustomize(dir));
      for (const kind of ['ScaledObject', 'TriggerAuthentication', 'ServiceMonitor']) expect([kind, byKind(objects, kind).length]).toEqual([kind, 1]);
      expect(schemaProblems(objects)).toEqual([]);
      // KEDA owns the worker's count: the Deployment no longer sets one
      expect(find<Workload>(objects, 'Deployment', 'ranking-worker').spec.replicas).toBeUndefined();
      expect(byKind(objects, 'Secret')).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(OVERLAYS)('infra/k8s overlay %s', (overlay) => {
  const objects = renderedObjects(overlay);
  const workloads = objects.filter(isWorkload);
  const deployments = byKind<Workload>(objects, 'Deployment');
  const platform = workloads.filter((w) => serviceOf(w));
  const policies = byKind<NetworkPolicy>(objects, 'NetworkPolicy');

  it('every object validates against the Kubernetes API schemas (kubernetes-models)', () => {
    expect(objects.length).toBeGreaterThan(30);
    expect(schemaProblems(objects)).toEqual([]);
  });

  it('every Deployment and StatefulSet has readiness and liveness probes, CPU and memory requests and limits, runs non-root on a read-only root filesystem (Jobs too)', () => {
    const problems: string[] = [];
    for (const w of workloads) {
      const id = `${w.kind} ${w.metadata.name}`;
      const pod = w.spec.template.spec;
      if (!(pod.securityContext?.runAsNonRoot === true && (pod.securityContext.runAsUser ?? 0) > 0)) problems.push(`${id}: runAsNonRoot e um runAsUser numérico > 0`);
      if (pod.securityContext?.seccompProfile?.type !== 'RuntimeDefault') problems.push(`${id}: seccompProfile RuntimeDefault`);
      for (const c of containersOf(w)) {
        const cid = `${id} (${c.name})`;
        for (const level of ['requests', 'limits'] as const) for (const r of ['cpu', 'memory']) if (!c.resources?.[level]?.[r]) problems.push(`${cid}: ${level}.${r}`);
        const sc = c.securityContext ?? {};
        if (sc.readOnlyRootFilesystem !== true) problems.push(`${cid}: readOnlyRootFilesystem`);
        if (sc.allowPrivilegeEscalation !== false) problems.push(`${cid}: allowPrivilegeEscalation false`);
        if (!sc.capabilities?.drop?.includes('ALL')) problems.push(`${cid}: capabilities.drop ALL`);
        // a read-only root: whatever writes to /tmp (uploads, nginx's buffers) writes to a volume
        for (const m of c.volumeMounts ?? []) if (!pod.volumes?.some((v) => v.name === m.name) && !('volumeClaimTemplates' in w.spec)) problems.push(`${cid}: volume ${m.name} ausente`);
      }
      if (w.kind === 'Job') continue;
      for (const c of pod.containers) {
        if (!c.readinessProbe) problems.push(`${id} (${c.name}): readinessProbe`);
        if (!c.livenessProbe) problems.push(`${id} (${c.name}): livenessProbe`);
      }
    }
    expect(problems).toEqual([]);
    // every platform process writes its temporary files to an emptyDir at /tmp
    for (const w of [...platform, find<Workload>(objects, 'Deployment', 'gateway')]) {
      for (const c of containersOf(w).filter((x) => x.name !== 'wait-for-migrations')) expect([w.metadata.name, c.volumeMounts?.find((m) => m.mountPath === '/tmp')?.name]).toEqual([w.metadata.name, 'tmp']);
    }
  });

  it("every service and the gateway: probes on /health (the gateway's own), a Service, a PodDisruptionBudget and a HorizontalPodAutoscaler, rolling updates that keep every ready pod, a drain before SIGTERM", () => {
    const pdbs = byKind(objects, 'PodDisruptionBudget') as unknown as { metadata: { name: string }; spec: { selector: { matchLabels: Record<string, string> }; maxUnavailable?: number } }[];
    const hpas = byKind(objects, 'HorizontalPodAutoscaler') as unknown as { spec: { scaleTargetRef: { kind: string; name: string }; minReplicas: number; maxReplicas: number } }[];
    for (const name of [...SERVICE_NAMES, 'gateway']) {
      const d = find<Workload>(deployments, 'Deployment', name);
      const pod = podOf(d);
      const app = d.spec.template.spec.containers[0]!;
      const port = name === 'gateway' ? 8080 : SERVICES[name as ServiceName].port;
      expect([name, pod.ports.http]).toEqual([name, port]);
      for (const probe of [app.readinessProbe, app.livenessProbe, app.startupProbe]) expect([name, probe?.httpGet]).toEqual([name, { path: name === 'gateway' ? '/gateway-health' : '/health', port: 'http' }]);
      const svc = find(objects, 'Service', name) as unknown as { spec: { selector: Record<string, string>; ports: { port: number; targetPort: string }[] } };
      expect(Object.entries(svc.spec.selector).every(([k, v]) => pod.pod[k] === v)).toBe(true);
      expect(svc.spec.ports).toEqual([expect.objectContaining({ port, targetPort: 'http' })]);
      const pdb = pdbs.filter((p) => Object.entries(p.spec.selector.matchLabels).every(([k, v]) => pod.pod[k] === v));
      expect([name, pdb.length, pdb[0]?.spec.maxUnavailable]).toEqual([name, 1, 1]);
      const hpa = hpas.filter((h) => h.spec.scaleTargetRef.kind === 'Deployment' && h.spec.scaleTargetRef.name === name);
      expect([name, hpa.length]).toEqual([name, 1]);
      expect(hpa[0]!.spec.minReplicas).toBeGreaterThanOrEqual(overlay === 'production' ? 2 : 1);
      // the autoscaler owns the count: an apply never resets it
      expect([name, d.spec.replicas]).toEqual([name, undefined]);
      expect([name, d.spec.strategy?.rollingUpdate?.maxUnavailable]).toEqual([name, 0]);
      // the pod leaves the endpoints, then gets SIGTERM, with time left to finish what it holds
      const preStop = app.lifecycle?.preStop?.exec?.command ?? [];
      expect([name, preStop[0]]).toEqual([name, 'sleep']);
      expect(d.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(Number(preStop[1]) + 30);
    }
    // a worker rolls the same way and drains too (SIGTERM closes its consumers)
    for (const s of WORKER_SERVICES) {
      const w = find<Workload>(deployments, 'Deployment', `${s}-worker`);
      expect(w.spec.strategy?.rollingUpdate?.maxUnavailable).toBe(0);
      expect(w.spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(30);
    }
  });

  it('every service of the route table has a Deployment, a Service and a migration Job, and waits for its migrations; a worker Deployment where package.json asks for one', () => {
    const routed = [...new Set(ROUTES.map((r) => r.service))];
    expect(routed.sort()).toEqual([...SERVICE_NAMES].sort());
    for (const s of SERVICE_NAMES) {
      const d = find<Workload>(objects, 'Deployment', s);
      find(objects, 'Service', s);
      const app = d.spec.template.spec.containers[0]!;
      expect([s, app.command]).toEqual([s, ['node', ...nodeArgsOf(s), `services/${s}/dist/main.js`]]);
      const wait = d.spec.template.spec.initContainers?.find((c) => c.name === 'wait-for-migrations');
      expect([s, wait?.command, wait?.image]).toEqual([s, ['node', 'infra/k8s/wait-for-migrations.cjs'], app.image]);
      const job = find<Workload>(objects, 'Job', `migrate-${s}`);
      const migrate = job.spec.template.spec.containers[0]!;
      expect([s, migrate.image]).toEqual([s, app.image]);
      expect(migrate.command?.join(' ')).toContain(`node services/${s}/dist/migrate.js && node services/${s}/dist/seed.js`);
      expect(serviceOf(job)).toBe(s);
      const workersInProcess = app.env?.find((v) => v.name === 'WORKERS_IN_PROCESS')?.value;
      if (WORKER_SERVICES.includes(s)) {
        const worker = find<Workload>(objects, 'Deployment', `${s}-worker`);
        expect([s, worker.spec.template.spec.containers[0]!.command, worker.spec.template.spec.containers[0]!.image]).toEqual([s, ['node', `services/${s}/dist/worker.js`], app.image]);
        expect([s, workersInProcess]).toEqual([s, 'false']);
      } else {
        expect([s, workersInProcess, objects.some((o) => o.metadata.name === `${s}-worker`)]).toEqual([s, undefined, false]);
      }
    }
    // the first administrator comes from the Secret: without it the seed would make one and print it nowhere
    const authJob = find<Workload>(objects, 'Job', 'migrate-auth').spec.template.spec.containers[0]!;
    expect(authJob.env?.find((v) => v.name === 'ADMIN_PASSWORD')?.valueFrom?.secretKeyRef).toEqual({ name: 'clima-auth', key: 'ADMIN_PASSWORD' });
  });

  it('every program the manifests start is in the build output or in infra/k8s (copied into the image)', () => {
    for (const w of platform) {
      for (const c of containersOf(w)) {
        const cmd = (c.command ?? []).join(' ');
        for (const [, file] of cmd.matchAll(/node ((?:services|infra)\/[\w./-]+\.c?js)/g)) expect([w.metadata.name, file, existsSync(join(ROOT, file!))]).toEqual([w.metadata.name, file, true]);
        for (const v of [...(c.readinessProbe?.exec?.command ?? []), ...(c.livenessProbe?.exec?.command ?? [])].filter((x) => x.endsWith('.cjs'))) expect(existsSync(join(ROOT, v))).toBe(true);
      }
    }
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    for (const f of ['wait-for-migrations.cjs', 'health.cjs']) expect(dockerfile).toContain(f);
  });

  it('the gateway reaches every service at the Service name and port its Kubernetes nginx configuration names', () => {
    const services = Object.fromEntries(SERVICE_NAMES.map((s) => {
      const svc = find(objects, 'Service', s) as unknown as { spec: { ports: { port: number }[] } };
      return [s, [`${s}:${svc.spec.ports[0]!.port}`]];
    }));
    expect(kubernetesUpstreams()).toEqual(services);
    const gw = find<Workload>(objects, 'Deployment', 'gateway');
    const nginx = gw.spec.template.spec.containers[0]!;
    // gateway/start.sh writes the identity check's token where the configuration includes it, then runs nginx
    expect(nginx.command).toEqual(['gateway-start', '/etc/clima/nginx-k8s', identityTokenFile(kubernetesOptionsFromEnv({}, ROOT)), '-e', 'stderr', '-g', 'daemon off;']);
    const token = (nginx as unknown as { env: { name: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[] }).env.find((e) => e.name === 'GATEWAY_TOKEN');
    expect(token?.valueFrom?.secretKeyRef).toEqual({ name: 'clima-auth', key: 'GATEWAY_TOKEN' });
    const auth = find<Workload>(objects, 'Deployment', 'auth').spec.template.spec.containers[0] as unknown as { env: { name: string; valueFrom?: { secretKeyRef?: unknown } }[] };
    expect(auth.env.find((e) => e.name === 'GATEWAY_TOKEN')?.valueFrom?.secretKeyRef).toEqual({ name: 'clima-auth', key: 'GATEWAY_TOKEN' });
    // nginx writes its pid and temporary files where kubernetesOptionsFromEnv puts them: the emptyDir
    expect(kubernetesOptionsFromEnv({}, ROOT).tempDir).toBe(nginx.volumeMounts?.find((m) => m.name === 'tmp')?.mountPath);
    expect(gw.spec.template.spec.securityContext?.runAsUser).toBe(101);
  });

  it("network policies: default deny; only the gateway reaches the services' ports; services reach PostgreSQL, Redis, storage and SMTP as each needs; auth nothing else; billing Stripe", () => {
    const denyAll = policies.filter((p) => !p.spec.podSelector.matchLabels && !p.spec.podSelector.matchExpressions && !p.spec.ingress && !p.spec.egress);
    expect(denyAll.flatMap((p) => p.spec.policyTypes).sort()).toEqual(['Egress', 'Ingress']);
    // every pod is named by a policy of its own (not only the namespace-wide ones)
    for (const w of workloads) {
      const named = policies.filter((p) => (p.spec.podSelector.matchLabels || p.spec.podSelector.matchExpressions) && matches(p.spec.podSelector, w.spec.template.metadata.labels));
      expect([w.metadata.name, named.length > 0]).toEqual([w.metadata.name, true]);
    }
    const pod = (name: string) => podOf(workloads.find((w) => w.metadata.name === name)!);
    const gateway = pod('gateway');
    const internet: Endpoint = { ip: '203.0.113.10' };
    const managed: Endpoint = { ip: '10.20.0.5' };
    const dns: Endpoint = { ip: '10.96.0.10' };
    for (const w of workloads) expect([w.metadata.name, allowed(policies, podOf(w), dns, 53, 'UDP')]).toEqual([w.metadata.name, true]);

    expect(allowed(policies, internet, gateway, 8080)).toBe(true);
    expect(allowed(policies, internet, gateway, 8081)).toBe(false);
    for (const s of SERVICE_NAMES) {
      const target = pod(s);
      const port = SERVICES[s].port;
      expect([s, 'gateway', allowed(policies, gateway, target, port)]).toEqual([s, 'gateway', true]);
      expect([s, 'gateway:other port', allowed(policies, gateway, target, port + 100)]).toEqual([s, 'gateway:other port', false]);
      for (const from of workloads.filter((w) => w.metadata.name !== 'gateway')) {
        // the billing sandbox of the local overlay posts its events to its own pod
        const sandbox = overlay === 'local' && s === 'billing' && from.metadata.name === 'billing';
        expect([s, from.metadata.name, allowed(policies, podOf(from), target, port)]).toEqual([s, from.metadata.name, sandbox]);
      }
      expect([s, 'internet', allowed(policies, internet, target, port)]).toEqual([s, 'internet', false]);
      expect([s, 'other namespace', allowed(policies, { namespace: 'monitoring' }, target, port)]).toEqual([s, 'other namespace', false]);
    }
    // the gateway reaches nothing but the services
    for (const w of workloads.filter((x) => !SERVICE_NAMES.includes(x.metadata.name as ServiceName) && x.metadata.name !== 'gateway')) {
      for (const port of Object.values(podOf(w).ports)) expect([w.metadata.name, allowed(policies, gateway, podOf(w), port)]).toEqual([w.metadata.name, false]);
    }
    for (const port of [443, 5432, 6379, 465]) expect(['gateway', port, allowed(policies, gateway, internet, port)]).toEqual(['gateway', port, false]);
    // nothing reaches a worker or a migration Job
    for (const w of platform.filter((x) => x.metadata.labels?.['app.kubernetes.io/component'] !== 'service')) {
      for (const from of workloads) expect([w.metadata.name, from.metadata.name, allowed(policies, podOf(from), podOf(w), 3005)]).toEqual([w.metadata.name, from.metadata.name, false]);
    }
    // PostgreSQL and Redis for every service, worker and migration: managed ones outside (production), the overlay's own pods (local)
    for (const w of platform) {
      for (const [port, store] of [[5432, 'postgres'], [6379, 'redis']] as const) {
        const target = overlay === 'local' ? pod(store) : managed;
        expect([w.metadata.name, port, allowed(policies, podOf(w), target, port)]).toEqual([w.metadata.name, port, true]);
      }
    }
    // object storage only for the services that keep files
    for (const s of SERVICE_NAMES) {
      const target = overlay === 'local' ? pod('minio') : { ip: '10.30.0.9' };
      expect([s, 'storage', allowed(policies, pod(s), target, 9000)]).toEqual([s, 'storage', STORAGE_SERVICES.includes(s)]);
      if (overlay === 'production') expect([s, 'S3 over https', allowed(policies, pod(s), internet, 443)]).toEqual([s, 'S3 over https', STORAGE_SERVICES.includes(s) || s === 'billing']);
    }
    // SMTP only for auth; auth reaches nothing on the internet (Google sign-in is the google-sign-in component)
    for (const s of SERVICE_NAMES) {
      const target = overlay === 'local' ? pod('maildev') : internet;
      const port = overlay === 'local' ? 1025 : 465;
      expect([s, 'smtp', allowed(policies, pod(s), target, port)]).toEqual([s, 'smtp', s === 'auth']);
    }
    expect(allowed(policies, pod('auth'), internet, 443)).toBe(false);
    expect(allowed(policies, pod('auth'), internet, 80)).toBe(false);
    // billing reaches Stripe's public addresses, never a private one on that port
    expect(allowed(policies, pod('billing'), internet, 443)).toBe(true);
    expect(allowed(policies, pod('billing'), { ip: '10.1.2.3' }, 443)).toBe(false);
    expect(allowed(policies, pod('courses'), internet, 443)).toBe(false);
    if (overlay === 'local') {
      expect(allowed(policies, gateway, pod('postgres'), 5432)).toBe(false);
      expect(allowed(policies, pod('postgres'), internet, 443)).toBe(false);
    }
  });

  it('no secret value is written in a manifest: no Secret object, every credential variable from a Secret, no credential in the ConfigMap', () => {
    expect(byKind(objects, 'Secret')).toEqual([]);
    const problems: string[] = [];
    for (const w of workloads) {
      for (const c of containersOf(w)) {
        for (const v of c.env ?? []) {
          if (SENSITIVE.test(v.name) && !v.valueFrom?.secretKeyRef) problems.push(`${w.metadata.name} (${c.name}): ${v.name} fora de um Secret`);
          if (v.value !== undefined && /:\/\/[^\s/:@]+:[^\s/@]+@/.test(v.value)) problems.push(`${w.metadata.name} (${c.name}): ${v.name} tem uma senha na URL`);
        }
      }
    }
    for (const m of byKind(objects, 'ConfigMap')) {
      for (const [k, v] of Object.entries(m.data ?? {})) {
        if (SENSITIVE.test(k)) problems.push(`ConfigMap ${m.metadata.name}: ${k}`);
        if (/:\/\/[^\s/:@]+:[^\s/@]+@/.test(v)) problems.push(`ConfigMap ${m.metadata.name}: ${k} tem uma senha na URL`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("the variables set for each container are ones its service's config validates (read from the config schemas now)", () => {
    const problems: string[] = [];
    let checked = 0;
    for (const w of platform) {
      const service = serviceOf(w)!;
      const known = validatedVariables(service);
      for (const c of containersOf(w)) {
        for (const v of c.env ?? []) {
          checked++;
          if (!known.has(v.name)) problems.push(`${w.kind} ${w.metadata.name} (${c.name}): ${v.name} não é validada por services/${service}/src/config.ts`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  });

  it('every variable a process needs is provided: each loads its configuration in production from the ConfigMap and the Secrets', () => {
    const secrets = secretsFor(overlay);
    for (const w of platform) {
      const service = serviceOf(w)!;
      for (const c of containersOf(w)) {
        const { env, missing } = resolveEnv(c, objects, secrets);
        const id = `${w.metadata.name} (${c.name})`;
        expect([id, missing]).toEqual([id, []]);
        if (c.name === 'wait-for-migrations') {
          expect([id, Object.keys(env)]).toEqual([id, ['DATABASE_URL']]);
          continue;
        }
        let config: Record<string, unknown> = {};
        expect(() => (config = loaderOf(service)({ ...IMAGE_ENV(service), ...env }))).not.toThrow();
        const component = w.metadata.labels?.['app.kubernetes.io/component'];
        if (component === 'service') {
          // what the HTTP process needs beyond its schema's defaults: verify the gateway's identity, answer Prometheus
          expect([id, !!config.IDENTITY_PUBLIC_KEYS, !!config.METRICS_TOKEN]).toEqual([id, true, true]);
          expect([id, config.PORT]).toEqual([id, SERVICES[service].port]);
        }
        if (STORAGE_SERVICES.includes(service) && component === 'service') expect([id, (config.storage as { driver: string }).driver]).toEqual([id, 's3']);
        if (service === 'auth' && component === 'service') expect([id, !!config.IDENTITY_PRIVATE_KEY, !!config.SMTP_URL]).toEqual([id, true, true]);
        if (service === 'auth' && component === 'migration') expect(config.ADMIN_PASSWORD).toBe(secrets['clima-auth']!.ADMIN_PASSWORD);
        if (service === 'billing') expect([id, config.BILLING_PROVIDER]).toEqual([id, overlay === 'local' ? 'sandbox' : 'stripe']);
      }
    }
  });

  if (overlay === 'production') {
    it('without the clima-billing Secret, billing refuses to start in production, naming STRIPE_SECRET_KEY (never the sandbox by accident)', () => {
      const { 'clima-billing': _billing, ...others } = secretsFor('production');
      const billing = find<Workload>(objects, 'Deployment', 'billing').spec.template.spec.containers[0]!;
      const { env, missing } = resolveEnv(billing, objects, others);
      expect(missing).toEqual([]);
      expect(() => loaderOf('billing')({ ...IMAGE_ENV('billing'), ...env })).toThrow(/STRIPE_SECRET_KEY: obrigatória em produção/);
    });

    it('the documented Secrets (infra/k8s/secrets/*.env.example) list exactly the keys the manifests and components read, and hold no value', () => {
      const componentObjects = render.COMPONENTS.flatMap((c) => filesUnder(join(K8S, 'components', c)).filter((f) => f.endsWith('.yaml') && !f.endsWith('kustomization.yaml')).flatMap((f) => parseObjects(readFileSync(f, 'utf8'))));
      const read = new Map<string, { key: string; optional: boolean }[]>();
      for (const w of workloads) {
        for (const c of containersOf(w)) for (const v of c.env ?? []) if (v.valueFrom?.secretKeyRef) read.set(v.valueFrom.secretKeyRef.name, [...(read.get(v.valueFrom.secretKeyRef.name) ?? []), { key: v.valueFrom.secretKeyRef.key, optional: !!v.valueFrom.secretKeyRef.optional }]);
      }
      for (const t of byKind(componentObjects, 'TriggerAuthentication') as unknown as { spec: { secretTargetRef: { name: string; key: string }[] } }[]) {
        for (const r of t.spec.secretTargetRef) read.set(r.name, [...(read.get(r.name) ?? []), { key: r.key, optional: false }]);
      }
      const documented = Object.fromEntries(exampleFiles().map((f) => [exampleSecretName(relative(EXAMPLES, f)), envFile(f)]));
      expect(Object.keys(documented).sort()).toEqual([...read.keys()].sort());
      for (const [name, keys] of read) expect([name, Object.keys(documented[name]!).sort()]).toEqual([name, [...new Set(keys.map((k) => k.key))].sort()]);
      for (const [name, vars] of Object.entries(documented)) for (const [k, v] of Object.entries(vars)) expect([name, k, v]).toEqual([name, k, '']);
    });
  }
});

describe('infra/k8s sources', () => {
  it('no secret value in any file of infra/k8s, and no Secret object but the local throwaway ones made at run time', () => {
    const problems: string[] = [];
    for (const file of filesUnder(K8S)) {
      if (!/\.(ya?ml|env|example)$/.test(file)) continue;
      const lines = readFileSync(file, 'utf8').split('\n').filter((l) => !/^\s*#/.test(l));
      const text = lines.join('\n');
      const rel = relative(ROOT, file);
      if (/^kind:\s*Secret\s*$/m.test(text)) problems.push(`${rel}: um objeto Secret`);
      for (const [what, re] of [
        ['chave privada PEM', /-----BEGIN/],
        ['JWK privada', /"d"\s*:/],
        ['chave do Stripe', /\b(sk|rk)_(live|test)_[A-Za-z0-9]/],
        ['segredo de webhook', /\bwhsec_[A-Za-z0-9]/],
        ['senha em URL', /:\/\/[^\s/:@"]+:[^\s/@"]+@/],
      ] as const) {
        if (re.test(text)) problems.push(`${rel}: ${what}`);
      }
    }
    expect(problems).toEqual([]);
    // the operator's own env files never go into git
    expect(readFileSync(join(K8S, 'secrets/.gitignore'), 'utf8')).toMatch(/^\*\.env$/m);
  });

  it("the optional components' objects validate against the schemas, and KEDA watches the heartbeat queue's list of waiting jobs", () => {
    const objects = render.COMPONENTS.flatMap((c) => filesUnder(join(K8S, 'components', c)).filter((f) => f.endsWith('.yaml') && !f.endsWith('kustomization.yaml')).flatMap((f) => parseObjects(readFileSync(f, 'utf8'))));
    expect(schemaProblems(objects)).toEqual([]);
    const scaled = find(objects, 'ScaledObject', 'ranking-worker') as unknown as { spec: { scaleTargetRef: { name: string }; triggers: { type: string; metadata: { listName: string } }[] } };
    const prefix = byKind(renderedObjects('production'), 'ConfigMap')[0]!.data!.KEY_PREFIX;
    expect(scaled.spec.scaleTargetRef.name).toBe('ranking-worker');
    expect(scaled.spec.triggers).toEqual([expect.objectContaining({ type: 'redis', metadata: expect.objectContaining({ listName: `${prefix}:${RankingQueue.Heartbeats}:wait` }) })]);
    const monitor = find(objects, 'ServiceMonitor', 'clima-services') as unknown as { spec: { endpoints: { port: string; path: string; authorization: { credentials: { name: string; key: string } } }[] } };
    expect(monitor.spec.endpoints[0]).toEqual(expect.objectContaining({ port: 'http', path: '/metrics', authorization: expect.objectContaining({ credentials: { name: 'clima-platform', key: 'METRICS_TOKEN' } }) }));
    // with metrics-access, Prometheus's namespace reaches the services' port, and nothing more
    const production = renderedObjects('production');
    const policies = [...byKind<NetworkPolicy>(production, 'NetworkPolicy'), ...byKind<NetworkPolicy>(objects, 'NetworkPolicy')];
    const catalog = podOf(find<Workload>(production, 'Deployment', 'catalog'));
    expect(allowed(policies, { namespace: 'monitoring' }, catalog, SERVICES.catalog.port)).toBe(true);
    expect(allowed(policies, { namespace: 'default' }, catalog, SERVICES.catalog.port)).toBe(false);
    expect(allowed(policies, { namespace: 'monitoring' }, podOf(find<Workload>(production, 'Deployment', 'ranking-worker')), 3005)).toBe(false);
    // google-sign-in opens https to the internet for auth only
    expect(allowed(policies, podOf(find<Workload>(production, 'Deployment', 'auth')), { ip: '203.0.113.10' }, 443)).toBe(true);
    expect(allowed(policies, podOf(find<Workload>(production, 'Deployment', 'courses')), { ip: '203.0.113.10' }, 443)).toBe(false);
  });

  it("BullMQ keeps the queue's waiting jobs in that Redis list (the length KEDA reads)", async () => {
    const env = loadTestEnv()!;
    const prefix = `${env.KEY_PREFIX}_k8s`;
    const queue = new Queue(RankingQueue.Heartbeats, { connection: bullConnection(env.REDIS_URL), prefix });
    const redis = new Redis(env.REDIS_URL);
    try {
      await queue.add('heartbeat', { userId: 'k8s-spec', at: new Date().toISOString() });
      await queue.add('heartbeat', { userId: 'k8s-spec-2', at: new Date().toISOString() });
      expect(await redis.llen(`${prefix}:${RankingQueue.Heartbeats}:wait`)).toBe(2);
    } finally {
      await queue.close();
      redis.disconnect();
      await deleteKeys(env.REDIS_URL, prefix);
    }
  });

  it('local-secrets.cjs makes its throwaway values once and gives the same ones again (the local PostgreSQL keeps its password)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'clima-k8s-secrets-'));
    try {
      const run = () => execFileSync(process.execPath, [join(K8S, 'local-secrets.cjs')], { env: { ...process.env, CLIMA_K8S_LOCAL_SECRETS: join(dir, 's.json') }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      const first = run();
      expect(run()).toBe(first);
      const secrets = parseObjects(first) as unknown as { kind: string; metadata: { annotations: Record<string, string> }; stringData: Record<string, string> }[];
      expect(secrets.map((s) => s.kind)).toEqual(['Secret', 'Secret', 'Secret', 'Secret']);
      for (const s of secrets) expect(s.metadata.annotations['clima/purpose']).toMatch(/^local use only/);
      expect(first).toContain(`postgres://clima:${secrets[3]!.stringData.POSTGRES_PASSWORD}@postgres:5432/clima`);
      expect(statSync(join(dir, 's.json')).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('infra/k8s: what the images run', () => {
  const env = loadTestEnv()!;
  /**
   * How long a probe script may take before it counts as hung: far beyond its own deadline, because jest's workers
   * start whole platforms beside it and a node process can wait many seconds for a core (a 20-s guard killed a
   * healthy check once at a suite's start, 29/11/2026).
   */
  const SCRIPT_GUARD_MS = 120_000;

  it('wait-for-migrations.cjs waits while a migration of the image is missing, and lets the pod start once the Job applied them', () => {
    const db = `${env.DATABASE_NAME}_k8s_wait`;
    psql(`CREATE DATABASE ${db}`);
    try {
      const url = env.DATABASE_URL.replace(/\/[^/]+$/, `/${db}`);
      const wait = () => spawnSync(process.execPath, [join(K8S, 'wait-for-migrations.cjs'), '--timeout=2'], { env: { ...process.env, DATABASE_URL: url, SERVICE_NAME: 'ranking' }, encoding: 'utf8', timeout: SCRIPT_GUARD_MS });
      const before = wait();
      expect(before.status).toBe(1);
      expect(before.stderr).toMatch(/ranking: migrações pendentes após 2 s: RankingSchema/);
      execFileSync(process.execPath, [join(ROOT, 'services/ranking/dist/migrate.js')], { env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' }, stdio: 'pipe' });
      const after = wait();
      expect([after.status, after.stderr]).toEqual([0, '']);
      expect(after.stdout).toMatch(/ranking: \d+ migração\(ões\) aplicada\(s\), iniciando/);
    } finally {
      psql(`DROP DATABASE IF EXISTS ${db}`);
    }
  });

  it('wait-for-migrations.cjs keeps its deadline when its read is stuck behind a lock (a migration running), and says why', async () => {
    const db = `${env.DATABASE_NAME}_k8s_lock`;
    psql(`CREATE DATABASE ${db}`);
    const url = env.DATABASE_URL.replace(/\/[^/]+$/, `/${db}`);
    const holder = new Client({ connectionString: url });
    try {
      execFileSync(process.execPath, [join(ROOT, 'services/ranking/dist/migrate.js')], { env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' }, stdio: 'pipe' });
      await holder.connect();
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE ranking.migrations IN ACCESS EXCLUSIVE MODE');
      // held until the script ends: before its reads had a time limit, it waited for the lock whatever its deadline
      const r = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [join(K8S, 'wait-for-migrations.cjs'), 'ranking', '--timeout=2'], { env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 'ignore', 'pipe'] });
        let stderr = '';
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
        const guard = setTimeout(() => child.kill('SIGKILL'), 30_000);
        child.on('close', (status) => {
          clearTimeout(guard);
          resolve({ status, stderr });
        });
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/ranking: migrações pendentes após 2 s: banco de dados indisponível \(.*statement timeout/);
    } finally {
      await holder.end().catch(() => undefined);
      psql(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
    }
  }, 60_000);

  it("wait-for-migrations.cjs finds every service's migrations applied on a migrated database", () => {
    for (const s of SERVICE_NAMES) {
      const r = spawnSync(process.execPath, [join(K8S, 'wait-for-migrations.cjs'), s, '--timeout=5'], { env: { ...process.env, DATABASE_URL: env.DATABASE_URL }, encoding: 'utf8', timeout: SCRIPT_GUARD_MS });
      expect([s, r.status, r.stderr]).toEqual([s, 0, '']);
    }
  });

  it("health.cjs worker: the worker's probe passes with PostgreSQL and Redis answering and names the one that does not", () => {
    const probe = (extra: Record<string, string>) => spawnSync(process.execPath, [join(K8S, 'health.cjs'), 'worker'], { env: { ...process.env, DATABASE_URL: env.DATABASE_URL, REDIS_URL: env.REDIS_URL, ...extra }, encoding: 'utf8', timeout: SCRIPT_GUARD_MS });
    expect(probe({}).status).toBe(0);
    const noDb = probe({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/clima' });
    expect([noDb.status, noDb.stderr]).toEqual([1, expect.stringMatching(/^database: /)]);
    const noRedis = probe({ REDIS_URL: 'redis://127.0.0.1:1' });
    expect([noRedis.status, noRedis.stderr]).toEqual([1, expect.stringMatching(/^redis: /)]);
  });

  it("health.cjs (the images' HEALTHCHECK): exit 0 on the service's /health 200, 1 on a 503 or no answer", async () => {
    let status = 200;
    const server = createServer((req, res) => {
      res.statusCode = req.url === '/health' ? status : 404;
      res.end(JSON.stringify({ status: status === 200 ? 'ok' : 'error' }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const probe = (p: number) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [join(K8S, 'health.cjs')], { env: { ...process.env, SERVICE_NAME: 'catalog', CATALOG_PORT: String(p) }, stdio: ['ignore', 'ignore', 'pipe'] });
        let stderr = '';
        child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
        child.on('exit', (code) => resolve({ code, stderr }));
      });
    try {
      expect((await probe(port)).code).toBe(0);
      status = 503;
      expect(await probe(port)).toEqual({ code: 1, stderr: expect.stringMatching(/^\/health: 503 /) });
    } finally {
      await new Promise((r) => server.close(r));
    }
    expect(await probe(port)).toEqual({ code: 1, stderr: expect.stringMatching(/^\/health: /) });
  });

  it('the Dockerfiles: multi-stage, npm ci, a health check, non-root; the gateway image carries the Kubernetes render and the web builds', () => {
    const service = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    const gateway = readFileSync(join(ROOT, 'gateway/Dockerfile'), 'utf8');
    for (const [name, text] of [['Dockerfile', service], ['gateway/Dockerfile', gateway]] as const) {
      const code = text.split('\n').filter((l) => !l.trim().startsWith('#')).join('\n');
      expect([name, (code.match(/^FROM /gm) ?? []).length >= 2]).toEqual([name, true]);
      expect([name, /\bnpm ci\b/.test(code), /\bnpm install\b/.test(code)]).toEqual([name, true, false]);
      expect([name, /^HEALTHCHECK /m.test(code)]).toEqual([name, true]);
    }
    const last = service.slice(service.lastIndexOf('\nFROM '));
    expect(last).toMatch(/^USER 1000:1000$/m);
    expect(last).toMatch(/^ENV NODE_ENV=production HOST=0\.0\.0\.0 SERVICE_NAME=\$\{SERVICE\}$/m);
    expect(service).toMatch(/npm ci --omit=dev [^\n]*-w "services\/\$SERVICE"/);
    expect(gateway).toContain('GATEWAY_TARGET=k8s GATEWAY_RUNTIME_DIR=/out/nginx-k8s node gateway/dist/cli.js');
    expect(gateway).toContain('COPY --from=build /out/nginx-k8s /etc/clima/nginx-k8s');
    for (const app of ['web-shell', 'web-admin']) expect(gateway).toContain(`COPY --from=build /app/${app}/dist /usr/share/clima/${app}`);
    expect(gateway).toMatch(/^STOPSIGNAL SIGQUIT$/m);
  });
});

describe('the gateway on Kubernetes (GATEWAY_TARGET=k8s)', () => {
  const base = { WEB_SHELL_DIR: '/usr/share/clima/web-shell', WEB_ADMIN_DIR: '/usr/share/clima/web-admin', STORAGE_DIR: '/var/lib/clima/storage', PUBLIC_URL: 'https://clima.example.com' };

  it('has the same routes and edge as the compose configuration, services at their Service names, no user switch, pid and temporary files in /tmp', () => {
    const dir = mkdtempSync(join(tmpdir(), 'clima-gw-k8s-'));
    try {
      const k8s = renderNginx(kubernetesOptionsFromEnv({ ...base, GATEWAY_RUNTIME_DIR: join(dir, 'k8s') }, ROOT));
      const compose = renderNginx(optionsFromEnv({ ...base, GATEWAY_RUNTIME_DIR: join(dir, 'compose'), GATEWAY_USER: 'nginx', GATEWAY_ACCESS_LOG: '/dev/stdout', GATEWAY_ERROR_LOG: '/dev/stderr', ...Object.fromEntries(SERVICE_NAMES.map((s) => [`${s.toUpperCase()}_UPSTREAMS`, `${s}:${SERVICES[s].port}`])) }, ROOT));
      const differs = (a: string, b: string) => {
        const bl = new Set(b.split('\n'));
        return a.split('\n').filter((l) => !bl.has(l));
      };
      expect(differs(k8s, compose)).toEqual(['worker_processes 2;', 'pid /tmp/nginx.pid;', 'error_log stderr warn;', ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `    ${t}_temp_path /tmp/${t};`), expect.stringMatching(/^ {4}proxy_cache_path \/tmp\/answers /), '            include /tmp/identity_token.conf;']);
      expect(differs(compose, k8s)).toEqual(expect.arrayContaining(['user nginx;']));
      for (const s of SERVICE_NAMES) expect(k8s).toContain(`        server ${s}:${SERVICES[s].port} max_fails=1 fail_timeout=3s;`);
      expect(k8s).not.toContain(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('nginx accepts it and serves it as an unprivileged user, writing only to its temporary folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clima-gw-k8s-run-'));
    const temp = join(dir, 'tmp');
    mkdirSync(temp);
    chmodSync(dir, 0o755);
    chmodSync(temp, 0o777);
    const [port, ...closed] = await infra.freePorts(1 + SERVICE_NAMES.length);
    // the Kubernetes render with the Service names swapped for loopback ports where nothing listens:
    // nothing here resolves the Service names
    const loopback = Object.fromEntries(SERVICE_NAMES.map((s, i) => [s, [`127.0.0.1:${closed[i]}`]]));
    const conf = writeGatewayConfig({ ...kubernetesOptionsFromEnv({ ...base, GATEWAY_PORT: String(port), GATEWAY_RUNTIME_DIR: join(dir, 'conf'), GATEWAY_TEMP_DIR: temp, GATEWAY_ACCESS_LOG: join(temp, 'access.log') }, ROOT), upstreams: loopback as never });
    chmodSync(join(dir, 'conf'), 0o755);
    // as nobody, as the pod's user: no `user` directive to switch, nothing to write outside its folder
    expect(conf).toBe(join(dir, 'conf', 'nginx.conf'));
    // started as the pod starts it (gateway/start.sh: the token into the temporary folder, then nginx)
    const asNobody = ['--reuid=65534', '--regid=65534', '--clear-groups', 'env', `GATEWAY_TOKEN=${'t'.repeat(40)}`, 'sh', join(ROOT, 'gateway/start.sh'), join(dir, 'conf'), join(temp, 'identity_token.conf'), '-e', 'stderr'];
    expect(() => execFileSync('setpriv', [...asNobody, '-t', '-q'], { stdio: 'pipe' })).not.toThrow();
    const nginx = spawn('setpriv', [...asNobody, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    nginx.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    try {
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        await new Promise((r) => setTimeout(r, 100));
        status = await fetch(`http://127.0.0.1:${port}/gateway-health`).then((r) => r.status, () => 0);
      }
      expect([status, stderr]).toEqual([200, '']);
      expect(existsSync(join(temp, 'nginx.pid'))).toBe(true);
      // an /api route goes through the route table: with no service behind it, the gateway's own JSON 503
      const api = await fetch(`http://127.0.0.1:${port}/api/contents`);
      expect([api.status, await api.json()]).toEqual([503, { error: expect.stringMatching(/indisponível/) }]);
    } finally {
      if (nginx.exitCode === null && nginx.signalCode === null) {
        const exited = new Promise((r) => nginx.once('exit', r));
        nginx.kill('SIGQUIT');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("README: 'Running on Kubernetes'", () => {
  it('says how to apply, scale, roll out, roll back, and where the logs and metrics go', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const start = readme.indexOf('## Running on Kubernetes');
    expect(start).toBeGreaterThan(-1);
    const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
    for (const text of ['kubectl apply -k infra/k8s/overlays/production', 'kubectl apply -k infra/k8s/overlays/local', 'node infra/k8s/local-secrets.cjs', 'kubectl -n clima scale', 'kubectl -n clima rollout status', 'kubectl -n clima rollout undo', 'kubectl -n clima logs', 'METRICS_TOKEN', 'prometheus.io/scrape', 'node infra/k8s/render.cjs']) {
      expect([text, section.includes(text)]).toEqual([text, true]);
    }
  });
});
