import { Injectable } from '@nestjs/common';
import { POINTS, STREAK_AWARDS } from '@clima/contract';
import type { EntityManager } from 'typeorm';
import { addDays, minuteOf, saoPauloDay } from '../shared/sao-paulo-time';
import { runContaining, runsOf } from '../shared/streaks';
import { ActivityRepository, StatsRow } from './activity.repository';

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

const nothing = (userId: string): ActivityResult => ({ userId, points: 0, minutes: 0, newDay: false, streakAwards: [] });

/**
 * Turns activity (heartbeats, sign-ins) into points, exactly once: every award is a ledger row whose
 * primary key is its idempotency key, inserted with ON CONFLICT DO NOTHING in the same transaction that
 * adds its points, and the user's stats row is locked first so one user's jobs never interleave.
 * Replays, duplicates and retries after a crash insert nothing and add nothing.
 */
@Injectable()
export class ActivityService {
  constructor(private readonly ledger: ActivityRepository) {}

  /** A heartbeat at `at`: online minutes, the day's first-activity points and streak awards. */
  async applyHeartbeat(userId: string, at: Date, profile?: { email: string; name: string | null }, hooks: ActivityHooks = {}): Promise<ActivityResult> {
    return this.ledger.transaction(async (m) => {
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
    return this.ledger.transaction(async (m) => {
      const stats = await this.lockUser(m, userId, from);
      if (!stats) return { ...nothing(userId), ignored: 'deleted' as const };
      const minutes = await this.extendSession(m, userId, from, to);
      const day = await this.creditDay(m, userId, from, 'heartbeat', stats);
      return this.finish(m, userId, to, minutes, day, {});
    });
  }

  /** A sign-in at `at`: the day's first-activity points and streak awards. */
  async applySignIn(userId: string, at: Date, hooks: ActivityHooks = {}): Promise<ActivityResult> {
    return this.ledger.transaction(async (m) => {
      const stats = await this.lockUser(m, userId, at);
      if (!stats) return { ...nothing(userId), ignored: 'deleted' as const };
      const day = await this.creditDay(m, userId, at, 'sign_in', stats);
      return this.finish(m, userId, at, 0, day, hooks);
    });
  }

  /** Keeps the name and e-mail shown on the board; an older fact never overwrites a newer one. */
  upsertProfile(userId: string, email: string, name: string | null, factAt: Date): Promise<void> {
    return this.ledger.upsertProfile(userId, email, name, factAt);
  }

  /** Removes every trace of a user; activity dated before now is ignored if it arrives later (the tombstone keeps only a digest of the id). */
  deleteUser(userId: string, at = new Date()): Promise<void> {
    return this.ledger.deleteUser(userId, at);
  }

  /** Creates the user's stats row if needed and locks it; null when the user was deleted after `at`. */
  private async lockUser(m: EntityManager, userId: string, at: Date): Promise<StatsRow | null> {
    if (await this.ledger.isDeletedSince(m, userId, at)) return null;
    return this.ledger.lockStats(m, userId, at);
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
    const near = await this.ledger.sessionsNear(m, userId, new Date(a - SESSION_GAP_MS), new Date(b + SESSION_GAP_MS));
    if (near.some((s) => s.started_at.getTime() <= a && b <= s.last_seen_at.getTime())) return 0;

    const start = new Date(Math.min(a, ...near.map((s) => s.started_at.getTime())));
    const last = new Date(Math.max(b, ...near.map((s) => s.last_seen_at.getTime())));
    const [keep, ...merged] = near;
    if (!keep) {
      await this.ledger.insertSession(m, userId, start, last, saoPauloDay(start));
    } else {
      await this.ledger.updateSession(m, keep.id, start, last, saoPauloDay(start));
      if (merged.length) await this.ledger.deleteSessions(m, merged.map((s) => s.id));
    }

    const firstNew = minuteOf(new Date(Math.max(start.getTime(), a - SESSION_GAP_MS)));
    const lastNew = minuteOf(new Date(Math.min(last.getTime(), b + SESSION_GAP_MS)));
    return this.ledger.addOnlineMinutes(m, userId, firstNew, lastNew);
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
    if (!(await this.ledger.addActiveDay(m, userId, day, at, source))) return { newDay: false, streakAwards: [] };

    const runs = runsOf(await this.ledger.activeDays(m, userId));
    const run = runContaining(runs, day)!;
    const latest = runs[runs.length - 1]!;
    const awards: { days: number; points: number }[] = [];
    for (const award of STREAK_AWARDS) {
      if (run.days < award.days) continue;
      // one award per run: a run that already holds this award (even one keyed by an earlier shape of the run,
      // before a late day joined two runs) gets no second one
      if (await this.ledger.holdsStreakAward(m, userId, award.days, run.start, run.end)) continue;
      if (await this.ledger.addStreakAward(m, userId, award.days, addDays(run.start, award.days - 1), award.points)) {
        awards.push({ days: award.days, points: award.points });
      }
    }
    await this.ledger.recordDay(m, userId, latest.end, latest.days, Math.max(...runs.map((r) => r.days)));
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
      await this.ledger.addPoints(m, userId, points, minutes, at);
    }
    await hooks.beforeCommit?.(m);
    return { userId, points, minutes, newDay: day.newDay, streakAwards: day.streakAwards.map((a) => a.days) };
  }

  private async rememberProfile(m: EntityManager, userId: string, profile: { email: string; name: string | null }): Promise<void> {
    // the auth service's user.upserted is the source of truth; this only fills a gap until it arrives
    await this.ledger.insertProfileIfMissing(m, userId, profile.email, profile.name);
  }
}
