import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { execute, queryRows, withTransaction } from '@clima/common';
import { DataSource, EntityManager } from 'typeorm';
import { RANKING_TIME_ZONE } from '../shared/sao-paulo-time';
import type { BoardRow } from '../leaderboard/leaderboard.repository';
import type { UserChange, WeekChange } from './points-tally';

/** A user's row as locked at the start of an activity transaction. */
export interface LockedStats {
  user_id: string;
  last_active_day: string | null;
  last_run_days: number;
  longest_streak_days: number;
  /** A tombstone dated at or after the activity: the user was deleted, the activity is ignored. */
  deleted: boolean;
}

/** One user's study on one São Paulo day, after a batch was added to it. */
export interface StudyDay {
  user_id: string;
  day: string;
  /** The day had no row before: it is a new active day. */
  is_new: boolean;
  first_at: Date;
  last_at: Date;
  seconds: number;
  old_seconds: number;
  online_points: number;
  old_points: number;
}

export interface StreakAwardRow {
  user_id: string;
  threshold: number;
  reached_on: string;
  points: number;
}

export type LearningKind = 'lesson' | 'course' | 'manual' | 'quiz' | 'assessment';

/** SQL for the tombstone key of the user id in `p`: a digest, so no row keeps a deleted user's id. */
const digestOf = (p: string) => `encode(sha256(convert_to(${p}::text, 'UTF8')), 'hex')`;
const SP = `'${RANKING_TIME_ZONE}'`;
/** A user's learning awards of one kind on one day ($1 user, $2 day, $3 kind): what the daily caps count. */
const AWARDS_ON_DAY = `FROM ranking.learning_awards WHERE user_id = $1 AND day = $2 AND kind = $3`;

/**
 * The SQL of the points ledgers. Every statement takes whole sets (arrays unnested by Postgres), so a batch of
 * heartbeats costs the same handful of statements whatever its size; methods taking a manager run inside the
 * caller's transaction.
 */
@Injectable()
export class ActivityRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return withTransaction(this.ds, work);
  }

  /** Records the batches' keys; gives those that were new (the others were applied before: replays). */
  async recordBatches(m: EntityManager, batchIds: string[]): Promise<string[]> {
    const rows = await queryRows<{ batch_id: string }>(
      m,
      `INSERT INTO ranking.applied_batches (batch_id) SELECT unnest($1::text[]) ORDER BY 1 ON CONFLICT DO NOTHING RETURNING batch_id`,
      [batchIds],
    );
    return rows.map((r) => r.batch_id);
  }

  /**
   * Creates the stats rows that are missing (users sorted, so concurrent batches insert in one order), except for
   * users deleted at or after their activity. Gives the users whose row this created.
   */
  async ensureStats(m: EntityManager, userIds: string[], firstAts: Date[]): Promise<string[]> {
    const rows = await queryRows<{ user_id: string }>(
      m,
      `INSERT INTO ranking.user_stats (user_id, points_reached_at)
       SELECT u.user_id, u.at FROM unnest($1::text[], $2::timestamptz[]) AS u(user_id, at)
        WHERE NOT EXISTS (SELECT 1 FROM ranking.deleted_users d WHERE d.user_digest = ${digestOf('u.user_id')} AND d.deleted_at >= u.at)
        ORDER BY u.user_id COLLATE "C"
       ON CONFLICT (user_id) DO NOTHING RETURNING user_id`,
      [userIds, firstAts],
    );
    return rows.map((r) => r.user_id);
  }

  /**
   * Locks the users' stats rows in user id order (every activity transaction does, so one user's changes never
   * interleave and two batches never deadlock) and reads their streak figures; a tombstone seen now (the user was
   * deleted while this transaction waited) marks the user deleted. Users without a row are left out.
   */
  lockStats(m: EntityManager, userIds: string[], firstAts: Date[]): Promise<LockedStats[]> {
    return queryRows<LockedStats>(
      m,
      `SELECT s.user_id, to_char(s.last_active_day, 'YYYY-MM-DD') AS last_active_day, s.last_run_days, s.longest_streak_days,
              EXISTS (SELECT 1 FROM ranking.deleted_users d WHERE d.user_digest = ${digestOf('s.user_id')} AND d.deleted_at >= u.at) AS deleted
         FROM ranking.user_stats s JOIN unnest($1::text[], $2::timestamptz[]) AS u(user_id, at) ON u.user_id = s.user_id
        ORDER BY s.user_id COLLATE "C"
          FOR UPDATE OF s`,
      [userIds, firstAts],
    );
  }

  /** Removes stats rows that hold nothing (made by this transaction for a user who earned nothing, or was deleted). */
  async dropEmptyStats(m: EntityManager, userIds: string[]): Promise<void> {
    if (!userIds.length) return;
    await m.query(`DELETE FROM ranking.user_stats WHERE user_id = ANY($1) AND points = 0 AND total_logins = 0 AND online_seconds = 0`, [userIds]);
  }

  /**
   * Adds study heartbeats to their days, in one statement: each heartbeat vouches for the `vouchSeconds` before it
   * (split at São Paulo midnight), and a day's stretches are the union of what its heartbeats vouch for — a set, so a
   * heartbeat added twice adds nothing. Days before `firstDay`, and days whose stretches the retention job dropped,
   * are left alone. A day's points are its whole minutes of study, at most `cap`, never fewer than it already had;
   * its sessions are its stretches of study with no gap over 120 s. Gives, per day touched, the new and the previous
   * figures (the caller holds the users' locks, so the previous ones are the ones this replaced).
   */
  addStudy(m: EntityManager, userIds: string[], ats: Date[], o: { vouchSeconds: number; cap: number; firstDay: string }): Promise<StudyDay[]> {
    return queryRows<StudyDay>(
      m,
      `WITH hb AS (
         SELECT user_id, at, (at - make_interval(secs => $3)) AT TIME ZONE ${SP} AS ls, at AT TIME ZONE ${SP} AS le
           FROM unnest($1::text[], $2::timestamptz[]) AS h(user_id, at)
       ),
       piece AS (
         SELECT user_id, at, le::date AS day, CASE WHEN ls::date = le::date THEN ls ELSE le::date::timestamp END AS p_from, le AS p_to FROM hb
         UNION ALL
         SELECT user_id, at, ls::date, ls, ls::date::timestamp + interval '1 day' FROM hb WHERE ls::date <> le::date
       ),
       stretch AS (
         SELECT user_id, at, day, p_from,
                int4range(floor(extract(epoch FROM p_from - day::timestamp))::int, floor(extract(epoch FROM p_to - day::timestamp))::int) AS r
           FROM piece WHERE day >= $5::date
       ),
       span AS (
         SELECT user_id, day, min(p_from) AS first_local, max(at) AS last_at, range_agg(r) AS spans
           FROM stretch WHERE NOT isempty(r)
          GROUP BY user_id, day
       ),
       -- the day as it is (the caller holds the users' locks: nobody else changes it) and as it becomes;
       -- a day whose stretches the retention job already dropped is closed
       merged AS (
         SELECT s.user_id, s.day, s.first_local, s.last_at, a.user_id IS NULL AS is_new,
                coalesce(a.learning_seconds, 0) AS old_seconds, coalesce(a.online_points, 0) AS old_points,
                coalesce(a.learning_spans, '{}'::int4multirange) + s.spans AS spans
           FROM span s LEFT JOIN ranking.active_days a ON a.user_id = s.user_id AND a.day = s.day
          WHERE a.user_id IS NULL OR a.learning_spans IS NOT NULL OR a.learning_seconds = 0
       ),
       figures AS (
         SELECT m.*, f.seconds, f.sessions, GREATEST(m.old_points, LEAST($4::int, f.seconds / 60)) AS online_points
           FROM merged m CROSS JOIN LATERAL (
                  SELECT coalesce(sum(upper(r) - lower(r)), 0)::int AS seconds,
                         count(*) FILTER (WHERE gap IS NULL OR gap > 120)::int AS sessions
                    FROM (SELECT r, lower(r) - lag(upper(r)) OVER (ORDER BY lower(r)) AS gap FROM unnest(m.spans) AS r) g
                ) f
       ),
       up AS (
         INSERT INTO ranking.active_days AS a (user_id, day, first_at, source, learning_spans, learning_seconds, online_points, sessions)
         SELECT user_id, day, first_local AT TIME ZONE ${SP}, 'heartbeat', spans, seconds, online_points, sessions FROM figures ORDER BY user_id, day
         ON CONFLICT (user_id, day) DO UPDATE SET
           learning_spans = EXCLUDED.learning_spans, learning_seconds = EXCLUDED.learning_seconds,
           online_points = EXCLUDED.online_points, sessions = EXCLUDED.sessions
       )
       -- (a data-modifying WITH runs once, whole, whether or not the query reads it)
       SELECT user_id, to_char(day, 'YYYY-MM-DD') AS day, is_new, first_local AT TIME ZONE ${SP} AS first_at, last_at,
              seconds, old_seconds, online_points, old_points
         FROM figures
        ORDER BY user_id, day`,
      [userIds, ats, o.vouchSeconds, o.cap, o.firstDay],
    );
  }

  /** Records the day's first activity; false when the day was already recorded. */
  async addActiveDay(m: EntityManager, userId: string, day: string, at: Date, source: 'heartbeat' | 'sign_in'): Promise<boolean> {
    const inserted = await queryRows(
      m,
      `INSERT INTO ranking.active_days (user_id, day, first_at, source) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING 1`,
      [userId, day, at, source],
    );
    return inserted.length > 0;
  }

  async activeDays(m: EntityManager, userId: string): Promise<string[]> {
    const days = await queryRows<{ day: string }>(m, `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM ranking.active_days WHERE user_id = $1`, [userId]);
    return days.map((d) => d.day);
  }

  async holdsStreakAward(m: EntityManager, userId: string, threshold: number, from: string, to: string): Promise<boolean> {
    const held = await queryRows(
      m,
      `SELECT 1 FROM ranking.streak_awards WHERE user_id = $1 AND threshold = $2 AND reached_on BETWEEN $3 AND $4`,
      [userId, threshold, from, to],
    );
    return held.length > 0;
  }

  /** Grants awards once each; gives the ones whose key was not yet in the ledger. */
  addStreakAwards(m: EntityManager, awards: StreakAwardRow[]): Promise<StreakAwardRow[]> {
    if (!awards.length) return Promise.resolve([]);
    return queryRows<StreakAwardRow>(
      m,
      `INSERT INTO ranking.streak_awards (user_id, threshold, reached_on, points)
       SELECT * FROM unnest($1::text[], $2::smallint[], $3::date[], $4::int[]) ORDER BY 1, 2
       ON CONFLICT DO NOTHING
       RETURNING user_id, threshold::int AS threshold, to_char(reached_on, 'YYYY-MM-DD') AS reached_on, points`,
      [awards.map((a) => a.user_id), awards.map((a) => a.threshold), awards.map((a) => a.reached_on), awards.map((a) => a.points)],
    );
  }

  /** Lessons, courses or manuals of one kind that earned points on a day. */
  async learningAwardsOn(m: EntityManager, userId: string, kind: LearningKind, day: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(m, `SELECT count(*)::int AS n ${AWARDS_ON_DAY}`, [userId, day, kind]);
    return row?.n ?? 0;
  }

  /**
   * Whether a learning award can no longer be earned: its key is in the ledger, or the user's awards of that kind
   * on that day reached the cap. Both only grow while the user exists, so a yes read without any lock stays true.
   */
  async learningSettled(userId: string, kind: LearningKind, ref: string, day: string, cap: number | undefined): Promise<boolean> {
    const [row] = await queryRows<{ settled: boolean }>(
      this.ds,
      `SELECT EXISTS (SELECT 1 FROM ranking.learning_awards WHERE user_id = $1 AND kind = $3 AND ref = $4)
              OR ($5::int IS NOT NULL AND (SELECT count(*) ${AWARDS_ON_DAY}) >= $5) AS settled`,
      [userId, day, kind, ref, cap ?? null],
    );
    return row.settled;
  }

  /** Grants a learning award once; false when its key (user, kind, reference) was already in the ledger. */
  async addLearningAward(m: EntityManager, a: { userId: string; kind: LearningKind; ref: string; day: string; at: Date; points: number }): Promise<boolean> {
    const rows = await queryRows(
      m,
      `INSERT INTO ranking.learning_awards (user_id, kind, ref, day, at, points) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING 1`,
      [a.userId, a.kind, a.ref, a.day, a.at, a.points],
    );
    return rows.length > 0;
  }

  /** Adds what a transaction earned to the users' totals, in one statement; gives the standings of those who gained points. */
  async applyTotals(m: EntityManager, changes: UserChange[]): Promise<BoardRow[]> {
    if (!changes.length) return [];
    const rows = await queryRows<{ user_id: string; points: number; reached_ms: string }>(
      m,
      `UPDATE ranking.user_stats s
          SET points = s.points + v.points,
              online_seconds = s.online_seconds + v.seconds,
              total_logins = s.total_logins + v.logins,
              last_active_day = coalesce(v.last_day, s.last_active_day),
              last_run_days = coalesce(v.run_days, s.last_run_days),
              longest_streak_days = GREATEST(s.longest_streak_days, v.longest),
              points_reached_at = CASE WHEN v.points > 0 THEN GREATEST(s.points_reached_at, v.reached_at) ELSE s.points_reached_at END,
              updated_at = now()
         FROM unnest($1::text[], $2::int[], $3::bigint[], $4::int[], $5::date[], $6::int[], $7::int[], $8::timestamptz[])
              AS v(user_id, points, seconds, logins, last_day, run_days, longest, reached_at)
        WHERE s.user_id = v.user_id
       RETURNING s.user_id, s.points, (extract(epoch FROM s.points_reached_at) * 1000)::bigint AS reached_ms, v.points AS gained`,
      [
        changes.map((c) => c.userId),
        changes.map((c) => c.points),
        changes.map((c) => c.seconds),
        changes.map((c) => c.logins),
        changes.map((c) => c.lastActiveDay),
        changes.map((c) => c.lastRunDays),
        changes.map((c) => c.longest),
        changes.map((c) => c.reachedAt),
      ],
    );
    return rows.filter((r) => (r as { gained?: number }).gained! > 0).map((r) => ({ user_id: r.user_id, points: r.points, reached_ms: Number(r.reached_ms) }));
  }

  /** Adds points to the weekly boards, in one statement. */
  async addWeeklyPoints(m: EntityManager, changes: WeekChange[]): Promise<void> {
    if (!changes.length) return;
    await m.query(
      `INSERT INTO ranking.weekly_points AS w (week, user_id, points, reached_at)
       SELECT * FROM unnest($1::date[], $2::text[], $3::int[], $4::timestamptz[]) ORDER BY 2, 1
       ON CONFLICT (week, user_id) DO UPDATE SET points = w.points + EXCLUDED.points, reached_at = GREATEST(w.reached_at, EXCLUDED.reached_at)`,
      [changes.map((c) => c.week), changes.map((c) => c.userId), changes.map((c) => c.points), changes.map((c) => c.reachedAt)],
    );
  }

  /** Profiles for the board until the auth service's own fact arrives (which always wins). */
  async insertProfilesIfMissing(m: EntityManager, profiles: { userId: string; email: string; name: string | null }[]): Promise<void> {
    if (!profiles.length) return;
    await m.query(
      `INSERT INTO ranking.user_profiles (user_id, email, name, fact_at)
       SELECT user_id, email, name, 'epoch'::timestamptz FROM unnest($1::text[], $2::text[], $3::text[]) AS p(user_id, email, name) ORDER BY 1
       ON CONFLICT (user_id) DO NOTHING`,
      [profiles.map((p) => p.userId), profiles.map((p) => p.email), profiles.map((p) => p.name)],
    );
  }

  /** Keeps the name and e-mail shown on the board; an older fact never overwrites a newer one, nor revives a deleted user. */
  async upsertProfile(userId: string, email: string, name: string | null, factAt: Date): Promise<void> {
    await execute(
      this.ds,
      `INSERT INTO ranking.user_profiles (user_id, email, name, fact_at)
       SELECT $1, $2, $3, $4
        WHERE NOT EXISTS (SELECT 1 FROM ranking.deleted_users WHERE user_digest = ${digestOf('$1')} AND deleted_at >= $4)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, name = EXCLUDED.name, fact_at = EXCLUDED.fact_at, updated_at = now()
        WHERE ranking.user_profiles.fact_at <= EXCLUDED.fact_at`,
      [userId, email, name, factAt],
    );
  }

  /** Removes every row of the user and leaves a tombstone (a digest of the id) dated `at`. */
  async deleteUser(userId: string, at: Date): Promise<void> {
    await this.transaction(async (m) => {
      await m.query(
        `INSERT INTO ranking.deleted_users (user_digest, deleted_at) VALUES (${digestOf('$1')}, $2)
         ON CONFLICT (user_digest) DO UPDATE SET deleted_at = GREATEST(ranking.deleted_users.deleted_at, EXCLUDED.deleted_at)`,
        [userId, at],
      );
      // the stats row first: it is the lock every activity transaction of this user takes
      await m.query(`DELETE FROM ranking.user_stats WHERE user_id = $1`, [userId]);
      for (const table of ['active_days', 'streak_awards', 'learning_awards', 'weekly_points', 'week_podiums', 'user_profiles']) {
        await m.query(`DELETE FROM ranking.${table} WHERE user_id = $1`, [userId]);
      }
    });
  }
}
