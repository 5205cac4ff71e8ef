import type { MigrationInterface, QueryRunner } from 'typeorm';

const SP = `'America/Sao_Paulo'`;

/**
 * Points for learning, in bounded storage.
 *
 * - Study time is kept per user and São Paulo day on the day's `active_days` row: the stretches of the day
 *   covered by study, as an `int4multirange` of seconds since midnight (a set: adding a heartbeat's stretch
 *   twice adds nothing, so it is the per-heartbeat idempotency key), their total and the points they gave
 *   (capped per day). The stretches are detail, dropped by the retention job after a few days; the totals stay.
 *   One row per user and active day replaces one row per user and minute (`online_minutes`), and the online
 *   sessions (`sessions`) become a count on the same row.
 * - `applied_batches`: the key of every heartbeat batch applied (a replayed batch is recognised whole).
 * - `learning_awards`: lessons and courses completed, manuals opened (key: user, kind, reference).
 * - `weekly_points`, `week_closures`, `week_podiums`: the weekly board and its top 3 when a week closes.
 *
 * Existing rows are migrated: each day's online minutes become that day's stretches (the minutes they cover),
 * its seconds and its points (one a minute, as earned: points already earned stay); each day's sessions become
 * its session count; the current week's board is filled from the ledgers of this week. Irreversible: `down`
 * restores the tables' shape, not the minute-by-minute rows.
 */
export class LearningPoints1800000000000 implements MigrationInterface {
  name = 'LearningPoints1800000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE ranking.active_days
        ADD COLUMN learning_spans int4multirange,
        ADD COLUMN learning_seconds integer NOT NULL DEFAULT 0,
        ADD COLUMN online_points integer NOT NULL DEFAULT 0,
        ADD COLUMN sessions integer NOT NULL DEFAULT 0`);
    // the days whose stretches are still kept: the retention job finds them without reading the whole history
    await q.query(`CREATE INDEX active_days_detail_idx ON ranking.active_days (day) WHERE learning_spans IS NOT NULL`);
    await q.query(`
      UPDATE ranking.active_days a
         SET learning_spans = m.spans, learning_seconds = m.minutes * 60, online_points = m.minutes
        FROM (SELECT user_id, day, range_agg(int4range(secs, secs + 60)) AS spans, count(*)::int AS minutes
                FROM (SELECT user_id, (minute AT TIME ZONE ${SP})::date AS day,
                             extract(epoch FROM (minute AT TIME ZONE ${SP}) - (minute AT TIME ZONE ${SP})::date)::int AS secs
                        FROM ranking.online_minutes) o
               GROUP BY user_id, day) m
       WHERE a.user_id = m.user_id AND a.day = m.day`);
    await q.query(`
      UPDATE ranking.active_days a SET sessions = s.n
        FROM (SELECT user_id, started_day, count(*)::int AS n FROM ranking.sessions GROUP BY user_id, started_day) s
       WHERE a.user_id = s.user_id AND a.day = s.started_day`);
    await q.query(`DROP TABLE ranking.online_minutes`);
    await q.query(`DROP TABLE ranking.sessions`);

    await q.query(`
      ALTER TABLE ranking.user_stats
        ADD COLUMN online_seconds bigint NOT NULL DEFAULT 0,
        ADD COLUMN week_podiums integer NOT NULL DEFAULT 0`);
    await q.query(`UPDATE ranking.user_stats SET online_seconds = online_minutes::bigint * 60`);
    await q.query(`ALTER TABLE ranking.user_stats DROP COLUMN online_minutes`);

    await q.query(`
      CREATE TABLE ranking.applied_batches (
        batch_id text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX applied_batches_applied_at_idx ON ranking.applied_batches (applied_at)`);
    await q.query(`
      CREATE TABLE ranking.learning_awards (
        user_id text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('lesson', 'course', 'manual')),
        ref text NOT NULL,
        day date NOT NULL,
        at timestamptz NOT NULL,
        points integer NOT NULL,
        PRIMARY KEY (user_id, kind, ref)
      )`);
    await q.query(`CREATE INDEX learning_awards_user_day_idx ON ranking.learning_awards (user_id, day, kind)`);
    await q.query(`
      CREATE TABLE ranking.weekly_points (
        week date NOT NULL,
        user_id text NOT NULL,
        points integer NOT NULL,
        reached_at timestamptz NOT NULL,
        PRIMARY KEY (week, user_id)
      )`);
    await q.query(`CREATE INDEX weekly_points_board_idx ON ranking.weekly_points (week, points DESC, reached_at, user_id COLLATE "C")`);
    await q.query(`CREATE INDEX weekly_points_user_idx ON ranking.weekly_points (user_id)`);
    await q.query(`
      CREATE TABLE ranking.week_closures (
        week date PRIMARY KEY,
        closed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE ranking.week_podiums (
        week date NOT NULL,
        position smallint NOT NULL,
        user_id text NOT NULL,
        points integer NOT NULL,
        PRIMARY KEY (week, position),
        UNIQUE (week, user_id)
      )`);
    await q.query(`CREATE INDEX week_podiums_user_idx ON ranking.week_podiums (user_id)`);

    // this week's board from this week's ledgers (weeks start on Monday, São Paulo time)
    await q.query(`
      WITH monday AS (SELECT date_trunc('week', now() AT TIME ZONE ${SP})::date AS week),
      earned AS (
        SELECT a.user_id, 10 + a.online_points AS points, a.first_at AS at FROM ranking.active_days a, monday WHERE a.day >= monday.week
        UNION ALL
        SELECT s.user_id, s.points, (s.reached_on::timestamp + interval '12 hours') AT TIME ZONE ${SP} FROM ranking.streak_awards s, monday WHERE s.reached_on >= monday.week
      )
      INSERT INTO ranking.weekly_points (week, user_id, points, reached_at)
      SELECT monday.week, e.user_id, sum(e.points)::int, max(e.at) FROM earned e, monday
       WHERE EXISTS (SELECT 1 FROM ranking.user_stats u WHERE u.user_id = e.user_id)
       GROUP BY monday.week, e.user_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['week_podiums', 'week_closures', 'weekly_points', 'learning_awards', 'applied_batches']) await q.query(`DROP TABLE IF EXISTS ranking.${t}`);
    await q.query(`ALTER TABLE ranking.user_stats ADD COLUMN online_minutes integer NOT NULL DEFAULT 0`);
    await q.query(`UPDATE ranking.user_stats SET online_minutes = (online_seconds / 60)::int`);
    await q.query(`ALTER TABLE ranking.user_stats DROP COLUMN online_seconds, DROP COLUMN week_podiums`);
    await q.query(`CREATE TABLE ranking.online_minutes (user_id text NOT NULL, minute timestamptz NOT NULL, PRIMARY KEY (user_id, minute))`);
    await q.query(`
      CREATE TABLE ranking.sessions (
        id bigserial PRIMARY KEY, user_id text NOT NULL, started_at timestamptz NOT NULL, last_seen_at timestamptz NOT NULL, started_day date NOT NULL
      )`);
    await q.query(`CREATE INDEX sessions_user_idx ON ranking.sessions (user_id, last_seen_at)`);
    await q.query(`CREATE INDEX sessions_started_day_idx ON ranking.sessions (started_day)`);
    await q.query(`ALTER TABLE ranking.active_days DROP COLUMN learning_spans, DROP COLUMN learning_seconds, DROP COLUMN online_points, DROP COLUMN sessions`);
  }
}
