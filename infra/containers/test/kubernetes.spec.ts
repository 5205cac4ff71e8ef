/**
 * Kubernetes, as far as this machine allows (README: Running on Kubernetes): the pod specs of the rendered
 * `local` overlay (`kubectl kustomize infra/k8s/overlays/local`), started under podman with what each spec
 * says (image, command and args, env from its ConfigMap and Secrets, user and group, read-only root
 * filesystem, the emptyDir at /tmp, every capability dropped, no privilege escalation), each Job run to its
 * end (a failed pod run again up to the Job's backoffLimit, as the Job controller does; here a connection
 * from a container just started could wait for a dropped first packet), each init container run to its end
 * before its pod's container, then every readiness probe (httpGet or exec, with its period and timeout)
 * polled until the pod is ready.
 *
 * They run on the compose stack's network, beside it: PostgreSQL, Redis, the store and the mail catcher are
 * the stack's (the local overlay's own pods of those are the official images, which this machine has not),
 * and the Services' names (auth, catalog, …) resolve to the stack's services, as the gateway pod needs.
 * The images are the ones containers:up built from the same Dockerfiles (the overlay names them
 * clima-<service>:local). Not run here: Services, HPA, NetworkPolicies, KEDA, Ingress and resource limits
 * (no cluster; they stay validated offline by infra/test/k8s.spec.ts).
 */
import { execFile, execFileSync } from 'node:child_process';
import { parseAllDocuments } from 'yaml';
import { compose, ENV, podman, podmanStatus, ROOT, S, sleep, waitHealthy } from './stack';

interface Probe {
  httpGet?: { path: string; port: number | string };
  exec?: { command: string[] };
  periodSeconds?: number;
  timeoutSeconds?: number;
  failureThreshold?: number;
}
interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { configMapKeyRef?: { name: string; key: string; optional?: boolean }; secretKeyRef?: { name: string; key: string; optional?: boolean } };
}
interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  env?: EnvVar[];
  ports?: { name?: string; containerPort: number }[];
  readinessProbe?: Probe;
  startupProbe?: Probe;
  securityContext?: { runAsUser?: number; runAsGroup?: number; readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean; capabilities?: { drop?: string[] } };
  volumeMounts?: { name: string; mountPath: string }[];
}
interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  securityContext?: { runAsUser?: number; runAsGroup?: number; runAsNonRoot?: boolean };
  volumes?: { name: string; emptyDir?: object }[];
}
interface Doc {
  kind: string;
  metadata: { name: string };
  data?: Record<string, string>;
  spec?: { template?: { spec: PodSpec }; backoffLimit?: number };
}

const docs = (): Doc[] => {
  const out = execFileSync('kubectl', ['kustomize', 'infra/k8s/overlays/local'], { cwd: ROOT, encoding: 'utf8' });
  return parseAllDocuments(out).map((d) => d.toJSON() as Doc).filter(Boolean);
};

/** The Secrets the overlay reads (infra/k8s/local-secrets.cjs), with the compose stack's values. */
const SECRETS: Record<string, Record<string, string>> = {
  'clima-platform': {
    DATABASE_URL: `postgres://clima:${ENV.POSTGRES_PASSWORD}@postgres:5432/clima`,
    REDIS_URL: 'redis://redis:6379',
    METRICS_TOKEN: ENV.METRICS_TOKEN!,
    IDENTITY_PUBLIC_KEYS: ENV.IDENTITY_PUBLIC_KEYS!,
  },
  'clima-auth': { IDENTITY_PRIVATE_KEY: ENV.IDENTITY_PRIVATE_KEY!, GATEWAY_TOKEN: ENV.GATEWAY_TOKEN!, SMTP_URL: ENV.SMTP_URL!, ADMIN_PASSWORD: ENV.ADMIN_PASSWORD! },
  'clima-storage': { S3_ACCESS_KEY_ID: ENV.MINIO_ROOT_USER!, S3_SECRET_ACCESS_KEY: ENV.MINIO_ROOT_PASSWORD! },
};

const NETWORK = `${S.project}_default`;
const PREFIX = `${S.project}-k8s-`;
/** clima-auth:local → the image containers:up built from the same Dockerfile. */
const imageOf = (image: string): string | null => {
  const m = /^clima-([a-z-]+):local$/.exec(image);
  return m ? `localhost/clima/${m[1]}:${S.project}` : null;
};

function envOf(c: Container, configMaps: Map<string, Record<string, string>>): string[] {
  const out: string[] = [];
  for (const e of c.env ?? []) {
    let v: string | undefined = e.value;
    const ref = e.valueFrom?.configMapKeyRef ?? e.valueFrom?.secretKeyRef;
    if (ref) {
      const source = e.valueFrom?.configMapKeyRef ? configMaps.get(ref.name) : SECRETS[ref.name];
      v = source?.[ref.key];
      if (v === undefined && !ref.optional) throw new Error(`${c.name}: ${e.name} lê ${ref.name}/${ref.key}, que não existe`);
    }
    if (v !== undefined) out.push('-e', `${e.name}=${v}`);
  }
  return out;
}

/** podman run arguments for one container of a pod spec: what the spec says, on the stack's network. */
function runArgs(pod: PodSpec, c: Container, configMaps: Map<string, Record<string, string>>): string[] {
  const image = imageOf(c.image);
  if (!image) throw new Error(`${c.name}: imagem ${c.image} não é do projeto`);
  const user = c.securityContext?.runAsUser ?? pod.securityContext?.runAsUser;
  const group = c.securityContext?.runAsGroup ?? pod.securityContext?.runAsGroup;
  // Kubernetes ignores an image's HEALTHCHECK (its probes are the pod spec's)
  const args = ['--network', NETWORK, '--no-healthcheck', ...envOf(c, configMaps)];
  if (user !== undefined) args.push('--user', `${user}:${group ?? user}`);
  if (c.securityContext?.readOnlyRootFilesystem) args.push('--read-only');
  if (c.securityContext?.allowPrivilegeEscalation === false) args.push('--security-opt', 'no-new-privileges');
  for (const cap of c.securityContext?.capabilities?.drop ?? []) args.push('--cap-drop', cap);
  for (const m of c.volumeMounts ?? []) {
    const vol = pod.volumes?.find((v) => v.name === m.name);
    if (vol?.emptyDir) args.push('--tmpfs', `${m.mountPath}:rw,mode=1777`);
  }
  if (c.command) args.push('--entrypoint', JSON.stringify(c.command));
  args.push(image, ...(c.args ?? []));
  return args;
}

function runToEnd(name: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile('podman', ['run', '--rm', '--name', name, ...args], { maxBuffer: 16 * 1024 * 1024, timeout: 300_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, output: `${stdout}${stderr}`.slice(-2000) }),
    );
  });
}

/** One try of a probe, as the kubelet would: an HTTP GET of the pod's address (2xx, 3xx) or a command in it. */
async function probeOnce(container: string, c: Container, probe: Probe): Promise<boolean> {
  const timeoutMs = (probe.timeoutSeconds ?? 1) * 1000;
  if (probe.exec) return podmanStatus(['exec', container, ...probe.exec.command]).status === 0;
  const port = typeof probe.httpGet!.port === 'number' ? probe.httpGet!.port : c.ports?.find((p) => p.name === probe.httpGet!.port)?.containerPort;
  const ip = podman(['inspect', '--format', `{{(index .NetworkSettings.Networks "${NETWORK}").IPAddress}}`, container]).trim();
  try {
    const res = await fetch(`http://${ip}:${port}${probe.httpGet!.path}`, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    return res.status >= 200 && res.status < 400;
  } catch {
    return false;
  }
}

/** Every container this spec runs (pods, init containers, Jobs), whether still running or left by a killed client. */
function removeOurs(): void {
  for (const name of podman(['ps', '-a', '--format', '{{.Names}}']).split('\n')) if (name.startsWith(PREFIX)) podmanStatus(['rm', '-f', '-t', '5', name]);
}

afterAll(removeOurs);

describe('Kubernetes: the local overlay pod specs under podman', () => {
  it('runs its Jobs to completion and brings every Deployment of the project to ready', async () => {
    // the whole stack, whatever an earlier spec left (PostgreSQL, Redis, the store are the pods' too)
    compose(['up', '-d', '--no-build']);
    await waitHealthy();
    const all = docs();
    const configMaps = new Map(all.filter((d) => d.kind === 'ConfigMap').map((d) => [d.metadata.name, d.data ?? {}]));
    const ours = (d: Doc) => (d.spec?.template?.spec.containers ?? []).every((c) => imageOf(c.image));
    const jobs = all.filter((d) => d.kind === 'Job' && ours(d));
    const deployments = all.filter((d) => d.kind === 'Deployment' && ours(d));
    expect(jobs.map((j) => j.metadata.name).sort()).toEqual(['migrate-auth', 'migrate-billing', 'migrate-catalog', 'migrate-courses', 'migrate-manuals', 'migrate-ranking']);
    expect(deployments.length).toBeGreaterThanOrEqual(9);
    removeOurs();

    // the release's migration Jobs (migrations under an advisory lock, the seed into empty tables only)
    const t0 = Date.now();
    // as the Job controller does: a failed pod is run again, up to the Job's backoffLimit (Kubernetes' default 6),
    // after a back-off of 10 s, 20 s, 40 s…; every failed try is printed with the end of its output
    const retried: string[] = [];
    const jobResults = await Promise.all(
      jobs.map(async (j) => {
        const pod = j.spec!.template!.spec;
        const limit = j.spec!.backoffLimit ?? 6;
        for (let attempt = 0; ; attempt++) {
          const r = await runToEnd(`${PREFIX}${j.metadata.name}`, runArgs(pod, pod.containers[0]!, configMaps));
          if (r.code === 0 || attempt >= limit) return [j.metadata.name, r.code, r.code ? r.output : ''] as const;
          retried.push(`${j.metadata.name} (tentativa ${attempt + 1} saiu com ${r.code}: ${r.output.trim().split('\n').slice(-1)[0]})`);
          await sleep(10_000 * 2 ** attempt);
        }
      }),
    );
    expect(jobResults.filter((r) => r[1] !== 0)).toEqual([]);
    process.stdout.write(`k8s: ${jobs.length} Jobs concluídos em ${((Date.now() - t0) / 1000).toFixed(0)} s${retried.length ? `; repetidos: ${retried.join('; ')}` : ''}\n`);

    // each Deployment: its init containers to their end, then its container, then its probes until ready
    const ready = await Promise.all(
      deployments.map(async (d) => {
        const name = d.metadata.name;
        const pod = d.spec!.template!.spec;
        const begin = Date.now();
        for (const init of pod.initContainers ?? []) {
          const r = await runToEnd(`${PREFIX}${name}-${init.name}`, runArgs(pod, init, configMaps));
          if (r.code !== 0) return { name, ready: false, why: `init ${init.name} saiu com ${r.code}: ${r.output}` };
        }
        const c = pod.containers[0]!;
        const container = `${PREFIX}${name}`;
        const run = podmanStatus(['run', '-d', '--name', container, ...runArgs(pod, c, configMaps)]);
        if (run.status !== 0) return { name, ready: false, why: run.stderr };
        const probe = c.readinessProbe!;
        // bounded as the startup probe bounds it (failureThreshold × periodSeconds), at least 4 minutes here
        const budget = Math.max(240_000, (c.startupProbe?.failureThreshold ?? 30) * (c.startupProbe?.periodSeconds ?? 10) * 1000);
        while (Date.now() - begin < budget) {
          if (podman(['inspect', '--format', '{{.State.Running}}', container]).trim() !== 'true') {
            return { name, ready: false, why: `parou: ${podmanStatus(['logs', '--tail', '20', container]).stderr}` };
          }
          if (await probeOnce(container, c, probe)) return { name, ready: true, why: '', seconds: (Date.now() - begin) / 1000 };
          await sleep((probe.periodSeconds ?? 10) * 1000);
        }
        return { name, ready: false, why: 'a prova de prontidão não passou no prazo' };
      }),
    );
    process.stdout.write(`k8s: prontos ${ready.map((r) => `${r.name} ${r.ready ? `${(r.seconds ?? 0).toFixed(0)} s` : 'NÃO'}`).join(', ')}\n`);
    expect(ready.filter((r) => !r.ready)).toEqual([]);

    // what the pods run as: the spec's user, a read-only root filesystem
    for (const d of deployments) {
      const pod = d.spec!.template!.spec;
      const c = pod.containers[0]!;
      const container = `${PREFIX}${d.metadata.name}`;
      const uid = String(c.securityContext?.runAsUser ?? pod.securityContext?.runAsUser);
      expect([d.metadata.name, podman(['exec', container, 'id', '-u']).trim()]).toEqual([d.metadata.name, uid]);
      expect([d.metadata.name, podmanStatus(['exec', container, 'touch', '/escrita']).status]).not.toEqual([d.metadata.name, 0]);
    }
  }, 900_000);
});
