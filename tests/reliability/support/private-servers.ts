/**
 * A PostgreSQL cluster and a Redis server of the suite's own, in temporary folders on free ports, so the
 * fault suite can stop and restart them without touching the machine's shared servers.
 */
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'node:net';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { freePorts } = require('../../../infra/platform.cjs') as typeof import('../../../infra/platform.cjs');

function pgBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  if (!version) throw new Error('PostgreSQL não encontrado em /usr/lib/postgresql');
  return join(root, version, 'bin', name);
}

function userId(name: string): number {
  return Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
}

/** Runs a PostgreSQL tool as the postgres user (the cluster's owner). */
function asPostgres(tool: string, args: string[]): string {
  const cmd = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', pgBin(tool), ...args] : [pgBin(tool), ...args];
  return execFileSync(cmd[0]!, cmd.slice(1), { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection({ host: '127.0.0.1', port });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port> (trust authentication, no database part). */
  base: string;
  port: number;
  start(): void;
  /** Fast shutdown: open connections are cut, as when the server goes away. */
  stop(): void;
  destroy(): void;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const [port] = await freePorts(1);
  const dir = mkdtempSync(join(tmpdir(), 'clima-pg-'));
  if (process.getuid?.() === 0) chownSync(dir, userId('postgres'), userId('postgres'));
  const data = join(dir, 'data');
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--locale=C.UTF-8']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const pg: PrivatePostgres = {
    base: `postgres://postgres@127.0.0.1:${port}`,
    port: port!,
    start: () => void asPostgres('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']),
    stop: () => void asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']),
    destroy: () => {
      try {
        if (existsSync(join(data, 'postmaster.pid'))) pg.stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  pg.start();
  return pg;
}

export interface PrivateRedis {
  url: string;
  port: number;
  dir: string;
  process: ChildProcess;
  start(): Promise<void>;
  /** SHUTDOWN: the append-only file is flushed, as in a planned restart. */
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

/** Redis with the append-only file on (appendfsync always): what was acknowledged survives a restart. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const [port] = await freePorts(1);
  const dir = mkdtempSync(join(tmpdir(), 'clima-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', '', '--logfile', join(dir, 'redis.log')];
  const r: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    port: port!,
    dir,
    process: undefined as unknown as ChildProcess,
    async start() {
      r.process = spawn('redis-server', args, { stdio: 'ignore' });
      for (let i = 0; i < 100 && !(await portOpen(port!)); i++) await new Promise((res) => setTimeout(res, 100));
    },
    async stop() {
      const p = r.process;
      if (p.exitCode !== null) return;
      const gone = new Promise((res) => p.once('exit', res));
      try {
        execFileSync('redis-cli', ['-p', String(port), 'shutdown'], { stdio: 'ignore' });
      } catch {
        p.kill('SIGTERM');
      }
      await gone;
    },
    async destroy() {
      if (r.process && r.process.exitCode === null) {
        const gone = new Promise((res) => r.process.once('exit', res));
        r.process.kill('SIGKILL');
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await r.start();
  return r;
}
