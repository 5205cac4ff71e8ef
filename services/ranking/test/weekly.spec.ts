import request from 'supertest';
import { randomUUID } from 'node:crypto';
import type { LearningActivity } from '@clima/contract';
import { RankingAnswer } from '@clima/contract';
import type { StudyHeartbeat } from '../src/activity/activity.service';
import { eventually, newUserId, RankingTestApp, startRankingTestApp, totals, userHeaders } from './support/ranking-test-app';

/**
 * A scripted week of four technicians — study heartbeats, lessons and a course completed, manuals opened, and the
 * ways of farming points the rules refuse — gives exact points, the week's board and its podium badges. The week
 * is one of September 2025, which no other spec touches (spec files share the database).
 */
describe('a week of the weekly league', () => {
  let t: RankingTestApp;
  beforeAll(async () => {
    t = await startRankingTestApp({ keyNamespace: 'weekly' });
  });
  afterAll(() => t.close());

  /** São Paulo wall-clock time of the scripted week → instant. */
  const sp = (local: string) => new Date(`${local}-03:00`);

  /** Heartbeats every `every` seconds for `minutes` minutes after `from`, as the client sends them. */
  function session(userId: string, from: string, minutes: number, o: { every?: number; activity?: LearningActivity | null; visible?: boolean } = {}) {
    const every = o.every ?? 30;
    const start = sp(from).getTime();
    return Array.from({ length: Math.floor((minutes * 60) / every) }, (_, i) => ({
      userId,
      at: new Date(start + (i + 1) * every * 1000),
      activity: o.activity === undefined ? 'video' : o.activity,
      visible: o.visible ?? true,
    }));
  }

  /** What the HTTP process queues (only heartbeats that earn) and the worker applies, as of the heartbeats' own time. */
  async function apply(heartbeats: ReturnType<typeof session>) {
    const job = { id: randomUUID(), name: 'batch', data: { heartbeats: heartbeats.map((h) => ({ ...h, at: h.at.getTime() })) } };
    const earning = heartbeats.filter((h) => h.activity === 'video' || (h.activity !== null && h.visible));
    const last = new Date(Math.max(...heartbeats.map((h) => h.at.getTime())));
    // the processor's rule, applied as of the scripted day so the days are inside the detail window
    await t.activity.applyHeartbeats({ key: job.id, heartbeats: earning.map((h): StudyHeartbeat => ({ userId: h.userId, at: h.at })) }, {}, last);
  }

  const event = async (name: 'lesson.completed' | 'course.completed' | 'manual.opened', payload: never) => t.bus.publish(name, payload);

  it('gives exact points, the week board and the podium badges; farming earns nothing more', async () => {
    const [ana, bruno, carla, davi] = ['ana', 'bruno', 'carla', 'davi'].map((n) => newUserId(n));
    const week = '2025-09-08';

    // Monday 08/09
    await apply(session(ana!, '2025-09-08T10:00:00', 30)); // 30 min of a video: +10 +30
    await t.activity.applySignIn(bruno!, sp('2025-09-08T08:00:00')); // +10
    // Bruno leaves a tab open on the catalogue all day: heartbeats without activity earn nothing
    await apply(session(bruno!, '2025-09-08T08:00:00', 120, { activity: null }));
    await apply(session(carla!, '2025-09-08T14:00:00', 20, { activity: 'manual' })); // reading a manual: +10 +20
    // Davi has a lesson open on a hidden tab for an hour: nothing; his sign-in: +10
    await apply(session(davi!, '2025-09-08T09:00:00', 60, { activity: 'lesson', visible: false }));
    await t.activity.applySignIn(davi!, sp('2025-09-08T09:00:00'));

    // Tuesday 09/09
    await event('lesson.completed', { userId: ana, courseId: 10, lessonId: 101, at: sp('2025-09-09T09:10:00').toISOString() } as never); // +20
    await event('lesson.completed', { userId: ana, courseId: 10, lessonId: 102, at: sp('2025-09-09T09:20:00').toISOString() } as never); // +20
    await event('course.completed', { userId: ana, courseId: 10, at: sp('2025-09-09T09:20:00').toISOString() } as never); // +100
    await apply(session(ana!, '2025-09-09T09:00:00', 10)); // +10 (day 2) +10
    // Bruno's client sends a heartbeat every 100 s for an hour: only the 30 s before each count (18 min), not 60
    await apply(session(bruno!, '2025-09-09T20:00:00', 60, { every: 100 })); // +10 +18
    // the same completion delivered twice: +20 once
    for (let i = 0; i < 2; i++) await event('lesson.completed', { userId: carla, courseId: 10, lessonId: 101, at: sp('2025-09-09T19:00:00').toISOString() } as never);

    // Wednesday 10/09
    await apply(session(ana!, '2025-09-10T08:00:00', 180)); // three hours: +10, the 3-day streak +50, and the day's cap: +120
    // Bruno opens seven manuals and one of them again: 5 a day earn +2 each
    for (const manualId of [1, 2, 3, 4, 5, 6, 7, 3]) await event('manual.opened', { userId: bruno, manualId, at: sp('2025-09-10T10:00:00').toISOString() } as never);
    await apply(session(carla!, '2025-09-10T18:00:00', 45)); // +10 +45 (Tuesday had no study: no streak)

    // Sunday 14/09, a minute before midnight, and past midnight (Monday 15/09: next week's board)
    await apply([{ userId: davi!, at: sp('2025-09-14T23:59:30'), activity: 'video', visible: true }]); // +10 (Sunday)
    await apply([{ userId: davi!, at: sp('2025-09-15T00:00:20'), activity: 'video', visible: true }]); // 10 s Sunday, 20 s Monday: +10 next week

    const expected = { [ana!]: 40 + 140 + 20 + 180, [carla!]: 30 + 20 + 55, [bruno!]: 10 + 28 + 10, [davi!]: 10 + 10 };
    await eventually(async () => {
      for (const [user, points] of Object.entries(expected)) expect({ user, points: (await totals(t.ds, user))!.points }).toEqual({ user, points: points + (user === davi ? 10 : 0) });
    });
    const board = await t.ds.query(
      `SELECT user_id, points FROM ranking.weekly_points WHERE week = $1 AND user_id = ANY($2) ORDER BY points DESC, reached_at, user_id COLLATE "C"`,
      [week, Object.keys(expected)],
    );
    expect(board).toEqual([
      { user_id: ana, points: 380 },
      { user_id: carla, points: 105 },
      { user_id: bruno, points: 48 },
      { user_id: davi, points: 20 },
    ]);
    expect(await t.ds.query(`SELECT to_char(week, 'YYYY-MM-DD') AS week, points FROM ranking.weekly_points WHERE user_id = $1 ORDER BY week`, [davi])).toEqual([
      { week, points: 20 },
      { week: '2025-09-15', points: 10 },
    ]);
    expect(await totals(t.ds, ana!)).toMatchObject({ total_logins: 3, longest_streak_days: 3, online_seconds: (30 + 10 + 180) * 60 });
    expect(await totals(t.ds, bruno!)).toMatchObject({ total_logins: 2, online_seconds: 36 * 30 });
    // five different manuals of the seven (the events are handled four at a time: which five is a matter of order)
    const manuals: { ref: string; points: number }[] = await t.ds.query(`SELECT ref, points FROM ranking.learning_awards WHERE user_id = $1 AND kind = 'manual'`, [bruno]);
    expect(new Set(manuals.map((m) => m.ref)).size).toBe(5);
    expect(manuals.every((m) => m.points === 2 && Number(m.ref) >= 1 && Number(m.ref) <= 7)).toBe(true);

    // the week closes on Monday 00:00 São Paulo (+15 min of grace): its top 3 earn the badge, once
    expect(await t.weekly.closeFinishedWeeks(sp('2025-09-15T00:10:00'))).toEqual([]);
    const closed = await t.weekly.closeFinishedWeeks(sp('2025-09-15T00:20:00'));
    expect(closed).toEqual([
      {
        week,
        podium: [
          { user_id: ana, position: 1, points: 380 },
          { user_id: carla, position: 2, points: 105 },
          { user_id: bruno, position: 3, points: 48 },
        ],
      },
    ]);
    expect(await t.weekly.closeFinishedWeeks(sp('2025-09-15T01:00:00'))).toEqual([]);
    for (const user of [ana!, carla!, bruno!]) expect((await t.ranking.ownStats(user)).badges).toContain('week_podium');
    expect((await t.ranking.ownStats(davi!)).badges).not.toContain('week_podium');
    // the scheduled job does the same (and finds this week closed)
    expect((await t.maintenance.run(sp('2025-09-15T02:00:00'))).weeksClosed).toEqual([]);
  });

  it("GET /api/ranking?period=week shows this week's points; period=all (the default) the totals", async () => {
    const [veteran, newcomer] = [newUserId('veteran'), newUserId('newcomer')];
    // the veteran's 35 days in a row, long ago: 1,050 points, none this week
    for (let d = 0; d < 35; d++) await t.activity.applySignIn(veteran, new Date(Date.parse('2025-06-02T12:00:00Z') + d * 86_400_000));
    await t.board.sync([veteran]);
    // the newcomer studied for the last hour (about 70 points, enough for the week's top 50 of the shared database)
    await t.activity.applyStudySpan(newcomer, new Date(Date.now() - 3600_000), new Date());
    await t.board.sync([newcomer]);
    const [{ points: thisWeek }] = await t.ds.query(`SELECT points FROM ranking.weekly_points WHERE week = $1 AND user_id = $2`, [t.weekly.currentWeek(), newcomer]);
    expect(thisWeek).toBeGreaterThanOrEqual(10);

    const week = RankingAnswer.parse((await request(t.app.getHttpServer()).get('/api/ranking?period=week').set(userHeaders(newcomer)).expect(200)).body);
    expect(week.find((e) => e.user_id === newcomer)).toMatchObject({ points: thisWeek });
    expect(week.find((e) => e.user_id === veteran)).toBeUndefined();
    for (let i = 1; i < week.length; i++) expect(week[i - 1]!.points).toBeGreaterThanOrEqual(week[i]!.points);

    const all = RankingAnswer.parse((await request(t.app.getHttpServer()).get('/api/ranking').set(userHeaders(newcomer)).expect(200)).body);
    expect(all.find((e) => e.user_id === veteran)).toMatchObject({ points: 1050, badges: expect.arrayContaining(['streak_30']) });

    const own = (await request(t.app.getHttpServer()).get('/api/users/me/stats').set(userHeaders(newcomer)).expect(200)).body;
    expect(own.week).toEqual({ position: week.findIndex((e) => e.user_id === newcomer) + 1, points: thisWeek });
  });
});
