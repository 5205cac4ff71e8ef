import { POINTS } from '@clima/contract';
import { hb, newUserId, RankingTestApp, startRankingTestApp, totals } from './support/ranking-test-app';

describe('ranking points (worker rules, explicit timestamps)', () => {
  let t: RankingTestApp;
  beforeAll(async () => {
    t = await startRankingTestApp();
  });
  afterAll(() => t.close());

  const sessionsOf = async (userId: string) =>
    (await t.ds.query(
      `SELECT to_char(started_at AT TIME ZONE 'UTC', 'HH24:MI:SS') AS start, to_char(last_seen_at AT TIME ZONE 'UTC', 'HH24:MI:SS') AS last,
              to_char(started_day, 'YYYY-MM-DD') AS day
         FROM ranking.sessions WHERE user_id = $1 ORDER BY started_at`,
      [userId],
    )) as { start: string; last: string; day: string }[];

  // 10:00:10 in São Paulo is 13:00:10 UTC
  const script = [
    '13:00:10', '13:00:40', '13:01:10', '13:01:40', '13:02:10', // minutes :00 :01 :02
    '13:03:50', // 100 s later: same session, and the empty minute :03 between is online time
    '13:06:20', // 150 s later: a new session; :04 and :05 are not credited
    '13:06:50', // same minute: nothing new
    '13:08:50', // exactly 120 s later: still the same session (:07 and :08)
    '13:10:51', // 121 s later: a new session (:10)
  ].map((hms) => `2026-11-23T${hms}Z`);

  it('credits each wall-clock minute a session covers once, and a gap over 120 s ends the session', async () => {
    const user = newUserId('script');
    const gained: number[] = [];
    for (const at of script) gained.push((await t.processor.process(hb(user, at))).points);
    expect(gained).toEqual([10 + 1, 0, 1, 0, 1, 1, 1, 0, 2, 1]);
    expect(await totals(t.ds, user)).toMatchObject({ points: 10 + 8, online_minutes: 8, total_logins: 1 });
    expect(await sessionsOf(user)).toEqual([
      { start: '13:00:10', last: '13:03:50', day: '2026-11-23' },
      { start: '13:06:20', last: '13:08:50', day: '2026-11-23' },
      { start: '13:10:51', last: '13:10:51', day: '2026-11-23' },
    ]);
    const stats = await t.ranking.ownStats(user);
    expect(stats).toMatchObject({ points: 18, total_logins: 1, total_session_time_seconds: 8 * 60, longest_streak_days: 1 });
  });

  it('reaches the same totals and sessions whatever order the heartbeats arrive in', async () => {
    const reversed = newUserId('rev');
    for (const at of [...script].reverse()) await t.processor.process(hb(reversed, at));
    const shuffled = newUserId('shuf');
    for (const i of [4, 9, 0, 7, 2, 5, 8, 1, 6, 3]) await t.processor.process(hb(shuffled, script[i]!));
    for (const user of [reversed, shuffled]) {
      expect(await totals(t.ds, user)).toMatchObject({ points: 18, online_minutes: 8 });
      expect((await sessionsOf(user)).map((s) => [s.start, s.last])).toEqual([
        ['13:00:10', '13:03:50'],
        ['13:06:20', '13:08:50'],
        ['13:10:51', '13:10:51'],
      ]);
    }
  });

  it('an online span (replayed history) counts exactly like heartbeats at most 120 s apart along it', async () => {
    const user = newUserId('span');
    expect((await t.activity.applyOnlineSpan(user, new Date(script[0]!), new Date(script[5]!))).points).toBe(10 + 4);
    expect((await t.activity.applyOnlineSpan(user, new Date(script[1]!), new Date(script[4]!))).points).toBe(0);
    for (const at of script.slice(6)) await t.processor.process(hb(user, at));
    expect(await totals(t.ds, user)).toMatchObject({ points: 18, online_minutes: 8 });
    expect(await sessionsOf(user)).toHaveLength(3);
  });

  it('gives the daily points once per São Paulo day, from a sign-in or a heartbeat', async () => {
    const user = newUserId('daily');
    // 23:59 on 23/11 in São Paulo is already the 24th in UTC
    expect((await t.activity.applySignIn(user, new Date('2026-11-24T02:59:00Z'))).points).toBe(POINTS.dailyLogin);
    expect((await t.processor.process(hb(user, '2026-11-24T02:59:30Z'))).points).toBe(1);
    expect((await t.activity.applySignIn(user, new Date('2026-11-24T02:59:50Z'))).points).toBe(0);
    // 00:00:30 on 24/11 in São Paulo: a new day, same online session
    expect((await t.processor.process(hb(user, '2026-11-24T03:00:30Z'))).points).toBe(POINTS.dailyLogin + 1);
    expect((await t.activity.applySignIn(user, new Date('2026-11-24T15:00:00Z'))).points).toBe(0);
    expect(await totals(t.ds, user)).toMatchObject({ points: 22, total_logins: 2, online_minutes: 2, last_run_days: 2, last_active_day: '2026-11-24' });
    expect(await sessionsOf(user)).toEqual([{ start: '02:59:30', last: '03:00:30', day: '2026-11-23' }]);
    const days = await t.ds.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day, source FROM ranking.active_days WHERE user_id = $1 ORDER BY day`, [user]);
    expect(days).toEqual([
      { day: '2026-11-23', source: 'sign_in' },
      { day: '2026-11-24', source: 'heartbeat' },
    ]);
  });

  it('awards +50, +150 and +500 when a streak reaches 3, 7 and 30 days, once per run', async () => {
    const user = newUserId('streak');
    const day = (n: number) => new Date(Date.parse('2026-01-01T12:00:00Z') + (n - 1) * 86_400_000);
    const after: Record<number, number> = {};
    for (let n = 1; n <= 30; n++) {
      await t.activity.applySignIn(user, day(n));
      after[n] = (await totals(t.ds, user))!.points;
    }
    expect([after[2], after[3], after[6], after[7], after[29], after[30]]).toEqual([20, 80, 110, 270, 490, 1000]);
    // the same days again change nothing
    for (const n of [3, 7, 30]) expect((await t.activity.applySignIn(user, day(n))).points).toBe(0);
    // a missed day ends the run; the next run earns its own 3-day award
    for (const n of [32, 33, 34]) await t.activity.applySignIn(user, day(n));
    expect(await totals(t.ds, user)).toMatchObject({ points: 1000 + 30 + 50, total_logins: 33, longest_streak_days: 30, last_run_days: 3 });
    const awards = await t.ds.query(
      `SELECT threshold, to_char(reached_on, 'YYYY-MM-DD') AS reached_on, points FROM ranking.streak_awards WHERE user_id = $1 ORDER BY reached_on, threshold`,
      [user],
    );
    expect(awards).toEqual([
      { threshold: 3, reached_on: '2026-01-03', points: 50 },
      { threshold: 7, reached_on: '2026-01-07', points: 150 },
      { threshold: 30, reached_on: '2026-01-30', points: 500 },
      { threshold: 3, reached_on: '2026-02-03', points: 50 },
    ]);
    expect((await t.ranking.ownStats(user)).badges).toEqual(expect.arrayContaining(['first_login', 'dedicated', 'streak_3', 'streak_7', 'streak_30']));
  });

  it('counts streak days across midnight in São Paulo time, not UTC', async () => {
    const user = newUserId('spday');
    // São Paulo days 01/03, 02/03 and 03/03 (UTC days 2, 2 and 4)
    await t.activity.applySignIn(user, new Date('2026-03-02T02:30:00Z'));
    await t.activity.applySignIn(user, new Date('2026-03-02T12:00:00Z'));
    const third = await t.activity.applySignIn(user, new Date('2026-03-04T02:30:00Z'));
    expect(third).toMatchObject({ points: POINTS.dailyLogin + POINTS.streak3, streakAwards: [3] });
    expect(await totals(t.ds, user)).toMatchObject({ points: 80, total_logins: 3, longest_streak_days: 3 });
  });

  it('a late day that joins two runs does not award the joined run twice', async () => {
    const user = newUserId('late');
    for (const d of ['05-01', '05-02', '05-04', '05-05', '05-06']) await t.activity.applySignIn(user, new Date(`2026-${d}T15:00:00Z`));
    expect((await totals(t.ds, user))!.points).toBe(50 + 50);
    // the 3rd arrives last (a delayed event): one run of six days, which already holds its 3-day award
    expect((await t.activity.applySignIn(user, new Date('2026-05-03T15:00:00Z'))).points).toBe(10);
    expect(await totals(t.ds, user)).toMatchObject({ points: 110, longest_streak_days: 6, last_run_days: 6, last_active_day: '2026-05-06' });
  });

  it('shows the current streak only while it is alive (today or yesterday in São Paulo)', async () => {
    const now = Date.now();
    const alive = newUserId('alive');
    for (const d of [2, 1, 0]) await t.activity.applySignIn(alive, new Date(now - d * 86_400_000));
    expect(await t.ranking.ownStats(alive)).toMatchObject({ current_streak_days: 3, longest_streak_days: 3 });

    const broken = newUserId('broken');
    for (const d of [4, 3]) await t.activity.applySignIn(broken, new Date(now - d * 86_400_000));
    expect(await t.ranking.ownStats(broken)).toMatchObject({ current_streak_days: 0, longest_streak_days: 2 });
  });
});
