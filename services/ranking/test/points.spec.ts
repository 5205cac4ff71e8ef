import { POINTS } from '@clima/contract';
import { saoPauloDay } from '../src/shared/sao-paulo-time';
import { daysAgo, dayRow, hb, newUserId, RankingTestApp, startRankingTestApp, totals } from './support/ranking-test-app';

describe('ranking points (worker rules, explicit timestamps)', () => {
  let t: RankingTestApp;
  beforeAll(async () => {
    t = await startRankingTestApp();
  });
  afterAll(() => t.close());

  const at = (utc: string, ago = 1) => daysAgo(ago, utc);
  const points = async (userId: string, when: Date, activity: 'video' | 'lesson' | 'manual' | null = 'video', visible = true) =>
    (await t.processor.process(hb(userId, when, activity, visible))).points.get(userId) ?? 0;

  // yesterday, 10:00:10 in São Paulo is 13:00:10 UTC
  const script = [
    '13:00:10', '13:00:40', '13:01:10', '13:01:40', '13:02:10', // every 30 s: 12:59:40 … 13:02:10 studied (150 s)
    '13:03:50', // 100 s later: only the 30 s before it count, not the 70 s gap
    '13:06:20', // 150 s later: again only its 30 s
    '13:06:50', // 30 s later: its 30 s join the previous ones
    '13:10:00', // 190 s later: its 30 s, and a new session (more than 120 s without study)
  ];

  it('credits the 30 s each study heartbeat vouches for: a gap earns nothing, a minute of study is a point', async () => {
    const user = newUserId('script');
    const gained: number[] = [];
    for (const hms of script) gained.push(await points(user, at(hms)));
    // 30 s, 60 s (1 min), 90, 120 (2), 150, 180 (3), 210, 240 (4), 270 s
    expect(gained).toEqual([POINTS.dailyLogin, 1, 0, 1, 0, 1, 0, 1, 0]);
    expect(await totals(t.ds, user)).toMatchObject({ points: 10 + 4, online_seconds: 270, total_logins: 1 });
    expect(await dayRow(t.ds, user, saoPauloDay(at('13:00:10')))).toEqual({
      source: 'heartbeat',
      learning_seconds: 270,
      online_points: 4,
      sessions: 2,
      // seconds since São Paulo midnight: 09:59:40 … 10:02:10, 10:03:20 … 10:03:50, 10:05:50 … 10:06:50, 10:09:30 … 10:10:00
      spans: '{[35980,36130),[36200,36230),[36350,36410),[36570,36600)}',
    });
    expect(await t.ranking.ownStats(user)).toMatchObject({ points: 14, total_logins: 1, total_session_time_seconds: 270, longest_streak_days: 1 });
  });

  it('two heartbeats 100 s apart with nothing between earn their 60 s, not 100 s', async () => {
    const user = newUserId('gap');
    await points(user, at('15:00:00'));
    await points(user, at('15:01:40'));
    expect(await totals(t.ds, user)).toMatchObject({ points: 10 + 1, online_seconds: 60 });
  });

  it('reaches the same totals and stretches whatever order the heartbeats arrive in, and a repeated one adds nothing', async () => {
    const reversed = newUserId('rev');
    for (const hms of [...script].reverse()) await points(reversed, at(hms));
    const shuffled = newUserId('shuf');
    for (const i of [4, 8, 0, 7, 2, 5, 1, 6, 3, 4, 0]) await points(shuffled, at(script[i]!));
    for (const user of [reversed, shuffled]) {
      expect(await totals(t.ds, user)).toMatchObject({ points: 14, online_seconds: 270 });
      expect((await dayRow(t.ds, user, saoPauloDay(at('13:00:10'))))?.spans).toBe('{[35980,36130),[36200,36230),[36350,36410),[36570,36600)}');
    }
  });

  it('only study earns: no activity, or a lesson or manual on a hidden page, earns nothing; a video plays hidden too', async () => {
    const idle = newUserId('idle');
    for (const hms of ['16:00:00', '16:00:30', '16:01:00', '16:01:30']) {
      expect(await points(idle, at(hms), null)).toBe(0);
      expect(await points(idle, at(hms), 'manual', false)).toBe(0);
      expect(await points(idle, at(hms), 'lesson', false)).toBe(0);
    }
    expect(await totals(t.ds, idle)).toBeUndefined();
    expect(await dayRow(t.ds, idle, saoPauloDay(at('16:00:00')))).toBeUndefined();

    const reader = newUserId('reader');
    await points(reader, at('16:00:00'), 'manual', true);
    await points(reader, at('16:00:30'), 'lesson', true);
    await points(reader, at('16:01:00'), 'video', false);
    expect(await totals(t.ds, reader)).toMatchObject({ points: 10 + 1, online_seconds: 90 });
  });

  it('caps the study points of a São Paulo day; the time still counts, and the next day starts again', async () => {
    const user = newUserId('cap');
    const start = at('12:00:00', 3).getTime();
    // three hours of a video playing, heartbeats every 30 s, in one batch
    const heartbeats = Array.from({ length: 360 }, (_, i) => ({ userId: user, at: new Date(start + (i + 1) * 30_000) }));
    await t.activity.applyHeartbeats({ heartbeats });
    expect(await totals(t.ds, user)).toMatchObject({ points: 10 + 120, online_seconds: 3 * 3600 });
    expect(await dayRow(t.ds, user, saoPauloDay(new Date(start)))).toMatchObject({ learning_seconds: 10_800, online_points: 120, sessions: 1 });
    // more of the same day: nothing more
    expect(await points(user, new Date(start + 3 * 3600_000 + 60_000))).toBe(0);
    // the next day: the daily points, a 2-day run, and its own study points
    await t.activity.applyHeartbeats({ heartbeats: Array.from({ length: 4 }, (_, i) => ({ userId: user, at: new Date(start + 86_400_000 + i * 30_000) })) });
    expect(await totals(t.ds, user)).toMatchObject({ points: 130 + 10 + 2, total_logins: 2, last_run_days: 2 });
  });

  it('gives the daily points once per São Paulo day, from a sign-in or study, and splits study at midnight', async () => {
    const user = newUserId('daily');
    // 23:59 in São Paulo is already the next day in UTC
    const evening = daysAgo(2, '02:59:00');
    const day1 = saoPauloDay(evening);
    expect((await t.activity.applySignIn(user, evening)).points).toBe(POINTS.dailyLogin);
    expect(await points(user, new Date(evening.getTime() + 30_000))).toBe(0); // 30 s
    expect((await t.activity.applySignIn(user, new Date(evening.getTime() + 50_000))).points).toBe(0);
    // 00:00:10 in São Paulo: 20 s of the old day, 10 s of a new one (+10)
    expect(await points(user, new Date(evening.getTime() + 70_000))).toBe(POINTS.dailyLogin);
    expect((await t.activity.applySignIn(user, new Date(evening.getTime() + 12 * 3600_000))).points).toBe(0);
    const day2 = saoPauloDay(new Date(evening.getTime() + 70_000));
    expect(await totals(t.ds, user)).toMatchObject({ points: 20, total_logins: 2, online_seconds: 60, last_run_days: 2, last_active_day: day2 });
    expect(await dayRow(t.ds, user, day1)).toMatchObject({ source: 'sign_in', learning_seconds: 50, spans: '{[86340,86370),[86380,86400)}' });
    expect(await dayRow(t.ds, user, day2)).toMatchObject({ source: 'heartbeat', learning_seconds: 10, spans: '{[0,10)}' });
  });

  it('a replayed stretch of study (the demo history) counts exactly like its heartbeats', async () => {
    const user = newUserId('span');
    const from = at('18:00:00', 2);
    expect((await t.activity.applyStudySpan(user, from, new Date(from.getTime() + 10 * 60_000))).points).toBe(10 + 10);
    expect((await t.activity.applyStudySpan(user, new Date(from.getTime() + 60_000), new Date(from.getTime() + 5 * 60_000))).points).toBe(0);
    expect(await totals(t.ds, user)).toMatchObject({ points: 20, online_seconds: 600 });
  });

  it('study older than the detail window earns nothing (its day is closed)', async () => {
    const user = newUserId('old');
    expect(await points(user, daysAgo(45, '15:00:00'))).toBe(0);
    expect(await totals(t.ds, user)).toBeUndefined();
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
    expect(third).toMatchObject({ points: POINTS.dailyLogin + POINTS.streak3 });
    expect(await totals(t.ds, user)).toMatchObject({ points: 80, total_logins: 3, longest_streak_days: 3 });
  });

  it('a late day that joins two runs does not award the joined run twice', async () => {
    const user = newUserId('late');
    for (const d of ['05-01', '05-02', '05-04', '05-05', '05-06']) await t.activity.applySignIn(user, new Date(`2026-${d}T15:00:00Z`));
    expect((await totals(t.ds, user))!.points).toBe(50 + 50);
    // the 3rd arrives last (a delayed event): one run of six days, which already holds its 3-day award
    expect((await t.activity.applySignIn(user, new Date('2026-05-03T15:00:00Z'))).points).toBe(10);
    expect(await totals(t.ds, user)).toMatchObject({ points: 110, longest_streak_days: 6, last_run_days: 6, last_active_day: '2026-05-06' });
    // and the run goes on from its real length: the 7th day earns the 7-day award
    expect((await t.activity.applySignIn(user, new Date('2026-05-07T15:00:00Z'))).points).toBe(10 + 150);
  });

  it('study heartbeats that make late days recompute the runs like sign-ins do', async () => {
    const user = newUserId('latestudy');
    for (const ago of [6, 5, 3, 2]) await points(user, daysAgo(ago, '15:00:00'));
    expect(await totals(t.ds, user)).toMatchObject({ points: 40, last_run_days: 2, longest_streak_days: 2 });
    // the missing day arrives last: one run of five days, which reaches 3 days on its 3rd day
    expect(await points(user, daysAgo(4, '15:00:00'))).toBe(10 + 50);
    expect(await totals(t.ds, user)).toMatchObject({ points: 100, total_logins: 5, last_run_days: 5, longest_streak_days: 5 });
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
