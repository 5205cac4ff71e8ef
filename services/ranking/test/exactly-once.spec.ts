import { randomUUID } from 'node:crypto';
import { rankingEventHandlers } from '../src/events/ranking-event-handlers';
import { saoPauloDay } from '../src/shared/sao-paulo-time';
import { batchJob, daysAgo, dayRow, eventually, hb, newUserId, RankingTestApp, startRankingTestApp, totals } from './support/ranking-test-app';

describe('ranking points are added exactly once under at-least-once delivery', () => {
  let t: RankingTestApp;
  beforeAll(async () => {
    // own queues, so "the queue is drained" means this spec's jobs are done
    t = await startRankingTestApp({ keyNamespace: 'once' });
  });
  afterAll(() => t.close());

  const drained = async (queue: { getJobCounts(...s: string[]): Promise<Record<string, number>> }) => {
    const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'failed');
    expect(c).toEqual({ waiting: 0, active: 0, delayed: 0, prioritized: 0, failed: 0 });
  };
  const ledger = async (userId: string) => {
    const [r] = await t.ds.query(
      `SELECT (SELECT coalesce(sum(learning_seconds), 0) FROM ranking.active_days WHERE user_id = $1)::int AS seconds,
              (SELECT count(*) FROM ranking.active_days WHERE user_id = $1)::int AS days,
              (SELECT count(*) FROM ranking.streak_awards WHERE user_id = $1)::int AS streaks,
              (SELECT coalesce(sum(points), 0) FROM ranking.weekly_points WHERE user_id = $1)::int AS weekly`,
      [userId],
    );
    return r as { seconds: number; days: number; streaks: number; weekly: number };
  };
  const at = (utc: string) => daysAgo(1, utc);

  it('the same heartbeat job processed twice adds its points once', async () => {
    const user = newUserId('dup');
    const job = hb(user, at('14:00:05'));
    expect((await t.processor.process(job)).points.get(user)).toBe(10);
    expect((await t.processor.process({ ...job, attemptsMade: 1 })).points.get(user)).toBe(0);
    expect(await totals(t.ds, user)).toMatchObject({ points: 10, online_seconds: 30, total_logins: 1 });
    expect(await ledger(user)).toEqual({ seconds: 30, days: 1, streaks: 0, weekly: 10 });
  });

  it('the same heartbeats delivered twice through the queue add their points once', async () => {
    const user = newUserId('dupq');
    const data = hb(user, at('15:00:05')).data;
    await t.producer.heartbeats.addBulk([
      { name: 'heartbeat', data },
      { name: 'heartbeat', data },
      { name: 'heartbeat', data: hb(user, at('15:00:35')).data },
    ] as never);
    await eventually(() => drained(t.producer.heartbeats));
    expect(await totals(t.ds, user)).toMatchObject({ points: 11, online_seconds: 60 });
    expect(await t.board.position(user)).not.toBeNull();
  });

  it('a replayed batch (same key) is recognised whole and adds nothing, but its board entries are synced again', async () => {
    const [u1, u2] = [newUserId('batch'), newUserId('batch')];
    const key = randomUUID();
    const job = batchJob(key, [
      { userId: u1, at: at('16:00:30') },
      { userId: u1, at: at('16:01:00') },
      { userId: u2, at: at('16:00:30') },
    ]);
    const first = await t.processor.process(job);
    expect(first).toMatchObject({ replayed: false });
    expect(Object.fromEntries(first.points)).toEqual({ [u1]: 11, [u2]: 10 });
    // the commit happened, then the board update was lost (a crash before the job was acknowledged)
    await t.board.remove(u1);
    const replay = await t.processor.process({ ...job, attemptsMade: 1 });
    expect(replay).toMatchObject({ replayed: true, points: new Map() });
    expect(await totals(t.ds, u1)).toMatchObject({ points: 11, online_seconds: 60 });
    expect(await totals(t.ds, u2)).toMatchObject({ points: 10, online_seconds: 30 });
    expect(await t.board.position(u1)).not.toBeNull();
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM ranking.applied_batches WHERE batch_id = $1`, [key]);
    expect(n).toBe(1);
  });

  it('heartbeats applied before, in another batch, add only what is new', async () => {
    const user = newUserId('overlap');
    await t.processor.process(batchJob(randomUUID(), [0, 30, 60].map((s) => ({ userId: user, at: new Date(at('17:00:00').getTime() + s * 1000) }))));
    // a second batch carrying two of the same heartbeats again, and one more
    const again = await t.processor.process(batchJob(randomUUID(), [30, 60, 90].map((s) => ({ userId: user, at: new Date(at('17:00:00').getTime() + s * 1000) }))));
    expect(again.points.get(user)).toBe(1);
    expect(await totals(t.ds, user)).toMatchObject({ points: 10 + 2, online_seconds: 120 });
    expect(await dayRow(t.ds, user, saoPauloDay(at('17:00:00')))).toMatchObject({ learning_seconds: 120, online_points: 2 });
  });

  it('jobs a worker holds at once are applied together, each once, each keyed', async () => {
    const [u1, u2, u3] = [newUserId('group'), newUserId('group'), newUserId('group')];
    const first = batchJob(randomUUID(), [{ userId: u1, at: at('19:00:30') }]);
    await t.processor.process(first);
    // three jobs held at once, in one transaction: one already applied (a redelivery), two new ones sharing a user
    const [again, a, b] = await t.processor.processGroup([
      first,
      batchJob(randomUUID(), [{ userId: u2, at: at('19:00:30') }, { userId: u3, at: at('19:00:30') }]),
      batchJob(randomUUID(), [{ userId: u3, at: at('19:01:00') }]),
    ]);
    expect(again).toMatchObject({ replayed: true, points: new Map() });
    expect(Object.fromEntries(a!.points)).toEqual({ [u2]: 10, [u3]: 11 });
    expect(b).toMatchObject({ replayed: false, users: [u3] });
    expect(await totals(t.ds, u1)).toMatchObject({ points: 10, online_seconds: 30 });
    expect(await totals(t.ds, u3)).toMatchObject({ points: 11, online_seconds: 60 });
  });

  it('a batch whose transaction breaks half-way leaves nothing, and its retry counts once', async () => {
    const [u1, u2] = [newUserId('crash'), newUserId('crash')];
    const job = batchJob(randomUUID(), [
      { userId: u1, at: at('18:00:05') },
      { userId: u2, at: at('18:00:05') },
      { userId: u2, at: at('18:00:35') },
    ]);
    const died = new Error('worker died mid-batch');
    await expect(
      t.processor.process(job, {
        beforeCommit: async (m) => {
          // every statement of the batch ran: the points are written inside the transaction when it dies
          const rows = await m.query(`SELECT user_id, points FROM ranking.user_stats WHERE user_id = ANY($1) ORDER BY points`, [[u1, u2]]);
          expect(rows.map((r: { points: number }) => r.points)).toEqual([10, 11]);
          throw died;
        },
      }),
    ).rejects.toBe(died);
    for (const u of [u1, u2]) {
      expect(await totals(t.ds, u)).toBeUndefined();
      expect(await ledger(u)).toEqual({ seconds: 0, days: 0, streaks: 0, weekly: 0 });
    }
    const [{ n }] = await t.ds.query(`SELECT count(*)::int AS n FROM ranking.applied_batches WHERE batch_id = $1`, [job.id]);
    expect(n).toBe(0);

    expect(Object.fromEntries((await t.processor.process({ ...job, attemptsMade: 1 })).points)).toEqual({ [u1]: 10, [u2]: 11 });
    expect((await t.processor.process({ ...job, attemptsMade: 2 })).replayed).toBe(true);
    expect(await totals(t.ds, u2)).toMatchObject({ points: 11, online_seconds: 60 });
    expect(await ledger(u2)).toEqual({ seconds: 60, days: 1, streaks: 0, weekly: 11 });
  });

  it('a broken transaction that would have completed a streak awards it once on retry', async () => {
    const user = newUserId('crashstreak');
    await t.activity.applySignIn(user, new Date('2026-06-01T15:00:00Z'));
    await t.activity.applySignIn(user, new Date('2026-06-02T15:00:00Z'));
    const third = new Date('2026-06-03T15:00:00Z');
    await expect(
      t.activity.applySignIn(user, third, {
        beforeCommit: async (m) => {
          // the points are already written inside the transaction when it dies
          const [row] = await m.query(`SELECT points FROM ranking.user_stats WHERE user_id = $1`, [user]);
          expect(row.points).toBe(80);
          throw new Error('connection lost');
        },
      }),
    ).rejects.toThrow('connection lost');
    expect((await totals(t.ds, user))!.points).toBe(20);
    expect((await t.activity.applySignIn(user, third)).points).toBe(60);
    expect((await t.activity.applySignIn(user, third)).points).toBe(0);
    expect(await totals(t.ds, user)).toMatchObject({ points: 80, total_logins: 3, longest_streak_days: 3 });
    expect(await ledger(user)).toMatchObject({ days: 3, streaks: 1, weekly: 80 });
  });

  it('a replayed sign-in event adds the daily points once', async () => {
    const user = newUserId('replay');
    const when = at('12:00:00').toISOString();
    // the same fact published twice (a producer retry after a lost acknowledgement gives it a new job)
    await t.bus.publish('user.signed_in', { userId: user, at: when });
    await t.bus.publish('user.signed_in', { userId: user, at: when });
    await eventually(async () => expect(await totals(t.ds, user)).toMatchObject({ points: 10 }));
    await eventually(() => drained(t.bus.queue('ranking')));
    // and handled again by hand, as a retry after a crash between commit and acknowledgement would
    const handlers = rankingEventHandlers(t.activity, t.board);
    await handlers['user.signed_in']!({ userId: user, at: when }, { name: 'user.signed_in', payload: { userId: user, at: when }, id: 'x', publishedAt: when });
    expect(await totals(t.ds, user)).toMatchObject({ points: 10, total_logins: 1 });
    expect(await t.board.position(user)).not.toBeNull();
  });

  it('batches applied in concurrent transactions (several workers), sharing users, never double-count a second', async () => {
    const users = [newUserId('concurrent'), newUserId('concurrent'), newUserId('concurrent')];
    const start = at('18:00:00').getTime();
    const heartbeats = users.flatMap((userId) => Array.from({ length: 20 }, (_, i) => ({ userId, at: new Date(start + i * 15_000) })));
    // every heartbeat three times, in nine batches, each in its own transaction, all at once (as nine workers would)
    const batches = Array.from({ length: 9 }, (_, b) => ({ key: randomUUID(), heartbeats: heartbeats.filter((_, i) => i % 3 === b % 3) }));
    await Promise.all(batches.map((batch) => t.activity.applyHeartbeats(batch)));
    // 17:59:30 … 18:04:45 is 315 s: five whole minutes
    for (const u of users) {
      expect(await totals(t.ds, u)).toMatchObject({ points: 10 + 5, online_seconds: 315, total_logins: 1 });
      expect(await ledger(u)).toEqual({ seconds: 315, days: 1, streaks: 0, weekly: 15 });
    }
  });
});
