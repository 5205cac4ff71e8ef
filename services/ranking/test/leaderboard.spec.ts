import request from 'supertest';
import { REDIS } from '@clima/common';
import type { Redis } from 'ioredis';
import { RankingAnswer } from '@clima/contract';
import { daysAgo, eventually, hb, newUserId, RankingTestApp, startRankingTestApp, totals, userHeaders } from './support/ranking-test-app';

describe('ranking leaderboard (Redis sorted set rebuilt from Postgres)', () => {
  let t: RankingTestApp;
  beforeAll(async () => {
    // own board keys: this spec deletes and rebuilds the board
    t = await startRankingTestApp({ keyNamespace: 'board' });
  });
  afterAll(() => t.close());

  /** Study heartbeats every 30 s for `minutes` minutes from `start`: 10 + minutes points. */
  async function online(userId: string, start: Date, minutes: number, order: 'in-order' | 'reversed' = 'in-order') {
    const offsets = Array.from({ length: minutes * 2 }, (_, i) => i * 30);
    if (order === 'reversed') offsets.reverse();
    for (const s of offsets) await t.processor.process(hb(userId, new Date(start.getTime() + s * 1000)));
  }
  const only = (ids: string[], board: [string, number][]) => board.filter(([id]) => ids.includes(id));

  it('orders ties deterministically: more points, then who reached the total first, then the user id', async () => {
    const [early, late, twinA, twinB] = ['early', 'late', 'twin', 'twin'].map((l) => newUserId(l));
    const [a, b] = [twinA!, twinB!].sort();
    await online(b!, daysAgo(20, '14:00:00'), 5); // 15 points at 14:04:30, the same instant as a
    await online(a!, daysAgo(20, '14:00:00'), 5);
    await online(late!, daysAgo(20, '14:00:01'), 5); // 15 points, one second after the twins
    await online(early!, daysAgo(20, '12:00:00'), 5); // 15 points at 12:04:30: processed last, reached first
    const ids = [early!, late!, a!, b!];
    for (const id of ids) expect((await totals(t.ds, id))!.points).toBe(15);

    const expected = [early!, a!, b!, late!];
    expect(only(ids, await t.board.snapshot()).map(([id]) => id)).toEqual(expected);
    const positions = await Promise.all(expected.map((id) => t.board.position(id)));
    expect([...positions].sort((x, y) => x! - y!)).toEqual(positions);
    expect((await t.board.topFromDatabase(100_000)).filter((id) => ids.includes(id))).toEqual(expected);
    // the fallback used while the board is being rebuilt ranks them the same way
    const fromDatabase = await Promise.all(expected.map((id) => t.board.positionFromDatabase(id)));
    expect([...fromDatabase].sort((x, y) => x! - y!)).toEqual(fromDatabase);
  });

  it('a rebuild from Postgres equals the board kept incrementally', async () => {
    const ids = Array.from({ length: 6 }, () => newUserId('rebuild'));
    for (const [i, id] of ids.entries()) {
      // some users' heartbeats arrive in reverse: the total grows while the instant it was reached stays the same
      await online(id, daysAgo(19, `1${i}:00:00`), i + 1, i % 3 ? 'in-order' : 'reversed');
      if (i % 2) await t.activity.applySignIn(id, daysAgo(18, '12:00:00')).then(() => t.board.sync([id]));
    }
    const incremental = only(ids, await t.board.snapshot());
    expect(incremental).toHaveLength(6);
    for (const [id, points] of incremental) expect(points).toBe((await totals(t.ds, id))!.points);

    expect(await t.board.rebuild()).toBe(true);
    expect(only(ids, await t.board.snapshot())).toEqual(incremental);
    expect(await totals(t.ds, ids[5]!)).toMatchObject({ points: 10 + 6 + 10 });
  });

  it('rebuilds the board on demand when the sorted set is missing', async () => {
    const user = newUserId('ondemand');
    await online(user, daysAgo(17, '12:00:00'), 2);
    expect(await t.board.position(user)).not.toBeNull();
    const redis = t.app.get<Redis>(REDIS);
    await redis.del(t.board.keys.board, t.board.keys.members, t.board.keys.ready);
    expect(await t.board.position(user)).toBeNull();

    const res = await request(t.app.getHttpServer()).get('/api/users/me/stats').set(userHeaders(user)).expect(200);
    expect(await redis.exists(t.board.keys.ready)).toBe(1);
    // other spec files add users to the database meanwhile, so the position is compared with the rebuilt board
    expect(res.body.position).toEqual(expect.any(Number));
    expect(await t.board.position(user)).toBe(res.body.position);
    expect(only([user], await t.board.snapshot())).toEqual([[user, 12]]);
  });

  it('GET /api/ranking lists the best 50 entries of spec section 3, best first, with badges', async () => {
    const user = newUserId('board');
    // 30 s of a video: the day's 10 points (and the name the gateway's identity carried, until auth's own fact)
    const first = daysAgo(20, '12:00:00');
    await t.processor.process({ data: { ...hb(user, first).data, email: `${user}@teste.com.br`, name: 'Maria Refrigeração' } });
    for (let d = 1; d <= 10; d++) await t.activity.applySignIn(user, new Date(first.getTime() + d * 86_400_000));
    await t.board.sync([user]);

    const res = await request(t.app.getHttpServer()).get('/api/ranking').set(userHeaders(user)).expect(200);
    const entries = RankingAnswer.parse(res.body);
    expect(entries.length).toBeLessThanOrEqual(50);
    for (let i = 1; i < entries.length; i++) expect(entries[i - 1]!.points).toBeGreaterThanOrEqual(entries[i]!.points);
    const position = entries.findIndex((e) => e.user_id === user) + 1;
    const [{ week_podiums: podiums }] = await t.ds.query(`SELECT week_podiums FROM ranking.user_stats WHERE user_id = $1`, [user]);
    expect(position).toBeGreaterThan(0);
    expect(entries[position - 1]).toEqual({
      user_id: user,
      name: 'Maria Refrigeração',
      email: `${user}@teste.com.br`,
      total_logins: 11,
      total_session_time_seconds: 30,
      current_streak_days: 0,
      points: 11 * 10 + 50 + 150,
      badges: [
        'first_login', 'dedicated', 'streak_3', 'streak_7', ...(position <= 10 ? ['top_performer'] : []), ...(position === 1 ? ['champion'] : []),
        // the scheduled maintenance of another spec may have closed her week with her on its podium
        ...(podiums > 0 ? ['week_podium'] : []),
      ],
    });
    expect(entries[0]!.badges).toContain('champion');
    const stats = await request(t.app.getHttpServer()).get('/api/users/me/stats').set(userHeaders(user)).expect(200);
    expect(stats.body).toEqual({
      position,
      points: 310,
      total_logins: 11,
      total_session_time_seconds: 30,
      current_streak_days: 0,
      longest_streak_days: 11,
      badges: entries[position - 1]!.badges,
      // all of it more than a week ago, nothing studied today
      week: { position: null, points: 0 },
      today: { online_points: 0, online_cap: 120 },
    });
  });

  it("GET /api/ranking carries no other user's e-mail: their name, or the masked start of the e-mail", async () => {
    const [named, unnamed, emailAsName, viewer] = ['named', 'unnamed', 'mailname', 'viewer'].map((l) => newUserId(l));
    const profiles: [string, string, string | null][] = [
      [named!, `joana.${named}@teste.com.br`, 'Joana Frigorista'],
      [unnamed!, `carlos.${unnamed}@teste.com.br`, null],
      [emailAsName!, `x.${emailAsName}@teste.com.br`, `  renato.${emailAsName}@teste.com.br `],
      [viewer!, `viewer.${viewer}@teste.com.br`, null],
    ];
    for (const [id, email, name] of profiles) {
      // 35 active days in a row: 350 + 700 streak points, high enough to be in the top 50 of the shared database
      for (let d = 0; d < 35; d++) await t.activity.applySignIn(id, new Date(Date.parse('2026-06-01T12:00:00Z') + d * 86_400_000));
      await t.activity.upsertProfile(id, email, name, new Date());
    }
    await t.board.sync(profiles.map(([id]) => id));

    const res = await request(t.app.getHttpServer()).get('/api/ranking').set(userHeaders(viewer!, null)).expect(200);
    const entries = RankingAnswer.parse(res.body);
    const row = (id: string) => entries.find((e) => e.user_id === id);
    expect(row(named!)).toMatchObject({ name: 'Joana Frigorista', email: null });
    expect(row(unnamed!)).toMatchObject({ name: 'ca***', email: null });
    expect(row(emailAsName!)).toMatchObject({ name: 're***', email: null });
    // the caller's own row stays recognisable: its own e-mail, and its local part whole for want of a name
    expect(row(viewer!)).toMatchObject({ name: `viewer.${viewer}`, email: `viewer.${viewer}@teste.com.br` });

    const others = entries.filter((e) => e.user_id !== viewer);
    expect(others.length).toBeGreaterThanOrEqual(3);
    for (const e of others) expect({ user_id: e.user_id, text: JSON.stringify(e) }).toEqual({ user_id: e.user_id, text: expect.not.stringContaining('@') });
    expect(res.text.split('@')).toHaveLength(2);
  });

  it('keeps the newest name and e-mail from user.upserted, never an older one', async () => {
    const user = newUserId('names');
    await online(user, daysAgo(15, '12:00:00'), 1);
    await t.activity.upsertProfile(user, 'novo@teste.com.br', 'Nome Novo', new Date('2026-10-06T12:00:02Z'));
    await t.activity.upsertProfile(user, 'velho@teste.com.br', 'Nome Velho', new Date('2026-10-06T12:00:01Z'));
    const [p] = await t.ds.query(`SELECT email, name FROM ranking.user_profiles WHERE user_id = $1`, [user]);
    expect(p).toEqual({ email: 'novo@teste.com.br', name: 'Nome Novo' });
  });

  it('user.deleted removes every activity, point, award and the board member', async () => {
    const TABLES = ['user_stats', 'user_profiles', 'active_days', 'streak_awards', 'learning_awards', 'weekly_points', 'week_podiums'];
    const user = newUserId('deleted');
    await online(user, daysAgo(14, '12:00:00'), 3);
    for (const d of [13, 12]) await t.activity.applySignIn(user, daysAgo(d, '12:00:00'));
    await t.activity.applyLearning(user, 'lesson', '7', daysAgo(12, '13:00:00'));
    // a week of May 2024 (no other spec uses it) that closes with this user on its podium
    await t.activity.applySignIn(user, new Date('2024-05-07T15:00:00Z'));
    expect((await t.weekly.closeFinishedWeeks(new Date('2024-05-14T12:00:00Z'))).map((w) => w.week)).toEqual(['2024-05-06']);
    await t.activity.upsertProfile(user, 'sai@teste.com.br', 'Quem Sai', new Date());
    await t.board.sync([user]);
    expect(await t.board.position(user)).not.toBeNull();

    await t.bus.publish('user.deleted', { userId: user });
    await eventually(async () => expect(await t.board.position(user)).toBeNull());
    const [left] = await t.ds.query(
      `SELECT ${TABLES.map((tbl) => `(SELECT count(*) FROM ranking.${tbl} WHERE user_id = $1)::int AS ${tbl}`).join(', ')}`,
      [user],
    );
    expect(left).toEqual(Object.fromEntries(TABLES.map((tbl) => [tbl, 0])));
    const stats = await request(t.app.getHttpServer()).get('/api/users/me/stats').set(userHeaders(user)).expect(200);
    expect(stats.body).toEqual({
      position: null,
      points: 0,
      total_logins: 0,
      total_session_time_seconds: 0,
      current_streak_days: 0,
      longest_streak_days: 0,
      badges: [],
      week: { position: null, points: 0 },
      today: { online_points: 0, online_cap: 120 },
    });

    // a heartbeat from before the deletion that is delivered late does not bring the user back
    expect((await t.processor.process(hb(user, daysAgo(12, '12:05:00')))).points.has(user)).toBe(false);
    expect(await totals(t.ds, user)).toBeUndefined();
    // handling the deletion again is harmless
    await t.activity.deleteUser(user);
    expect(await totals(t.ds, user)).toBeUndefined();
  });
});
