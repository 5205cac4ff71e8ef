import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { POINTS, STREAK_AWARDS } from '@clima/contract';
import { DataSource, EntityManager } from 'typeorm';
import { addDays, minuteOf, saoPauloDay } from '../shared/sao-paulo-time';
import { runContaining, runsOf } from '../shared/streaks';

/** A gap between heartbeats longer than this ends an online session. */
export const SESSION_GAP_MS = 120_000;

/** What one piece of activity changed; `points` is 0 when it was already counted. */
export interface ActivityResult {
  userId: string;
  points: number;
  minutes: number;
  newDay: boolean;
  streakAwards: number[];
  ignored?: 'deleted';
}

/** Fault injection points, so a test can break a transaction half-way (it must roll back whole). */
export interface ActivityHooks {
  beforeCommit?: (manager: EntityManager) => Promise<void> | void;
}

interface StatsRow {
  last_active_day: string | null;
}

interface SessionRow {
  id: string;
  started_at: Date;
  last_seen_at: Date;
}

const nothing = (userId: string): ActivityResult => ({ userId, points: 0, minutes: 0, newDay: false, streakAwards: [] });

/** SQL for the tombstone key of the user id in parameter `p`: a digest, so no row keeps a deleted user's id. */
const digestOf = (p: string) => `encode(sha256(convert_to(${p}::text, 'UTF8')), 'hex')`;

/**
 * Turns activity (heartbeats, sign-ins) into points, exactly once: every award is a ledger row whose
 * primary key is its idempotency key, inserted with ON CONFLICT DO NOTHING in the same transaction that
 * adds its points, and the user's stats row is locked first so one user's jobs never interleave.
 * Replays, duplicates and retries after a crash insert nothing and add nothing.
 */
@Injectable()
export class ActivityService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** A heartbeat at `at`: online minutes, the day's first-activity points and streak awards. */
  async applyHeartbeat(userId: string, at: Date, profile?: { email: string; name: string | null }, hooks: ActivityHooks = {}): Promise<ActivityResult> {
    return this.ds.transaction(async (m) => {
      const stats = await this.lockUser(m, userId, at);
      if (!stats) return { ...nothing(userId), ignored: 'deleted' as const };
      const minutes = await this.extendSession(m, userId, at, at);
      const day = await this.creditDay(m, userId, at, 'heartbeat', stats);
      if (day.newDay && profile) await this.rememberProfile(m, userId, profile);
      return this.finish(m, userId, at, minutes, day, hooks);
    });
  }

  /**
   * A stretch online from `from` to `to`, exactly as heartbeats at most 120 s apart all along it would count
   * (one transaction instead of one per heartbeat; used to replay history such as the demo board).
   */
  async applyOnlineSpan(userId: string, from: Date, to: Date): Promise<ActivityResult> {
    if (to < from) throw new Error('span ends before it starts');
    return this.ds.transaction(async (m) => {
      const stats = await this.lockUser(m, userId, from);
      if (!stats) return { ...nothing(userId), ignored: 'deleted' as const };
      const minutes = await this.extendSession(m, userId, from, to);
      const day = await this.creditDay(m, userId, from, 'heartbeat', stats);
      return this.finish(m, userId, to, minutes, day, {});
    });
  }

  /** A sign-in at `at`: the day's first-activity points and streak awards. */
  async applySignIn(userId: string, at: Date, hooks: ActivityHooks = {}): Promise<ActivityResult> {
    return this.ds.transaction(async (m) => {
      const stats = await this.lockUser(m, userId, at);
      if (!stats) return { ...nothing(userId), ignored: 'deleted' as const };
      const day = await this.creditDay(m, userId, at, 'sign_in', stats);
      return this.finish(m, userId, at, 0, day, hooks);
    });
  }

  /** Keeps the name and e-mail shown on the board; an older fact never overwrites a newer one. */
  async upsertProfile(userId: string, email: string, name: string | null, factAt: Date): Promise<void> {
    await this.ds.query(
      `INSERT INTO ranking.user_profiles (user_id, email, name, fact_at)
       SELECT $1, $2, $3, $4
        WHERE NOT EXISTS (SELECT 1 FROM ranking.deleted_users WHERE user_digest = ${digestOf('$1')} AND deleted_at >= $4)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, name = EXCLUDED.name, fact_at = EXCLUDED.fact_at, updated_at = now()
        WHERE ranking.user_profiles.fact_at <= EXCLUDED.fact_at`,
      [userId, email, name, factAt],
    );
  }

  /** Removes every trace of a user; activity dated before now is ignored if it arrives later (the tombstone keeps only a digest of the id). */
  async deleteUser(userId: string, at = new Date()): Promise<void> {
    await this.ds.transaction(async (m) => {
      await m.query(
        `INSERT INTO ranking.deleted_users (user_digest, deleted_at) VALUES (${digestOf('$1')}, $2)
         ON CONFLICT (user_digest) DO UPDATE SET deleted_at = GREATEST(ranking.deleted_users.deleted_at, EXCLUDED.deleted_at)`,
        [userId, at],
      );
      // the stats row first: it is the lock every activity transaction of this user takes
      await m.query(`DELETE FROM ranking.user_stats WHERE user_id = $1`, [userId]);
      for (const table of ['active_days', 'online_minutes', 'sessions', 'streak_awards', 'user_profiles']) {
        await m.query(`DELETE FROM ranking.${table} WHERE user_id = $1`, [userId]);
      }
    });
  }

  /** Creates the user's stats row if needed and locks it; null when the user was deleted after `at`. */
  private async lockUser(m: EntityManager, userId: string, at: Date): Promise<StatsRow | null> {
    const deleted: unknown[] = await m.query(`SELECT 1 FROM ranking.deleted_users WHERE user_digest = ${digestOf('$1')} AND deleted_at >= $2`, [userId, at]);
    if (deleted.length) return null;
    await m.query(`INSERT INTO ranking.user_stats (user_id, points_reached_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`, [userId, at]);
    const rows: StatsRow[] = await m.query(
      `SELECT to_char(last_active_day, 'YYYY-MM-DD') AS last_active_day FROM ranking.user_stats WHERE user_id = $1 FOR UPDATE`,
      [userId],
    );
    return rows[0] ?? null;
  }

  /**
   * Puts the heartbeat (a span [from, to]; a single heartbeat is from = to) into the user's sessions, merging the
   * sessions it bridges, and credits the wall-clock minutes the sessions now cover. Returns how many minutes were new.
   *
   * Only minutes within 120 s of the span can become newly covered, so a heartbeat tries at most five.
   */
  private async extendSession(m: EntityManager, userId: string, from: Date, to: Date): Promise<number> {
    const a = from.getTime();
    const b = to.getTime();
    const near: SessionRow[] = await m.query(
      `SELECT id, started_at, last_seen_at FROM ranking.sessions
        WHERE user_id = $1 AND started_at <= $2 AND last_seen_at >= $3
        ORDER BY started_at, id`,
      [userId, new Date(b + SESSION_GAP_MS), new Date(a - SESSION_GAP_MS)],
    );
    if (near.some((s) => s.started_at.getTime() <= a && b <= s.last_seen_at.getTime())) return 0;

    const start = new Date(Math.min(a, ...near.map((s) => s.started_at.getTime())));
    const last = new Date(Math.max(b, ...near.map((s) => s.last_seen_at.getTime())));
    const [keep, ...merged] = near;
    if (!keep) {
      await m.query(`INSERT INTO ranking.sessions (user_id, started_at, last_seen_at, started_day) VALUES ($1, $2, $3, $4)`, [
        userId,
        start,
        last,
        saoPauloDay(start),
      ]);
    } else {
      await m.query(`UPDATE ranking.sessions SET started_at = $2, last_seen_at = $3, started_day = $4 WHERE id = $1`, [keep.id, start, last, saoPauloDay(start)]);
      if (merged.length) await m.query(`DELETE FROM ranking.sessions WHERE id = ANY($1::bigint[])`, [merged.map((s) => s.id)]);
    }

    const firstNew = minuteOf(new Date(Math.max(start.getTime(), a - SESSION_GAP_MS)));
    const lastNew = minuteOf(new Date(Math.min(last.getTime(), b + SESSION_GAP_MS)));
    const inserted: unknown[] = await m.query(
      `INSERT INTO ranking.online_minutes (user_id, minute)
       SELECT $1, generate_series($2::timestamptz, $3::timestamptz, interval '1 minute')
       ON CONFLICT DO NOTHING RETURNING 1`,
      [userId, firstNew, lastNew],
    );
    return inserted.length;
  }

  /** The first activity of a São Paulo day: +10, one login, and streak awards for the run it extends. */
  private async creditDay(
    m: EntityManager,
    userId: string,
    at: Date,
    source: 'heartbeat' | 'sign_in',
    stats: StatsRow,
  ): Promise<{ newDay: boolean; streakAwards: { days: number; points: number }[] }> {
    const day = saoPauloDay(at);
    if (stats.last_active_day === day) return { newDay: false, streakAwards: [] };
    const inserted: unknown[] = await m.query(
      `INSERT INTO ranking.active_days (user_id, day, first_at, source) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING 1`,
      [userId, day, at, source],
    );
    if (!inserted.length) return { newDay: false, streakAwards: [] };

    const days: { day: string }[] = await m.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM ranking.active_days WHERE user_id = $1`, [userId]);
    const runs = runsOf(days.map((d) => d.day));
    const run = runContaining(runs, day)!;
    const latest = runs[runs.length - 1]!;
    const awards: { days: number; points: number }[] = [];
    for (const award of STREAK_AWARDS) {
      if (run.days < award.days) continue;
      // one award per run: a run that already holds this award (even one keyed by an earlier shape of the run,
      // before a late day joined two runs) gets no second one
      const held: unknown[] = await m.query(
        `SELECT 1 FROM ranking.streak_awards WHERE user_id = $1 AND threshold = $2 AND reached_on BETWEEN $3 AND $4`,
        [userId, award.days, run.start, run.end],
      );
      if (held.length) continue;
      const added: unknown[] = await m.query(
        `INSERT INTO ranking.streak_awards (user_id, threshold, reached_on, points) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING 1`,
        [userId, award.days, addDays(run.start, award.days - 1), award.points],
      );
      if (added.length) awards.push({ days: award.days, points: award.points });
    }
    await m.query(
      `UPDATE ranking.user_stats
          SET total_logins = total_logins + 1, last_active_day = $2, last_run_days = $3,
              longest_streak_days = GREATEST(longest_streak_days, $4)
        WHERE user_id = $1`,
      [userId, latest.end, latest.days, Math.max(...runs.map((r) => r.days))],
    );
    return { newDay: true, streakAwards: awards };
  }

  private async finish(
    m: EntityManager,
    userId: string,
    at: Date,
    minutes: number,
    day: { newDay: boolean; streakAwards: { days: number; points: number }[] },
    hooks: ActivityHooks,
  ): Promise<ActivityResult> {
    const points = minutes * POINTS.perMinute + (day.newDay ? POINTS.dailyLogin : 0) + day.streakAwards.reduce((s, a) => s + a.points, 0);
    if (points > 0) {
      await m.query(
        `UPDATE ranking.user_stats
            SET points = points + $2, online_minutes = online_minutes + $3,
                points_reached_at = GREATEST(points_reached_at, $4), updated_at = now()
          WHERE user_id = $1`,
        [userId, points, minutes, at],
      );
    }
    await hooks.beforeCommit?.(m);
    return { userId, points, minutes, newDay: day.newDay, streakAwards: day.streakAwards.map((a) => a.days) };
  }

  private async rememberProfile(m: EntityManager, userId: string, profile: { email: string; name: string | null }): Promise<void> {
    // the auth service's user.upserted is the source of truth; this only fills a gap until it arrives
    await m.query(
      `INSERT INTO ranking.user_profiles (user_id, email, name, fact_at) VALUES ($1, $2, $3, 'epoch'::timestamptz) ON CONFLICT (user_id) DO NOTHING`,
      [userId, profile.email, profile.name],
    );
  }
}
