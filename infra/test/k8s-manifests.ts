import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { ServiceName } from '../../packages/common/src';
import { ROOT } from './compose-render';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const render = require('../k8s/render.cjs') as typeof import('../k8s/render.cjs');

/** The Kubernetes objects as infra/k8s declares them, and the few of their fields the checks read. */
export interface Labels {
  [key: string]: string;
}
export interface KeyRef {
  name: string;
  key: string;
  optional?: boolean;
}
export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: KeyRef; configMapKeyRef?: KeyRef };
}
export interface Probe {
  httpGet?: { path: string; port: number | string };
  exec?: { command: string[] };
}
export interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  env?: EnvVar[];
  ports?: { name?: string; containerPort: number }[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
  securityContext?: { readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean; runAsNonRoot?: boolean; runAsUser?: number; capabilities?: { drop?: string[] } };
  volumeMounts?: { name: string; mountPath: string }[];
}
export interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number; seccompProfile?: { type: string } };
  terminationGracePeriodSeconds?: number;
  volumes?: { name: string; emptyDir?: object }[];
}
export interface Selector {
  matchLabels?: Labels;
  matchExpressions?: { key: string; operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist'; values?: string[] }[];
}
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Labels; annotations?: Labels };
  spec?: Record<string, unknown>;
  data?: Record<string, string>;
}
/** A Deployment, StatefulSet or Job: what runs pods. */
export interface Workload extends K8sObject {
  spec: { replicas?: number; selector?: Selector; strategy?: { type: string; rollingUpdate?: { maxUnavailable?: number | string } }; template: { metadata: { labels: Labels; annotations?: Labels }; spec: PodSpec } };
}
export interface Peer {
  podSelector?: Selector;
  namespaceSelector?: Selector;
  ipBlock?: { cidr: string; except?: string[] };
}
export interface PolicyRule {
  from?: Peer[];
  to?: Peer[];
  ports?: { protocol?: string; port?: number | string }[];
}
export interface NetworkPolicy extends K8sObject {
  spec: { podSelector: Selector; policyTypes: ('Ingress' | 'Egress')[]; ingress?: PolicyRule[]; egress?: PolicyRule[] };
}

export const K8S = render.K8S;
export const NAMESPACE = 'clima';

export function parseObjects(text: string): K8sObject[] {
  return parseAllDocuments(text)
    .map((d) => d.toJSON() as K8sObject | null)
    .filter((o): o is K8sObject => !!o);
}

/** The checked-in render of an overlay (infra/k8s/rendered/<overlay>.yaml). */
export const renderedText = (overlay: string): string => readFileSync(render.renderedFile(overlay), 'utf8');
export const renderedObjects = (overlay: string): K8sObject[] => parseObjects(renderedText(overlay));

export const isWorkload = (o: K8sObject): o is Workload => ['Deployment', 'StatefulSet', 'Job'].includes(o.kind);
export const byKind = <T extends K8sObject = K8sObject>(objects: K8sObject[], kind: string): T[] => objects.filter((o) => o.kind === kind) as T[];
export function find<T extends K8sObject = K8sObject>(objects: K8sObject[], kind: string, name: string): T {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`${kind} ${name} ausente`);
  return found as T;
}
export const containersOf = (w: Workload): Container[] => [...(w.spec.template.spec.initContainers ?? []), ...w.spec.template.spec.containers];

/** Which service's configuration a workload's containers are validated by (label clima/service). */
export const serviceOf = (w: Workload): ServiceName | undefined => w.metadata.labels?.['clima/service'] as ServiceName | undefined;

export function matches(selector: Selector | undefined, labels: Labels): boolean {
  if (!selector) return true;
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = e.key in labels;
    if (e.operator === 'In' && !(has && (e.values ?? []).includes(labels[e.key]!))) return false;
    if (e.operator === 'NotIn' && has && (e.values ?? []).includes(labels[e.key]!)) return false;
    if (e.operator === 'Exists' && !has) return false;
    if (e.operator === 'DoesNotExist' && has) return false;
  }
  return true;
}

const ipv4 = (ip: string): number => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
function inCidr(ip: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/');
  const shift = 32 - Number(bits ?? 32);
  return Math.floor(ipv4(ip) / 2 ** shift) === Math.floor(ipv4(base!) / 2 ** shift);
}

/** One end of a connection: a pod of the namespace (its labels and named ports), a pod of another namespace, or an address outside the cluster. */
export type Endpoint = { pod: Labels; ports?: Record<string, number> } | { namespace: string; pod?: Labels } | { ip: string };

function peerMatches(peer: Peer, who: Endpoint): boolean {
  if (peer.ipBlock) {
    if (!('ip' in who)) return false;
    return inCidr(who.ip, peer.ipBlock.cidr) && !(peer.ipBlock.except ?? []).some((c) => inCidr(who.ip, c));
  }
  if ('ip' in who) return false;
  const namespace = 'namespace' in who ? who.namespace : NAMESPACE;
  const labels = 'pod' in who && who.pod ? who.pod : {};
  if (peer.namespaceSelector) {
    if (!matches(peer.namespaceSelector, { 'kubernetes.io/metadata.name': namespace })) return false;
  } else if (namespace !== NAMESPACE) return false;
  return matches(peer.podSelector, labels);
}

function portMatches(rule: PolicyRule, port: number, protocol: string, named: Record<string, number>): boolean {
  if (!rule.ports?.length) return true;
  return rule.ports.some((p) => (p.protocol ?? 'TCP') === protocol && (p.port === undefined || p.port === port || (typeof p.port === 'string' && named[p.port] === port)));
}

const policiesOf = (policies: NetworkPolicy[], pod: Labels, type: 'Ingress' | 'Egress') =>
  policies.filter((p) => matches(p.spec.podSelector, pod) && (p.spec.policyTypes ?? ['Ingress']).includes(type));

/** Whether the namespace's NetworkPolicies let `from` open a connection to `to` on `port`. */
export function allowed(policies: NetworkPolicy[], from: Endpoint, to: Endpoint, port: number, protocol = 'TCP'): boolean {
  const toPorts = 'pod' in to && 'ports' in to ? (to.ports ?? {}) : {};
  // leaving: only a pod of this namespace is subject to these egress policies
  if ('pod' in from && !('namespace' in from)) {
    const egress = policiesOf(policies, from.pod, 'Egress');
    if (egress.length && !egress.some((p) => (p.spec.egress ?? []).some((r) => (!r.to?.length || r.to.some((peer) => peerMatches(peer, to))) && portMatches(r, port, protocol, toPorts)))) return false;
  }
  if ('pod' in to && !('namespace' in to)) {
    const ingress = policiesOf(policies, to.pod, 'Ingress');
    if (ingress.length && !ingress.some((p) => (p.spec.ingress ?? []).some((r) => (!r.from?.length || r.from.some((peer) => peerMatches(peer, from))) && portMatches(r, port, protocol, toPorts)))) return false;
  }
  return true;
}

/** A workload's pods as an Endpoint: their labels and the named ports of their containers. */
export function podOf(w: Workload): { pod: Labels; ports: Record<string, number> } {
  const ports: Record<string, number> = {};
  for (const c of w.spec.template.spec.containers) for (const p of c.ports ?? []) if (p.name) ports[p.name] = p.containerPort;
  return { pod: w.spec.template.metadata.labels, ports };
}

/** Every file under a folder, recursively. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** The objects against the Kubernetes API's schemas (infra/test/k8s-validate.cjs): the problems, empty when all are valid. */
export function schemaProblems(objects: K8sObject[]): { kind: string; name: string; error: string }[] {
  const r = spawnSync(process.execPath, [join(__dirname, 'k8s-validate.cjs')], { input: JSON.stringify(objects), encoding: 'utf8', cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`k8s-validate.cjs falhou:\n${r.stderr}`);
  return JSON.parse(r.stdout) as { kind: string; name: string; error: string }[];
}

/** An env file's variables (KEY=value lines; comments and blank lines skipped). */
export function envFile(path: string): Record<string, string> {
  return Object.fromEntries(
    readFileSync(path, 'utf8')
      .split('\n')
      .filter((l) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

export { render };
