import request from 'supertest';
import { ask, createRpcClient, queueDepth, statsPattern } from '@clima/common';
import { RankingStats } from '@clima/contract';
import { QueueMetrics } from '../src/heartbeat/queue-metrics';
import { badgesOf } from '../src/ranking/badges';
import { addDays, saoPauloDay } from '../src/shared/sao-paulo-time';
import { eventually, newUserId, RankingTestApp, startRankingTestApp, totals, userHeaders } from './support/ranking-test-app';

const METRICS_TOKEN = 'ranking-http-spec-metrics-token';

describe('ranking HTTP routes, dashboard figures and metrics', () => {
  let t: RankingTestApp;
  beforeAll(async () => {
    t = await startRankingTestApp({ keyNamespace: 'http', rpc: true, env: { METRICS_TOKEN } });
  });
  afterAll(() => t.close());

  it.each([
    ['post', '/api/users/session/heartbeat'],
    ['get', '/api/ranking'],
    ['get', '/api/users/me/stats'],
  ] as const)('%s %s answers 401 to an anonymous caller', async (method, path) => {
    const res = await request(t.app.getHttpServer())[method](path).expect(401);
    expect(res.body).toEqual({ error: 'Você precisa estar logado' });
  });

  it('a heartbeat is accepted at once and the worker turns it into points', async () => {
    const user = newUserId('http');
    const res = await request(t.app.getHttpServer())
      .post('/api/users/session/heartbeat')
      .set(userHeaders(user, 'Carlos Técnico'))
      .set('Content-Type', 'application/json')
      .expect(200);
    expect(res.body).toEqual({ ok: true });
    await eventually(async () => expect(await totals(t.ds, user)).toMatchObject({ points: 11, online_minutes: 1, total_logins: 1 }));
    const stats = await eventually(async () => {
      const r = await request(t.app.getHttpServer()).get('/api/users/me/stats').set(userHeaders(user)).expect(200);
      expect(r.body.position).toEqual(expect.any(Number));
      return r.body;
    });
    expect(stats).toMatchObject({ points: 11, total_logins: 1, total_session_time_seconds: 60, current_streak_days: 1, longest_streak_days: 1 });
    expect(stats.badges).toContain('first_login');
    // the identity headers gave the board a name until the auth service's user.upserted arrives
    const [p] = await t.ds.query(`SELECT email, name FROM ranking.user_profiles WHERE user_id = $1`, [user]);
    expect(p).toEqual({ email: `${user}@teste.com.br`, name: 'Carlos Técnico' });
  });

  it('accepts a heartbeat with a JSON body too, and never fails on a malformed one with a 500', async () => {
    const user = newUserId('body');
    await request(t.app.getHttpServer()).post('/api/users/session/heartbeat').set(userHeaders(user)).send({ qualquer: 'coisa' }).expect(200);
    const bad = await request(t.app.getHttpServer())
      .post('/api/users/session/heartbeat')
      .set(userHeaders(newUserId('bad')))
      .set('Content-Type', 'application/json')
      .send('{"x":')
      .expect(400);
    expect(bad.body).toEqual({ error: expect.any(String) });
  });

  it("queues one heartbeat per user per interval; a burst from several tabs is answered but not queued", async () => {
    const user = newUserId('burst');
    const now = new Date().toISOString();
    expect(await t.producer.enqueue({ userId: user, at: now })).toBe(true);
    expect(await t.producer.enqueue({ userId: user, at: now })).toBe(false);
    expect(await t.producer.enqueue({ userId: newUserId('other'), at: now })).toBe(true);
  });

  it('own stats of a user without activity: position null and zeros', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/users/me/stats').set(userHeaders(newUserId('idle'))).expect(200);
    expect(res.body).toEqual({ position: null, points: 0, total_logins: 0, total_session_time_seconds: 0, current_streak_days: 0, longest_streak_days: 0, badges: [] });
  });

  it("answers the dashboard's 'Acessos' figures over RPC: 30 São Paulo days with zeros, unique users and sessions", async () => {
    const today = saoPauloDay(new Date());
    const before = await t.stats.stats();
    const day = (d: string) => before.access.find((a) => a.date === d)!;
    const yesterday = addDays(today, -1);

    const [u1, u2] = [newUserId('acc'), newUserId('acc')];
    const noon = (d: string) => Date.parse(`${d}T15:00:00Z`);
    // u1: two sessions yesterday (a 10-minute gap), u2: one sign-in and one session yesterday
    for (const s of [0, 30, 600, 630]) await t.processor.process({ data: { userId: u1, at: new Date(noon(yesterday) + s * 1000).toISOString() } });
    await t.activity.applySignIn(u2, new Date(noon(yesterday)));
    await t.processor.process({ data: { userId: u2, at: new Date(noon(yesterday) + 5000).toISOString() } });

    const client = createRpcClient(t.config.REDIS_URL);
    try {
      const answer = RankingStats.parse(await ask(client, statsPattern('ranking'), {}, 5000));
      expect(answer.access).toHaveLength(30);
      expect(answer.access[29]!.date).toBe(today);
      expect(answer.access[0]!.date).toBe(addDays(today, -29));
      for (const a of answer.access) expect(a.unique_users).toBeGreaterThanOrEqual(0);
      const y = answer.access.find((a) => a.date === yesterday)!;
      expect(y.unique_users - day(yesterday).unique_users).toBeGreaterThanOrEqual(2);
      expect(y.total_sessions - day(yesterday).total_sessions).toBeGreaterThanOrEqual(3);
    } finally {
      await client.close();
    }
    const [mine] = await t.ds.query(
      `SELECT (SELECT count(*) FROM ranking.sessions WHERE user_id = ANY($1) AND started_day = $2)::int AS sessions,
              (SELECT count(*) FROM ranking.active_days WHERE user_id = ANY($1) AND day = $2)::int AS users`,
      [[u1, u2], yesterday],
    );
    expect(mine).toEqual({ sessions: 3, users: 2 });
  });

  it('exposes the heartbeat queue depth and backlog age to Prometheus', async () => {
    await t.workers.heartbeats.pause();
    try {
      await t.producer.heartbeats.add('heartbeat', { userId: newUserId('metrics'), at: new Date().toISOString() });
      await t.app.get(QueueMetrics).refresh();
      const waiting = (await queueDepth.get()).values.find((v) => v.labels.queue === 'ranking-heartbeats' && v.labels.state === 'waiting');
      expect(waiting?.value).toBeGreaterThanOrEqual(1);
      const res = await request(t.app.getHttpServer()).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
      expect(res.text).toContain('queue_jobs{queue="ranking-heartbeats",state="waiting"');
      expect(res.text).toContain('ranking_heartbeat_oldest_waiting_seconds');
    } finally {
      t.workers.heartbeats.resume();
    }
  });

  it('badges follow the thresholds of spec section 3', () => {
    expect(badgesOf({ total_logins: 0, total_session_time_seconds: 0, longest_streak_days: 0, position: null })).toEqual([]);
    expect(badgesOf({ total_logins: 9, total_session_time_seconds: 100 * 3600 - 60, longest_streak_days: 2, position: 11 })).toEqual(['first_login']);
    expect(badgesOf({ total_logins: 10, total_session_time_seconds: 0, longest_streak_days: 3, position: 10 })).toEqual(['first_login', 'dedicated', 'streak_3', 'top_performer']);
    expect(badgesOf({ total_logins: 100, total_session_time_seconds: 100 * 3600, longest_streak_days: 30, position: 1 })).toEqual([
      'first_login', 'dedicated', 'committed', 'expert', 'streak_3', 'streak_7', 'streak_30', 'time_master', 'top_performer', 'champion',
    ]);
  });
});
