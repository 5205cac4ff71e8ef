import request from 'supertest';
import { queueDepth } from '@clima/common';
import { QueueMetrics } from '../src/heartbeat/queue-metrics';
import { badgesOf } from '../src/ranking/badges';
import { eventually, newUserId, RankingTestApp, startRankingTestApp, totals, userHeaders } from './support/ranking-test-app';

const METRICS_TOKEN = 'ranking-http-spec-metrics-token';

describe('ranking HTTP routes and metrics', () => {
  let t: RankingTestApp;
  beforeAll(async () => {
    // heartbeats are gathered for 100 ms before a batch is queued (15 ms by default), so a burst is one batch even on a busy machine
    t = await startRankingTestApp({ keyNamespace: 'http', rpc: true, env: { METRICS_TOKEN, RANKING_HEARTBEAT_BATCH_MS: '100' } });
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

  const HEARTBEAT = '/api/users/session/heartbeat';
  const post = (user: string, body?: string | object, type = 'application/json') => {
    const req = request(t.app.getHttpServer()).post(HEARTBEAT).set(userHeaders(user, 'Carlos Técnico'));
    return body === undefined ? req : req.set('Content-Type', type).send(body);
  };

  it('a study heartbeat is accepted at once and the worker turns it into points', async () => {
    const user = newUserId('http');
    const res = await post(user, { activity: 'video', visible: true }).expect(200);
    expect(res.body).toEqual({ ok: true });
    expect(res.headers).toMatchObject({ 'cache-control': 'private, no-store', 'x-request-id': expect.any(String) });
    await eventually(async () => expect(await totals(t.ds, user)).toMatchObject({ points: 10, online_seconds: 30, total_logins: 1 }));
    const stats = await eventually(async () => {
      const r = await request(t.app.getHttpServer()).get('/api/users/me/stats').set(userHeaders(user)).expect(200);
      expect(r.body.position).toEqual(expect.any(Number));
      return r.body;
    });
    expect(stats).toMatchObject({
      points: 10,
      total_logins: 1,
      total_session_time_seconds: 30,
      current_streak_days: 1,
      longest_streak_days: 1,
      week: { position: expect.any(Number), points: 10 },
      today: { online_points: 0, online_cap: 120 },
    });
    expect(stats.badges).toContain('first_login');
    // the identity headers gave the board a name until the auth service's user.upserted arrives
    const [p] = await t.ds.query(`SELECT email, name FROM ranking.user_profiles WHERE user_id = $1`, [user]);
    expect(p).toEqual({ email: `${user}@teste.com.br`, name: 'Carlos Técnico' });
  });

  it('still accepts the older clients\' heartbeat (no body, or a body without activity): answered, worth nothing, never queued', async () => {
    const user = newUserId('old');
    const waiting = async () => (await t.producer.heartbeats.getJobCounts('waiting')).waiting;
    await t.workers.heartbeats.pause();
    try {
      const before = await waiting();
      expect((await post(user).expect(200)).body).toEqual({ ok: true });
      expect((await post(user, '').expect(200)).body).toEqual({ ok: true });
      expect((await post(user, {}).expect(200)).body).toEqual({ ok: true });
      await post(user, { qualquer: 'coisa' }).expect(200);
      await post(user, { activity: null, visible: true }).expect(200);
      // a lesson or manual on a hidden page, a body that is not JSON: no activity either
      await post(user, { activity: 'manual', visible: false }).expect(200);
      await post(user, '{"activity":"video"}', 'text/plain').expect(200);
      await t.producer.flush();
      expect(await waiting()).toBe(before);
    } finally {
      t.workers.heartbeats.resume();
    }
    expect(await totals(t.ds, user)).toBeUndefined();
  });

  it.each([
    ['malformed JSON', '{"x":', 400, 'JSON malformado no corpo da requisição'],
    ['not an object', '[1]', 400, 'O corpo deve ser um objeto JSON'],
    ['null', 'null', 400, 'O corpo deve ser um objeto JSON'],
    ['an unknown activity', { activity: 'jogando' }, 400, 'activity deve ser "video", "lesson", "manual" ou null'],
    ['a number for visible', { activity: 'manual', visible: 1 }, 400, 'visible deve ser true ou false'],
    ['a body over 4 KB', { activity: 'video', visible: true, x: 'a'.repeat(5000) }, 413, 'Corpo da requisição muito grande'],
  ] as const)('refuses %s with a JSON error, never a 500', async (_label, body, status, error) => {
    const res = await post(newUserId('bad'), body).expect(status);
    expect(res.body).toEqual({ error });
  });

  it('refuses a body of another charset or encoding, and answers other methods like an unknown route', async () => {
    const user = newUserId('enc');
    await post(user, '{"activity":"video"}', 'application/json; charset=utf-16').expect(415);
    const gz = await request(t.app.getHttpServer()).post(HEARTBEAT).set(userHeaders(user)).set('Content-Type', 'application/json').set('Content-Encoding', 'gzip').send('{"a":1}').expect(415);
    expect(gz.body).toEqual({ error: 'Tipo de conteúdo não suportado' });
    expect((await request(t.app.getHttpServer()).get(HEARTBEAT).set(userHeaders(user)).expect(404)).body).toEqual({ error: 'Não encontrado' });
  });

  it('HEAD is the authenticated no-op: 204 for a signed-in caller, 401 otherwise, nothing queued', async () => {
    await request(t.app.getHttpServer()).head(HEARTBEAT).set(userHeaders(newUserId('head'))).expect(204);
    await request(t.app.getHttpServer()).head(HEARTBEAT).expect(401);
    // a forged identity (plain headers, no signed assertion) is anonymous
    await request(t.app.getHttpServer()).post(HEARTBEAT).set('x-user-id', 'email_1').send({ activity: 'video', visible: true }).expect(401);
  });

  it('gathers the heartbeats of many users into one queued batch, applied as one', async () => {
    const users = Array.from({ length: 25 }, () => newUserId('many'));
    await t.workers.heartbeats.pause();
    try {
      await Promise.all(users.map((u) => post(u, { activity: 'lesson', visible: true }).expect(200)));
      const jobs = (await t.producer.heartbeats.getJobs(['waiting'])).filter((j) => (j.data.heartbeats ?? []).some((h) => users.includes((h as { userId: string }).userId)));
      // RANKING_HEARTBEAT_BATCH_MS gathers a burst like this one into very few jobs
      expect(jobs.length).toBeLessThanOrEqual(5);
      expect(jobs.reduce((n, j) => n + j.data.heartbeats!.length, 0)).toBe(25);
    } finally {
      t.workers.heartbeats.resume();
    }
    for (const u of users) await eventually(async () => expect(await totals(t.ds, u)).toMatchObject({ points: 10, online_seconds: 30 }));
  });

  it('queues one heartbeat per user per interval; a burst from several tabs is answered but not queued', async () => {
    const user = newUserId('burst');
    const now = Date.now();
    const study = { activity: 'video' as const, visible: true };
    expect(await t.producer.enqueue({ userId: user, at: now, ...study }, now)).toBe(true);
    expect(await t.producer.enqueue({ userId: user, at: now, ...study }, now + 5_000)).toBe(false);
    expect(await t.producer.enqueue({ userId: newUserId('other'), at: now, ...study }, now + 5_000)).toBe(true);
    // after the interval (10 s), the next one is queued
    expect(await t.producer.enqueue({ userId: user, at: now, ...study }, now + 10_000)).toBe(true);
  });

  it('own stats of a user without activity: position null and zeros', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/users/me/stats').set(userHeaders(newUserId('idle'))).expect(200);
    expect(res.body).toEqual({
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
  });

  it('GET /api/ranking?period= is "week" or "all"; anything else is refused', async () => {
    const user = newUserId('period');
    for (const q of ['', '?period=all', '?period=week']) await request(t.app.getHttpServer()).get(`/api/ranking${q}`).set(userHeaders(user)).expect(200);
    const res = await request(t.app.getHttpServer()).get('/api/ranking?period=month').set(userHeaders(user)).expect(400);
    expect(res.body).toEqual({ error: 'period deve ser "week" ou "all"' });
  });

  it('exposes the heartbeat queue depth and backlog age to Prometheus', async () => {
    await t.workers.heartbeats.pause();
    try {
      await t.producer.heartbeats.add('batch', { heartbeats: [{ userId: newUserId('metrics'), at: Date.now(), activity: 'video', visible: true }] });
      await t.app.get(QueueMetrics).refresh();
      const waiting = (await queueDepth.get()).values.find((v) => v.labels.queue === 'ranking-heartbeats' && v.labels.state === 'waiting');
      expect(waiting?.value).toBeGreaterThanOrEqual(1);
      const res = await request(t.app.getHttpServer()).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`).expect(200);
      expect(res.text).toContain('queue_jobs{queue="ranking-heartbeats",state="waiting"');
      expect(res.text).toContain('ranking_heartbeat_oldest_waiting_seconds');
      expect(res.text).toContain('ranking_heartbeats_total{outcome="queued"');
      expect(res.text).toContain('route="/api/users/session/heartbeat",status="200"');
    } finally {
      t.workers.heartbeats.resume();
    }
  });

  it('badges follow the thresholds of spec section 3, and a closed week on the podium', () => {
    const none = { week_podiums: 0 };
    expect(badgesOf({ total_logins: 0, total_session_time_seconds: 0, longest_streak_days: 0, position: null, ...none })).toEqual([]);
    expect(badgesOf({ total_logins: 9, total_session_time_seconds: 100 * 3600 - 60, longest_streak_days: 2, position: 11, ...none })).toEqual(['first_login']);
    expect(badgesOf({ total_logins: 10, total_session_time_seconds: 0, longest_streak_days: 3, position: 10, ...none })).toEqual(['first_login', 'dedicated', 'streak_3', 'top_performer']);
    expect(badgesOf({ total_logins: 100, total_session_time_seconds: 100 * 3600, longest_streak_days: 30, position: 1, week_podiums: 2 })).toEqual([
      'first_login', 'dedicated', 'committed', 'expert', 'streak_3', 'streak_7', 'streak_30', 'time_master', 'top_performer', 'champion', 'week_podium',
    ]);
  });
});
