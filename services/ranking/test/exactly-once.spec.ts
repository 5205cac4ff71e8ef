import { rankingEventHandlers } from '../src/events/ranking-event-handlers';
import { eventually, hb, newUserId, RankingTestApp, startRankingTestApp, totals } from './support/ranking-test-app';

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
      `SELECT (SELECT count(*) FROM ranking.online_minutes WHERE user_id = $1)::int AS minutes,
              (SELECT count(*) FROM ranking.active_days WHERE user_id = $1)::int AS days,
              (SELECT count(*) FROM ranking.sessions WHERE user_id = $1)::int AS sessions,
              (SELECT count(*) FROM ranking.streak_awards WHERE user_id = $1)::int AS streaks`,
      [userId],
    );
    return r as { minutes: number; days: number; sessions: number; streaks: number };
  };

  it('the same heartbeat job processed twice adds its points once', async () => {
    const user = newUserId('dup');
    const job = hb(user, '2026-11-20T14:00:05Z');
    expect((await t.processor.process(job)).points).toBe(11);
    expect((await t.processor.process({ ...job, attemptsMade: 1 })).points).toBe(0);
    expect(await totals(t.ds, user)).toMatchObject({ points: 11, online_minutes: 1, total_logins: 1 });
    expect(await ledger(user)).toEqual({ minutes: 1, days: 1, sessions: 1, streaks: 0 });
  });

  it('the same heartbeat delivered twice through the queue adds its points once', async () => {
    const user = newUserId('dupq');
    const data = { userId: user, at: '2026-11-20T15:00:05.000Z' };
    await t.producer.heartbeats.addBulk([
      { name: 'heartbeat', data },
      { name: 'heartbeat', data },
      { name: 'heartbeat', data: { userId: user, at: '2026-11-20T15:00:35.000Z' } },
    ]);
    await eventually(() => drained(t.producer.heartbeats));
    expect(await totals(t.ds, user)).toMatchObject({ points: 11, online_minutes: 1 });
    expect(await t.board.position(user)).not.toBeNull();
  });

  it('a job whose transaction breaks half-way leaves nothing, and its retry counts once', async () => {
    const user = newUserId('crash');
    const job = hb(user, '2026-11-20T16:00:05Z');
    const died = new Error('worker died mid-job');
    await expect(
      t.processor.process(job, {
        beforeCommit: () => {
          throw died;
        },
      }),
    ).rejects.toBe(died);
    expect(await totals(t.ds, user)).toBeUndefined();
    expect(await ledger(user)).toEqual({ minutes: 0, days: 0, sessions: 0, streaks: 0 });

    expect((await t.processor.process({ ...job, attemptsMade: 1 })).points).toBe(11);
    expect((await t.processor.process({ ...job, attemptsMade: 2 })).points).toBe(0);
    expect(await totals(t.ds, user)).toMatchObject({ points: 11, online_minutes: 1 });
    expect(await ledger(user)).toEqual({ minutes: 1, days: 1, sessions: 1, streaks: 0 });
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
    expect(await ledger(user)).toMatchObject({ days: 3, streaks: 1 });
  });

  it('a replayed sign-in event adds the daily points once', async () => {
    const user = newUserId('replay');
    const at = '2026-11-21T12:00:00.000Z';
    // the same fact published twice (a producer retry after a lost acknowledgement gives it a new job)
    await t.bus.publish('user.signed_in', { userId: user, at });
    await t.bus.publish('user.signed_in', { userId: user, at });
    await eventually(async () => expect(await totals(t.ds, user)).toMatchObject({ points: 10 }));
    await eventually(() => drained(t.bus.queue('ranking')));
    // and handled again by hand, as a retry after a crash between commit and acknowledgement would
    const handlers = rankingEventHandlers(t.activity, t.board);
    await handlers['user.signed_in']!({ userId: user, at }, { name: 'user.signed_in', payload: { userId: user, at }, id: 'x', publishedAt: at });
    expect(await totals(t.ds, user)).toMatchObject({ points: 10, total_logins: 1 });
    expect(await t.board.position(user)).not.toBeNull();
  });

  it('heartbeats processed concurrently for one user never double-count a minute', async () => {
    const user = newUserId('concurrent');
    const ats = Array.from({ length: 20 }, (_, i) => new Date(Date.parse('2026-11-22T18:00:00Z') + i * 15_000).toISOString());
    // every heartbeat three times, all at once
    await Promise.all([...ats, ...ats, ...ats].map((at) => t.processor.process(hb(user, at))));
    // 18:00:00 … 18:04:45 covers five minutes
    expect(await totals(t.ds, user)).toMatchObject({ points: 10 + 5, online_minutes: 5, total_logins: 1 });
    expect(await ledger(user)).toEqual({ minutes: 5, days: 1, sessions: 1, streaks: 0 });
  });
});
