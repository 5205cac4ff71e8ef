import { ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { daysAgo, eventually, newUserId, RankingTestApp, startRankingTestApp } from './support/ranking-test-app';

const root = join(__dirname, '../../..');
const LOCK_MS = '2000';

/** Local ports of a process's TCP connections to Postgres (port 5432), from /proc: how its sessions are told apart. */
function postgresPorts(pid: number): number[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    } catch {
      // closed meanwhile
    }
  }
  const ports: number[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length > 9 && f[2]!.endsWith(':1538') && inodes.has(f[9]!)) ports.push(parseInt(f[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}

/** The real worker entry point (src/worker.ts) in its own process. */
function spawnWorker(keyPrefix: string): ChildProcess {
  return spawn(process.execPath, ['-r', join(__dirname, 'support/swc-register.js'), join(__dirname, '../src/worker.ts')], {
    cwd: root,
    env: {
      ...process.env,
      KEY_PREFIX: keyPrefix,
      RANKING_WORKER_LOCK_MS: LOCK_MS,
      RANKING_WORKER_CONCURRENCY: '4',
      RANKING_DETAIL_RETENTION_DAYS: '40',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

describe('ranking worker killed with SIGKILL in the middle of a batch', () => {
  let t: RankingTestApp;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    // own queues; this process only produces and checks, the workers are separate processes
    t = await startRankingTestApp({ keyNamespace: 'crash', workers: false });
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await t.close();
  });

  it('after a restart every total is exact, every batch applied once', async () => {
    const users = Array.from({ length: 200 }, () => newUserId('kill'));
    const start = daysAgo(2, '13:00:00').getTime();
    // each user studies 20 minutes (a heartbeat every 30 s), every heartbeat sent twice: 16,000 heartbeats,
    // shuffled into 80 batches of 200 (each batch touches many users, as the HTTP processes gather them)
    const heartbeats = users.flatMap((userId) =>
      Array.from({ length: 40 }, (_, i) => ({ userId, at: start + (i + 1) * 30_000, activity: 'video' as const, visible: true })),
    );
    const all = [...heartbeats, ...heartbeats].map((h, i) => ({ h, k: (i * 7919) % 16_000 })).sort((a, b) => a.k - b.k).map((x) => x.h);
    const jobs = Array.from({ length: 80 }, (_, b) => ({ name: 'batch', data: { heartbeats: all.slice(b * 200, (b + 1) * 200) }, opts: { jobId: randomUUID() } }));
    const keys = jobs.map((j) => j.opts.jobId);
    await t.producer.heartbeats.addBulk(jobs);
    const queue = t.producer.heartbeats;
    const left = async () => {
      const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return c.waiting! + c.active! + c.delayed! + c.prioritized!;
    };
    const applied = async () => (await t.ds.query(`SELECT count(*)::int AS n FROM ranking.applied_batches WHERE batch_id = ANY($1)`, [keys]))[0].n as number;

    const first = spawnWorker(t.config.KEY_PREFIX);
    children.push(first);
    // wait until some batches are applied and the worker is inside a batch's transaction, then kill it there
    await eventually(async () => expect(await applied()).toBeGreaterThan(2), 60_000);
    await eventually(async () => {
      const [row] = await t.ds.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE client_port = ANY($1) AND xact_start IS NOT NULL AND state IN ('active', 'idle in transaction') AND query NOT LIKE 'COMMIT%'`,
        [postgresPorts(first.pid!)],
      );
      expect(row.n).toBeGreaterThan(0);
    }, 30_000);
    first.kill('SIGKILL');
    await once(first, 'exit');
    const appliedAtKill = await applied();
    expect(appliedAtKill).toBeLessThan(80);
    process.stdout.write(`[worker-crash] SIGKILL inside a batch transaction with ${appliedAtKill} of 80 batches applied\n`);
    // the jobs it held are still active (their lock runs out, then another worker takes them over)
    expect((await queue.getJobCounts('active')).active).toBeGreaterThan(0);

    const second = spawnWorker(t.config.KEY_PREFIX);
    children.push(second);
    await eventually(async () => expect(await left()).toBe(0), 120_000);
    second.kill('SIGTERM');
    await once(second, 'exit');

    expect(await applied()).toBe(80);
    const rows: { user_id: string; points: number; online_seconds: number; total_logins: number; seconds: number; weekly: number }[] = await t.ds.query(
      `SELECT s.user_id, s.points, s.online_seconds::int AS online_seconds, s.total_logins,
              (SELECT sum(learning_seconds) FROM ranking.active_days a WHERE a.user_id = s.user_id)::int AS seconds,
              (SELECT sum(points) FROM ranking.weekly_points w WHERE w.user_id = s.user_id)::int AS weekly
         FROM ranking.user_stats s WHERE s.user_id = ANY($1)`,
      [users],
    );
    expect(rows).toHaveLength(200);
    // 20 minutes: 10 daily + 20 study points
    for (const r of rows) expect(r).toEqual({ user_id: r.user_id, points: 30, online_seconds: 1200, total_logins: 1, seconds: 1200, weekly: 30 });
    const failed = await queue.getJobCounts('failed');
    expect(failed.failed).toBe(0);
    // the board agrees with Postgres (rebuilt when the second worker started, then kept)
    const board = new Map(await t.board.snapshot());
    for (const u of users) expect(board.get(u)).toBe(30);
  }, 240_000);
});
