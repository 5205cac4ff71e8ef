import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { eventually, newUserId, RankingTestApp, startRankingTestApp } from './support/ranking-test-app';

const root = join(__dirname, '../../..');
const LOCK_MS = '2000';

/** The real worker entry point (src/worker.ts) in its own process. */
function spawnWorker(keyPrefix: string): ChildProcess {
  return spawn(process.execPath, ['-r', join(__dirname, 'support/swc-register.js'), join(__dirname, '../src/worker.ts')], {
    cwd: root,
    env: { ...process.env, KEY_PREFIX: keyPrefix, RANKING_WORKER_LOCK_MS: LOCK_MS, RANKING_WORKER_CONCURRENCY: '8', LOG_LEVEL: 'warn' },
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

  it('after a restart every total is exact', async () => {
    const users = Array.from({ length: 50 }, () => newUserId('kill'));
    const start = Date.parse('2026-09-10T13:00:00Z');
    // each user online 10 minutes (a heartbeat every 30 s), every heartbeat sent twice: 2,000 jobs
    const jobs = users.flatMap((userId) =>
      Array.from({ length: 20 }, (_, i) => ({ name: 'heartbeat', data: { userId, at: new Date(start + i * 30_000).toISOString() } })),
    );
    await t.producer.heartbeats.addBulk([...jobs, ...jobs]);
    const queue = t.producer.heartbeats;
    const left = async () => {
      const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return c.waiting! + c.active! + c.delayed! + c.prioritized!;
    };

    const first = spawnWorker(t.config.KEY_PREFIX);
    children.push(first);
    await eventually(async () => expect(await left()).toBeLessThan(1_800), 30_000);
    first.kill('SIGKILL');
    await once(first, 'exit');
    const [processed] = await t.ds.query(`SELECT count(*)::int AS n FROM ranking.user_stats WHERE user_id = ANY($1)`, [users]);
    expect(await left()).toBeGreaterThan(0);
    expect(processed.n).toBeGreaterThan(0);

    const second = spawnWorker(t.config.KEY_PREFIX);
    children.push(second);
    await eventually(async () => expect(await left()).toBe(0), 90_000);
    second.kill('SIGTERM');
    await once(second, 'exit');

    const rows: { user_id: string; points: number; online_minutes: number; total_logins: number; minutes: number; sessions: number }[] = await t.ds.query(
      `SELECT s.user_id, s.points, s.online_minutes, s.total_logins,
              (SELECT count(*) FROM ranking.online_minutes m WHERE m.user_id = s.user_id)::int AS minutes,
              (SELECT count(*) FROM ranking.sessions x WHERE x.user_id = s.user_id)::int AS sessions
         FROM ranking.user_stats s WHERE s.user_id = ANY($1)`,
      [users],
    );
    expect(rows).toHaveLength(50);
    for (const r of rows) expect(r).toEqual({ user_id: r.user_id, points: 20, online_minutes: 10, total_logins: 1, minutes: 10, sessions: 1 });
    const failed = await queue.getJobCounts('failed');
    expect(failed.failed).toBe(0);
    // the board agrees with Postgres (rebuilt when the second worker started, then kept)
    const board = new Map(await t.board.snapshot());
    for (const u of users) expect(board.get(u)).toBe(20);
  }, 180_000);
});
