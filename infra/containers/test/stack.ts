/**
 * What the container specs share: the stack `npm run containers:up` started (CLIMA_STACK, GATEWAY_PORT),
 * calls through its published gateway, and commands run inside its containers (the compose network is
 * reachable from there only).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { call, type Answer, type CallInit } from '../../../tests/reliability/support/platform';

// plain JavaScript modules of infra/containers
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const stackModule = require('../stack.cjs') as {
  settings: (env?: NodeJS.ProcessEnv) => { project: string; port: number; envFile: string };
  ensureApi: () => void;
  ensureEnvFile: (s: { envFile: string; port: number }) => Record<string, string>;
  compose: (s: unknown, args: string[], opts?: { quiet?: boolean; env?: Record<string, string> }) => { status: number | null; stdout: string; stderr: string };
  containers: (s: unknown) => Container[];
  waitHealthy: (s: unknown, timeoutMs?: number) => Promise<Container[]>;
  readEnvFile: (file: string) => Record<string, string>;
};

export interface Container {
  id: string;
  name: string;
  service: string;
  state: string;
  exitCode: number;
  status: string;
  health: string | null;
}

export const S = stackModule.settings();
export const ENV = stackModule.readEnvFile(S.envFile);
export const BASE = `http://localhost:${S.port}`;
export const ADMIN = { username: process.env.ADMIN_USERNAME || ENV.ADMIN_USERNAME!, password: process.env.ADMIN_PASSWORD || ENV.ADMIN_PASSWORD! };
export const ROOT = join(__dirname, '../../..');

export const gw = (method: string, path: string, init?: CallInit): Promise<Answer> => call(BASE, method, path, init);

export function compose(args: string[]): string {
  const r = stackModule.compose(S, args, { quiet: true });
  if (r.status !== 0) throw new Error(`docker-compose ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

export const containers = (): Container[] => stackModule.containers(S);
export const waitHealthy = (ms?: number): Promise<Container[]> => stackModule.waitHealthy(S, ms);

export function containerOf(service: string): Container {
  const c = containers().find((x) => x.service === service && x.state === 'running');
  if (!c) throw new Error(`nenhum contêiner de ${service} rodando`);
  return c;
}

export function podman(args: string[], input?: string | Buffer): string {
  return execFileSync('podman', args, { encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024 });
}

export function podmanStatus(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync('podman', args, { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * fetch() run by node inside a container of the compose network (the local-tools container by default):
 * answers status, headers and the body (base64).
 */
export function fetchInside(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}, service = 'minio'): { status: number; headers: Record<string, string>; body: Buffer } {
  const script = `fetch(${JSON.stringify(url)}, { method: ${JSON.stringify(init.method ?? 'GET')}, headers: ${JSON.stringify(init.headers ?? {})}, body: ${init.body === undefined ? 'undefined' : JSON.stringify(init.body)}, redirect: 'manual' })
    .then(async (r) => process.stdout.write(JSON.stringify({ status: r.status, headers: Object.fromEntries(r.headers), body: Buffer.from(await r.arrayBuffer()).toString('base64') })))
    .catch((e) => { process.stdout.write(JSON.stringify({ status: 0, headers: {}, body: Buffer.from(String(e.cause ?? e)).toString('base64') })); });`;
  const out = JSON.parse(podman(['exec', containerOf(service).name, 'node', '-e', script])) as { status: number; headers: Record<string, string>; body: string };
  return { ...out, body: Buffer.from(out.body, 'base64') };
}

export function psql(sql: string): string {
  return podman(['exec', containerOf('postgres').name, 'psql', '-U', 'clima', '-d', 'clima', '-At', '-c', sql]).trim();
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function eventually<T>(check: () => Promise<T> | T, ms = 60_000, every = 500): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      last = err;
      if (Date.now() > deadline) throw last;
      await sleep(every);
    }
  }
}
