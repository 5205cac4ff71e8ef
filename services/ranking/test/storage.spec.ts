import { bullConnection, dataSourceOptions, runMigrations } from '@clima/common';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { DataSource, DataSourceOptions } from 'typeorm';
import { psql } from '../../../infra/test/test-env';
import { migrations, SCHEMA } from '../src/database';
import { addDays, saoPauloDay, weekOf } from '../src/shared/sao-paulo-time';
import { daysAgo, dayRow, eventually, hb, newUserId, RankingTestApp, startRankingTestApp, totals } from './support/ranking-test-app';

describe('ranking storage stays bounded', () => {
  let t: RankingTestApp;
  beforeAll(async () => {
    // the production window of study detail: three days
    t = await startRankingTestApp({ keyNamespace: 'storage', env: { RANKING_DETAIL_RETENTION_DAYS: '3' } });
  });
  afterAll(() => t.close());

  it('the retention job drops the stretches of old days (totals and points stay) and old batch keys; closed days take no more study', async () => {
    const user = newUserId('retention');
    const today = saoPauloDay(new Date());
    // a day four days ago whose stretches are still kept (recorded before the window moved)
    const old = addDays(today, -4);
    await t.ds.query(`INSERT INTO ranking.user_stats (user_id, points, points_reached_at, total_logins, online_seconds) VALUES ($1, 20, now(), 1, 600)`, [user]);
    await t.ds.query(
      `INSERT INTO ranking.active_days (user_id, day, first_at, source, learning_spans, learning_seconds, online_points, sessions)
       VALUES ($1, $2, now(), 'heartbeat', '{[36000,36600)}', 600, 10, 1)`,
      [user, old],
    );
    // and study yesterday, through the worker
    await t.processor.process(hb(user, daysAgo(1, '15:00:00')));
    const stale = randomUUID();
    const fresh = randomUUID();
    await t.ds.query(`INSERT INTO ranking.applied_batches (batch_id, applied_at) VALUES ($1, now() - interval '61 minutes'), ($2, now() - interval '59 minutes')`, [stale, fresh]);

    const done = await t.maintenance.run();
    expect(done.days).toBeGreaterThanOrEqual(1);
    expect(done.batchKeys).toBeGreaterThanOrEqual(1);
    expect(await dayRow(t.ds, user, old)).toEqual({ source: 'heartbeat', learning_seconds: 600, online_points: 10, sessions: 1, spans: null });
    expect((await dayRow(t.ds, user, addDays(today, -1)))?.spans).toBe('{[43170,43200)}');
    const keys = await t.ds.query(`SELECT batch_id FROM ranking.applied_batches WHERE batch_id = ANY($1)`, [[stale, fresh]]);
    expect(keys).toEqual([{ batch_id: fresh }]);

    // a late heartbeat of that day earns nothing: the worker takes no study older than the window…
    expect((await t.processor.process(hb(user, new Date(`${old}T14:00:00Z`)))).points.get(user)).toBe(0);
    // …and a closed day is left alone even when asked as of that day
    await t.activity.applyHeartbeats({ heartbeats: [{ userId: user, at: new Date(`${old}T14:00:00Z`) }] }, {}, new Date(`${old}T15:00:00Z`));
    expect(await dayRow(t.ds, user, old)).toMatchObject({ learning_seconds: 600, online_points: 10, spans: null });
    expect(await totals(t.ds, user)).toMatchObject({ points: 30, online_seconds: 630, total_logins: 2 });
  });
});

describe('the scheduled maintenance job', () => {
  it('is one job scheduler for the deployment, run by the workers', async () => {
    const t = await startRankingTestApp({ keyNamespace: 'sched', env: { RANKING_MAINTENANCE_EVERY_MINUTES: '60' } });
    try {
      const queue = new Queue('ranking-maintenance', { connection: bullConnection(t.config.REDIS_URL), prefix: t.config.KEY_PREFIX });
      try {
        const schedulers = await queue.getJobSchedulers();
        expect(schedulers).toEqual([expect.objectContaining({ key: 'ranking-maintenance-every', every: 3_600_000 })]);
        // its first run comes at once
        await eventually(async () => expect((await queue.getJobCounts('completed')).completed).toBeGreaterThanOrEqual(1));
      } finally {
        await queue.close();
      }
    } finally {
      await t.close();
    }
  });
});

describe('migration to bounded storage (LearningPoints1800000000000)', () => {
  const name = `clima_rkmig_${randomUUID().slice(0, 8)}`;
  const base = process.env.TEST_DATABASE_BASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
  const options = (list: typeof migrations) =>
    dataSourceOptions({ url: `${base}/${name}`, schema: SCHEMA, entities: [], migrations: list }) as DataSourceOptions & { schema: string };
  let ds: DataSource;
  beforeAll(() => psql(`CREATE DATABASE ${name}`));
  afterAll(async () => {
    if (ds?.isInitialized) await ds.destroy();
    psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('turns minute rows into each day\'s stretches, keeps every point, and fills this week\'s board', async () => {
    const before = migrations.slice(0, 2);
    expect(before.map((m) => m.name)).toEqual(['RankingSchema1764000000000', 'DeletedUsersDigest1780000000000']);
    await runMigrations(options(before));
    ds = new DataSource(options(before));
    await ds.initialize();
    const today = saoPauloDay(new Date());
    const monday = weekOf(today);
    const lastWeek = addDays(monday, -3);
    // yesterday's data in the old shape would be last week's on a Monday: this week's part is the day of the migration
    await ds.query(
      `INSERT INTO ranking.user_stats (user_id, points, points_reached_at, total_logins, online_minutes, last_active_day, last_run_days, longest_streak_days)
       VALUES ('email_old', 10 + 10 + 5 + 3, now(), 2, 8, $1, 1, 1)`,
      [today],
    );
    await ds.query(`INSERT INTO ranking.active_days (user_id, day, first_at, source) VALUES ('email_old', $1, now(), 'heartbeat'), ('email_old', $2, now(), 'sign_in')`, [lastWeek, today]);
    // five minutes last week (13:00 … 13:04 UTC, 10:00 … 10:04 in São Paulo) in two sessions, three today
    const minutes = [
      ...[0, 1, 2, 3, 4].map((m) => `${lastWeek}T13:0${m}:00Z`),
      ...[0, 1, 2].map((m) => `${today}T15:0${m}:00Z`),
    ];
    for (const m of minutes) await ds.query(`INSERT INTO ranking.online_minutes (user_id, minute) VALUES ('email_old', $1)`, [m]);
    await ds.query(
      `INSERT INTO ranking.sessions (user_id, started_at, last_seen_at, started_day) VALUES
         ('email_old', $1, $1, $3), ('email_old', $2, $2, $3), ('email_old', $4, $4, $5)`,
      [`${lastWeek}T13:00:00Z`, `${lastWeek}T13:03:00Z`, lastWeek, `${today}T15:00:00Z`, today],
    );
    await ds.destroy();

    // the migration under test runs first; the ones written after it follow
    const ran = await runMigrations(options(migrations));
    expect(ran).toEqual(migrations.slice(2).map((m) => m.name));
    expect(ran[0]).toBe('LearningPoints1800000000000');
    ds = new DataSource(options(migrations));
    await ds.initialize();
    const [stats] = await ds.query(`SELECT points, total_logins, online_seconds::int AS online_seconds, week_podiums FROM ranking.user_stats WHERE user_id = 'email_old'`);
    expect(stats).toEqual({ points: 28, total_logins: 2, online_seconds: 8 * 60, week_podiums: 0 });
    const days = await ds.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, source, learning_spans::text AS spans, learning_seconds, online_points, sessions
         FROM ranking.active_days WHERE user_id = 'email_old' ORDER BY day`,
    );
    expect(days).toEqual([
      { day: lastWeek, source: 'heartbeat', spans: '{[36000,36300)}', learning_seconds: 300, online_points: 5, sessions: 2 },
      { day: today, source: 'sign_in', spans: '{[43200,43380)}', learning_seconds: 180, online_points: 3, sessions: 1 },
    ]);
    // this week: today's daily 10 and its 3 minutes
    expect(await ds.query(`SELECT to_char(week, 'YYYY-MM-DD') AS week, points FROM ranking.weekly_points WHERE user_id = 'email_old'`)).toEqual([{ week: monday, points: 13 }]);
    const gone = await ds.query(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'ranking' AND table_name IN ('online_minutes', 'sessions')`);
    expect(gone).toEqual([{ n: 0 }]);
  });
});
