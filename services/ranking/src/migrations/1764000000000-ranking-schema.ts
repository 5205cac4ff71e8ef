import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The ranking schema. Every award has its own ledger row whose primary key is the award's
 * idempotency key, inserted in the same transaction as the totals it adds to:
 *  - active_days (user_id, day)                     +10 daily points and one login
 *  - online_minutes (user_id, minute)               +1 point per minute online
 *  - streak_awards (user_id, threshold, reached_on) +50 / +150 / +500
 */
export class RankingSchema1764000000000 implements MigrationInterface {
  name = 'RankingSchema1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ranking.user_profiles (
        user_id text PRIMARY KEY,
        email text NOT NULL DEFAULT '',
        name text,
        fact_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE ranking.user_stats (
        user_id text PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        points_reached_at timestamptz NOT NULL,
        total_logins integer NOT NULL DEFAULT 0,
        online_minutes integer NOT NULL DEFAULT 0,
        last_active_day date,
        last_run_days integer NOT NULL DEFAULT 0,
        longest_streak_days integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX user_stats_board_idx ON ranking.user_stats (points DESC, points_reached_at, user_id COLLATE "C")`);
    await q.query(`CREATE INDEX user_stats_updated_idx ON ranking.user_stats (updated_at)`);
    await q.query(`
      CREATE TABLE ranking.active_days (
        user_id text NOT NULL,
        day date NOT NULL,
        first_at timestamptz NOT NULL,
        source text NOT NULL CHECK (source IN ('sign_in', 'heartbeat', 'seed')),
        PRIMARY KEY (user_id, day)
      )`);
    await q.query(`CREATE INDEX active_days_day_idx ON ranking.active_days (day)`);
    await q.query(`
      CREATE TABLE ranking.online_minutes (
        user_id text NOT NULL,
        minute timestamptz NOT NULL,
        PRIMARY KEY (user_id, minute)
      )`);
    await q.query(`
      CREATE TABLE ranking.sessions (
        id bigserial PRIMARY KEY,
        user_id text NOT NULL,
        started_at timestamptz NOT NULL,
        last_seen_at timestamptz NOT NULL,
        started_day date NOT NULL
      )`);
    await q.query(`CREATE INDEX sessions_user_idx ON ranking.sessions (user_id, last_seen_at)`);
    await q.query(`CREATE INDEX sessions_started_day_idx ON ranking.sessions (started_day)`);
    await q.query(`
      CREATE TABLE ranking.streak_awards (
        user_id text NOT NULL,
        threshold smallint NOT NULL,
        reached_on date NOT NULL,
        points integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, threshold, reached_on)
      )`);
    await q.query(`
      CREATE TABLE ranking.deleted_users (
        user_id text PRIMARY KEY,
        deleted_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['deleted_users', 'streak_awards', 'sessions', 'online_minutes', 'active_days', 'user_stats', 'user_profiles']) {
      await q.query(`DROP TABLE IF EXISTS ranking.${t}`);
    }
  }
}
