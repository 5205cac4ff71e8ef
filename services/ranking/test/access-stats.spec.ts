import { ask, createRpcClient, statsPattern } from '@clima/common';
import { RankingStats } from '@clima/contract';
import { addDays } from '../src/shared/sao-paulo-time';
import { newUserId, RankingTestApp, startRankingTestApp } from './support/ranking-test-app';

/**
 * The admin dashboard's 'Acessos' chart: unique users and sessions per São Paulo day, both read from the same
 * records (each user's `active_days` row of the day and the study sessions it counts), so a day can never show
 * more users than sessions. The rows are written for days of a window far ahead, which no other spec touches,
 * so the figures can be compared exactly with what was recorded.
 */
describe("dashboard 'Acessos' figures", () => {
  let t: RankingTestApp;
  const users: string[] = [];
  beforeAll(async () => {
    t = await startRankingTestApp({ keyNamespace: 'access', rpc: true, workers: false });
  });
  afterAll(async () => {
    await t.ds.query(`DELETE FROM ranking.active_days WHERE user_id = ANY($1)`, [users]);
    await t.close();
  });

  /** One user's record of one day: how their activity began and the study sessions it had. */
  async function day(userId: string, date: string, source: 'sign_in' | 'heartbeat', sessions: number): Promise<void> {
    if (!users.includes(userId)) users.push(userId);
    await t.ds.query(`INSERT INTO ranking.active_days (user_id, day, first_at, source, sessions) VALUES ($1, $2, ($2::date + time '13:00') AT TIME ZONE 'America/Sao_Paulo', $3, $4)`, [
      userId,
      date,
      source,
      sessions,
    ]);
  }

  it('counts each active user once and each recorded session, a day without a study session as one visit', async () => {
    const last = '2041-03-30';
    const [ana, bia, caio, davi] = [newUserId('acc'), newUserId('acc'), newUserId('acc'), newUserId('acc')];
    // 03-10: Ana signed in and did not study; Bia studied in two sessions; Caio in one
    await day(ana, '2041-03-10', 'sign_in', 0);
    await day(bia, '2041-03-10', 'heartbeat', 2);
    await day(caio, '2041-03-10', 'sign_in', 1);
    // 03-11: Bia only opened the app (a heartbeat without study): one visit, no study session
    await day(bia, '2041-03-11', 'heartbeat', 0);
    // 03-29: a long day of Davi's, five sessions
    await day(davi, '2041-03-29', 'heartbeat', 5);
    // the day before the window and the day after it are not counted
    await day(ana, addDays(last, -30), 'sign_in', 3);
    await day(ana, addDays(last, 1), 'sign_in', 3);

    const { access } = await t.stats.stats(new Date(`${last}T15:00:00Z`));
    expect(access).toHaveLength(30);
    expect(access[0]!.date).toBe(addDays(last, -29));
    expect(access[29]!.date).toBe(last);
    const figures = Object.fromEntries(access.filter((a) => a.unique_users || a.total_sessions).map((a) => [a.date, [a.unique_users, a.total_sessions]]));
    expect(figures).toEqual({ '2041-03-10': [3, 4], '2041-03-11': [1, 1], '2041-03-29': [1, 5] });
    for (const a of access) expect(a.unique_users).toBeLessThanOrEqual(a.total_sessions);

    // exactly what the records say, day by day
    const recorded = await t.ds.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS date, count(*)::int AS users, sum(greatest(sessions, 1))::int AS sessions
         FROM ranking.active_days WHERE day BETWEEN $1 AND $2 GROUP BY day ORDER BY day`,
      [addDays(last, -29), last],
    );
    expect(recorded).toEqual(Object.entries(figures).map(([date, [u, s]]) => ({ date, users: u, sessions: s })));
  });

  it('answers the dashboard over RPC: the last 30 São Paulo days, oldest first, never more users than sessions', async () => {
    const client = createRpcClient(t.config.REDIS_URL);
    try {
      const answer = RankingStats.parse(await ask(client, statsPattern('ranking'), {}, 5000));
      expect(answer.access).toHaveLength(30);
      const dates = answer.access.map((a) => a.date);
      expect([...dates].sort()).toEqual(dates);
      for (const a of answer.access) expect(a.unique_users).toBeLessThanOrEqual(a.total_sessions);
    } finally {
      await client.close();
    }
  });
});
