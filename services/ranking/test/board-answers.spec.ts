import request from 'supertest';
import { SharedAnswers } from '@clima/common';
import { RankingAnswer, RankingEntry } from '@clima/contract';
import { rankingEventHandlers } from '../src/events/ranking-event-handlers';
import { hb, newUserId, RankingTestApp, startRankingTestApp, userHeaders } from './support/ranking-test-app';

/**
 * GET /api/ranking is kept as a shared answer (one per board and São Paulo day) until the board changes. Two
 * copies of the service under one key prefix of their own: `a` applies the changes (worker, events), `b` answers;
 * a change written straight into a table (never done by the platform) shows whether an answer was kept.
 */
describe('the boards kept as shared answers', () => {
  let a: RankingTestApp;
  let b: RankingTestApp;

  const listening = async (t: RankingTestApp) => {
    for (let i = 0; i < 100 && !t.app.get(SharedAnswers).listening; i++) await new Promise((r) => setTimeout(r, 50));
    expect(t.app.get(SharedAnswers).listening).toBe(true);
  };
  const get = (t: RankingTestApp, viewer: string, period: 'all' | 'week' = 'all', headers: Record<string, string> = {}) =>
    request(t.app.getHttpServer()).get(`/api/ranking?period=${period}`).set(userHeaders(viewer, null)).set(headers);
  const board = async (t: RankingTestApp, viewer: string, period: 'all' | 'week' = 'all') => RankingAnswer.parse((await get(t, viewer, period).expect(200)).body);
  const row = (entries: RankingEntry[], id: string) => entries.find((e) => e.user_id === id);

  /** A technician high on the shared database's board: 35 days in a row (350 + 700 streak points) and a name. */
  const star = async (label: string, name: string) => {
    const id = newUserId(label);
    for (let d = 0; d < 35; d++) await a.activity.applySignIn(id, new Date(Date.parse('2026-05-01T12:00:00Z') + d * 86_400_000));
    await a.activity.upsertProfile(id, `${id}@teste.com.br`, name, new Date());
    await a.board.sync([id]);
    return id;
  };

  beforeAll(async () => {
    a = await startRankingTestApp({ keyNamespace: 'board-answers' });
    b = await startRankingTestApp({ keyNamespace: 'board-answers', workers: false });
    await listening(a);
    await listening(b);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('is sent again, with its ETag, until the board changes; the next request after a change shows it, on every copy', async () => {
    const viewer = newUserId('viewer');
    const maria = await star('maria', 'Maria Kept');
    const first = await get(b, viewer).expect(200);
    expect(row(RankingAnswer.parse(first.body), maria)).toMatchObject({ name: 'Maria Kept', points: 1050 });
    expect(first.headers).toMatchObject({ etag: expect.any(String), 'cache-control': 'private, no-cache' });

    await a.ds.query(`UPDATE ranking.user_profiles SET name = 'Escrito Direto' WHERE user_id = $1`, [maria]);
    const again = await get(b, viewer).expect(200);
    expect(row(RankingAnswer.parse(again.body), maria)?.name).toBe('Maria Kept');
    expect(again.headers.etag).toBe(first.headers.etag);
    await get(b, viewer, 'all', { 'If-None-Match': first.headers.etag as string }).expect(304);

    // a heartbeat applied by the worker code (Postgres, then the board): the other copy's next answer has it
    await a.processor.process(hb(maria, new Date()));
    const after = row(await board(b, viewer), maria);
    expect(after).toMatchObject({ name: 'Escrito Direto', points: 1060, total_logins: 36 });
    expect((await get(b, viewer, 'all', { 'If-None-Match': first.headers.etag as string })).status).toBe(200);
  });

  it("gives each technician on the board their own row with their e-mail, and no one else's, whoever asks first", async () => {
    const joana = await star('joana', 'Joana Frigorista');
    const carlos = await star('carlos', 'Carlos Frigorista');
    const outsider = newUserId('outsider');
    const other = newUserId('other');
    for (const period of ['all', 'week'] as const) {
      // this week's board: three courses completed today (+100 each) put them on it
      if (period === 'week') {
        for (const id of [joana, carlos]) for (const course of ['1', '2', '3']) await a.activity.applyLearning(id, 'course', course, new Date());
        await a.board.sync([joana, carlos]);
      }
      const asJoana = await get(b, joana, period).expect(200);
      expect(row(RankingAnswer.parse(asJoana.body), joana)?.email).toBe(`${joana}@teste.com.br`);
      expect(asJoana.text.split('@')).toHaveLength(2);
      const asOutsider = await get(b, outsider, period).expect(200);
      expect(asOutsider.text).not.toContain('@');
      const asCarlos = await get(b, carlos, period).expect(200);
      expect(row(RankingAnswer.parse(asCarlos.body), carlos)?.email).toBe(`${carlos}@teste.com.br`);
      expect(asCarlos.text.split('@')).toHaveLength(2);
      const asOther = await get(b, other, period).expect(200);
      expect(asOther.text).not.toContain('@');
      expect(asOther.headers.etag).toBe(asOutsider.headers.etag);
      expect((await get(b, joana, period).expect(200)).text).toContain(`${joana}@teste.com.br`);
    }
  });

  it("makes a member's own row from the kept board, with its own ETag, without building the board again", async () => {
    const viewer = newUserId('viewer');
    const rita = await star('rita', 'Rita Kept');
    // a member asks first: the board is built once, kept, and shown to her with her row whole
    const asRita = await get(b, rita).expect(200);
    expect(row(RankingAnswer.parse(asRita.body), rita)).toMatchObject({ name: 'Rita Kept', email: `${rita}@teste.com.br` });
    await a.ds.query(`UPDATE ranking.user_profiles SET name = 'Escrito Direto' WHERE user_id = $1`, [rita]);
    const again = await get(b, rita).expect(200);
    expect(row(RankingAnswer.parse(again.body), rita)).toMatchObject({ name: 'Rita Kept', email: `${rita}@teste.com.br` });
    expect(again.headers).toMatchObject({ etag: asRita.headers.etag, 'cache-control': 'private, no-cache' });
    await get(b, rita, 'all', { 'If-None-Match': asRita.headers.etag as string }).expect(304);
    // everyone else: the same kept board, without her e-mail, under the shared ETag
    const asViewer = await get(b, viewer).expect(200);
    expect(asViewer.text).not.toContain('@');
    expect(row(RankingAnswer.parse(asViewer.body), rita)?.name).toBe('Rita Kept');
    expect(asViewer.headers.etag).not.toBe(asRita.headers.etag);
    await get(b, viewer, 'all', { 'If-None-Match': asRita.headers.etag as string }).expect(200);
  });

  it("shows a name changed by the auth service's user.upserted on the next request", async () => {
    const viewer = newUserId('viewer');
    const paulo = await star('paulo', 'Paulo Antigo');
    expect(row(await board(b, viewer), paulo)?.name).toBe('Paulo Antigo');
    const handlers = rankingEventHandlers(a.activity, a.board);
    const at = new Date(Date.now() + 1000).toISOString();
    await handlers['user.upserted']!({ userId: paulo, email: `${paulo}@teste.com.br`, name: 'Paulo Novo' }, { name: 'user.upserted', payload: {}, id: 'x', publishedAt: at } as never);
    expect(row(await board(b, viewer), paulo)?.name).toBe('Paulo Novo');
  });

  it('with no answer kept (ANSWER_CACHE_MB=0), still shows each caller no e-mail but their own', async () => {
    const off = await startRankingTestApp({ keyNamespace: 'board-answers-off', workers: false, env: { ANSWER_CACHE_MB: '0' } });
    try {
      const lia = await star('lia', 'Lia Sem Cache');
      const asLia = await get(off, lia).expect(200);
      expect(row(RankingAnswer.parse(asLia.body), lia)).toMatchObject({ name: 'Lia Sem Cache', email: `${lia}@teste.com.br` });
      expect(asLia.text.split('@')).toHaveLength(2);
      expect((await get(off, newUserId('viewer')).expect(200)).text).not.toContain('@');
    } finally {
      await off.close();
    }
  });

  it('still answers 401 to an anonymous caller, and 400 to an unknown period', async () => {
    expect((await request(b.app.getHttpServer()).get('/api/ranking').expect(401)).body).toEqual({ error: 'Você precisa estar logado' });
    await request(b.app.getHttpServer()).get('/api/ranking?period=month').set(userHeaders(newUserId('v'))).expect(400);
  });
});
