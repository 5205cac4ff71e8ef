import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@clima/common';
import { LEARNING_RULES, POINTS, STREAK_AWARDS } from '@clima/contract';
import type { EntityManager } from 'typeorm';
import type { RankingConfig } from '../config';
import { addDays, saoPauloDay } from '../shared/sao-paulo-time';
import { runContaining, runsOf } from '../shared/streaks';
import type { BoardRow } from '../leaderboard/leaderboard.repository';
import { ActivityRepository, LearningKind, LockedStats, StreakAwardRow } from './activity.repository';
import { PointsTally } from './points-tally';

/** Points of each learning award (once per user, kind and reference). */
const LEARNING_POINTS: Record<LearningKind, number> = {
  lesson: POINTS.lessonCompleted,
  course: POINTS.courseCompleted,
  manual: POINTS.manualOpened,
  quiz: POINTS.quizPassed,
  assessment: POINTS.assessmentPassed,
};
/** Awards of a kind that earn points in one São Paulo day (the others are bounded by their references). */
const DAILY_CAPS: Partial<Record<LearningKind, number>> = { manual: LEARNING_RULES.manualsPerDay, quiz: LEARNING_RULES.quizzesPerDay };

/** A study heartbeat as the worker applies it (the HTTP process already kept only heartbeats that earn). */
export interface StudyHeartbeat {
  userId: string;
  at: Date;
  /** From the identity the gateway proved: fills the board's profile until the auth service's fact arrives. */
  profile?: { email: string; name: string | null };
}

/** What one piece of activity changed; `points` is 0 when it was already counted. */
export interface ActivityResult {
  userId: string;
  points: number;
  ignored?: 'deleted';
}

/** Heartbeats queued together, and the batch's idempotency key (the queue job's id). */
export interface HeartbeatBatch {
  key?: string;
  heartbeats: StudyHeartbeat[];
}

/** What a group of batches changed: points per user (0 for users whose heartbeats added nothing new). */
export interface BatchResult {
  /** Keys of the batches already in the ledger: applied whole before, they added nothing. */
  replayed: Set<string>;
  points: Map<string, number>;
  /** Users the batches named. */
  users: string[];
  /** The new standings of the users who gained points, as committed (for the board). */
  standings: BoardRow[];
}

/** Fault injection points, so a test can break a transaction half-way (it must roll back whole). */
export interface ActivityHooks {
  beforeCommit?: (manager: EntityManager) => Promise<void> | void;
}

/** An award to grant and the instant of the activity that reached it. */
interface PendingAward {
  award: StreakAwardRow;
  at: Date;
}

const awardKey = (a: StreakAwardRow) => `${a.user_id}|${a.threshold}|${a.reached_on}`;

/**
 * Turns activity into points, exactly once. Every award is a ledger entry inserted in the same transaction that
 * adds its points, and only what the ledger did not hold yet adds anything:
 *  - the daily award: an `active_days` row per user and São Paulo day (a sign-in or study makes the day);
 *  - study time: the stretches of each day a study heartbeat vouches for, kept as a set on that day's row (a
 *    heartbeat applied twice adds no second); the day's points are its whole minutes, capped per day;
 *  - streaks: `streak_awards` keyed by (user, threshold, day reached);
 *  - lessons, courses and manuals: `learning_awards` keyed by (user, kind, reference);
 *  - a batch of heartbeats: `applied_batches` keyed by the batch (a replayed batch is recognised whole).
 * The users' stats rows are locked first, in user id order, so one user's changes never interleave.
 */
@Injectable()
export class ActivityService {
  constructor(
    private readonly ledger: ActivityRepository,
    @Inject(CONFIG) private readonly config: RankingConfig,
  ) {}

  /**
   * Batches of study heartbeats (one, or several queued apart and applied together), in one transaction of a few
   * set-based statements whatever their size. A batch whose key is already recorded was applied before: it
   * changes nothing.
   */
  async applyHeartbeats(batches: HeartbeatBatch | HeartbeatBatch[], hooks: ActivityHooks = {}, now = new Date()): Promise<BatchResult> {
    const list = Array.isArray(batches) ? batches : [batches];
    const named = new Set(list.flatMap((b) => b.heartbeats.map((h) => h.userId)));
    const result: BatchResult = { replayed: new Set(), points: new Map(), users: [...named].sort(byteOrder), standings: [] };
    if (!named.size) return result;

    return this.ledger.transaction(async (m) => {
      const keys = list.map((b) => b.key).filter((k): k is string => !!k);
      const fresh = keys.length ? new Set(await this.ledger.recordBatches(m, keys)) : new Set<string>();
      for (const k of keys) if (!fresh.has(k)) result.replayed.add(k);
      const heartbeats = list.filter((b) => !b.key || fresh.has(b.key)).flatMap((b) => b.heartbeats);
      const firstAt = new Map<string, Date>();
      const profiles = new Map<string, { email: string; name: string | null }>();
      for (const h of heartbeats) {
        const seen = firstAt.get(h.userId);
        if (!seen || h.at < seen) firstAt.set(h.userId, h.at);
        if (h.profile) profiles.set(h.userId, h.profile);
      }
      const userIds = [...firstAt.keys()].sort(byteOrder);
      if (!userIds.length) return result;
      const { live, tally, created } = await this.lockUsers(m, userIds, userIds.map((u) => firstAt.get(u)!));
      const kept = heartbeats.filter((h) => live.has(h.userId));
      const days = await this.ledger.addStudy(
        m,
        kept.map((h) => h.userId),
        kept.map((h) => h.at),
        {
          vouchSeconds: LEARNING_RULES.heartbeatSeconds,
          cap: this.config.RANKING_DAILY_ONLINE_POINTS_CAP,
          // days whose detail the retention job drops (or already dropped) take no more study time
          firstDay: addDays(saoPauloDay(now), -(this.config.RANKING_DETAIL_RETENTION_DAYS - 1)),
        },
      );

      const newDays = new Map<string, { day: string; at: Date }[]>();
      for (const d of days) {
        tally.seconds(d.user_id, d.seconds - d.old_seconds);
        tally.points(d.user_id, Math.max(0, d.online_points - d.old_points) * POINTS.perMinute, d.day, d.last_at);
        if (d.is_new) newDays.set(d.user_id, [...(newDays.get(d.user_id) ?? []), { day: d.day, at: d.first_at }]);
      }
      const awards: PendingAward[] = [];
      for (const [userId, credited] of newDays) {
        for (const { day, at } of credited.sort((x, y) => (x.day < y.day ? -1 : 1))) awards.push(...(await this.creditDay(m, tally, userId, day, at)));
      }
      await this.grantStreakAwards(m, tally, awards);
      await this.ledger.insertProfilesIfMissing(
        m,
        [...newDays.keys()].filter((u) => profiles.has(u)).map((u) => ({ userId: u, ...profiles.get(u)! })),
      );
      result.standings = await this.commitTally(m, tally, created, hooks);
      for (const u of live) result.points.set(u, tally.pointsOf(u));
      return result;
    });
  }

  /**
   * A stretch of study from `from` to `to`, exactly as study heartbeats every 30 s all along it would count
   * (used to replay history such as the demo board).
   */
  async applyStudySpan(userId: string, from: Date, to: Date, now = new Date()): Promise<ActivityResult> {
    if (to < from) throw new Error('span ends before it starts');
    const step = LEARNING_RULES.heartbeatSeconds * 1000;
    const heartbeats: StudyHeartbeat[] = [];
    for (let t = from.getTime() + step; t < to.getTime(); t += step) heartbeats.push({ userId, at: new Date(t) });
    heartbeats.push({ userId, at: to });
    const r = await this.applyHeartbeats({ heartbeats }, {}, now);
    return { userId, points: r.points.get(userId) ?? 0, ...(r.points.has(userId) ? {} : { ignored: 'deleted' as const }) };
  }

  /** A sign-in at `at`: the day's first-activity points and streak awards. */
  async applySignIn(userId: string, at: Date, hooks: ActivityHooks = {}): Promise<ActivityResult> {
    return this.ledger.transaction(async (m) => {
      const { live, tally, created } = await this.lockUsers(m, [userId], [at]);
      if (!live.has(userId)) return { userId, points: 0, ignored: 'deleted' as const };
      const day = saoPauloDay(at);
      if (await this.ledger.addActiveDay(m, userId, day, at, 'sign_in')) {
        await this.grantStreakAwards(m, tally, await this.creditDay(m, tally, userId, day, at));
      }
      await this.commitTally(m, tally, created, hooks);
      return { userId, points: tally.pointsOf(userId) };
    });
  }

  /**
   * A lesson or course completed, a manual opened: its points once per (user, kind, reference). Manuals earn at
   * most LEARNING_RULES.manualsPerDay a São Paulo day; one beyond that earns nothing (and may earn another day).
   */
  async applyLearning(userId: string, kind: LearningKind, ref: string, at: Date, hooks: ActivityHooks = {}): Promise<ActivityResult> {
    const points = LEARNING_POINTS[kind];
    const day = saoPauloDay(at);
    const cap = DAILY_CAPS[kind];
    // most manuals opened by a busy technician earn nothing (one award per manual, a daily cap): one read, no lock
    if (await this.ledger.learningSettled(userId, kind, ref, day, cap)) return { userId, points: 0 };
    return this.ledger.transaction(async (m) => {
      const { live, tally, created } = await this.lockUsers(m, [userId], [at]);
      if (!live.has(userId)) return { userId, points: 0, ignored: 'deleted' as const };
      const capped = cap !== undefined && (await this.ledger.learningAwardsOn(m, userId, kind, day)) >= cap;
      if (!capped && (await this.ledger.addLearningAward(m, { userId, kind, ref, day, at, points }))) tally.points(userId, points, day, at);
      await this.commitTally(m, tally, created, hooks);
      return { userId, points: tally.pointsOf(userId) };
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

  /** Creates and locks the users' stats rows; users deleted at or after their activity are left out (and their new row removed). */
  private async lockUsers(m: EntityManager, userIds: string[], firstAts: Date[]): Promise<{ live: Set<string>; tally: PointsTally; created: string[] }> {
    const created = await this.ledger.ensureStats(m, userIds, firstAts);
    const locked: LockedStats[] = await this.ledger.lockStats(m, userIds, firstAts);
    const tally = new PointsTally();
    const live = new Set<string>();
    const gone: string[] = [];
    for (const s of locked) {
      if (s.deleted) gone.push(s.user_id);
      else {
        live.add(s.user_id);
        tally.track(s.user_id, s);
      }
    }
    // a row this transaction made for a user whose deletion committed meanwhile
    await this.ledger.dropEmptyStats(m, gone);
    return { live, tally, created: created.filter((u) => live.has(u)) };
  }

  /**
   * A new active day (its row is already inserted): +10, one login, and the streak awards of the run it extends.
   * The usual case, a day after the last one, is decided from the locked figures; a day that arrives late (before
   * the last active day) recomputes the runs from every day, and a run that already holds an award (even one
   * keyed by an earlier shape of the run, before a late day joined two runs) gets no second one.
   * Returns the awards to grant (the fast path's; the late path grants its own).
   */
  private async creditDay(m: EntityManager, tally: PointsTally, userId: string, day: string, at: Date): Promise<PendingAward[]> {
    const s = tally.streak(userId);
    tally.points(userId, POINTS.dailyLogin, day, at);
    if (!s.last_active_day || day > s.last_active_day) {
      const run = s.last_active_day === addDays(day, -1) ? s.last_run_days + 1 : 1;
      tally.creditDay(userId, { last_active_day: day, last_run_days: run, longest_streak_days: Math.max(s.longest_streak_days, run) });
      return STREAK_AWARDS.filter((a) => a.days === run).map((a) => ({ award: { user_id: userId, threshold: a.days, reached_on: day, points: a.points }, at }));
    }
    const runs = runsOf(await this.ledger.activeDays(m, userId));
    const run = runContaining(runs, day)!;
    for (const award of STREAK_AWARDS) {
      if (run.days < award.days || (await this.ledger.holdsStreakAward(m, userId, award.days, run.start, run.end))) continue;
      await this.grantStreakAwards(m, tally, [{ award: { user_id: userId, threshold: award.days, reached_on: addDays(run.start, award.days - 1), points: award.points }, at }]);
    }
    const latest = runs[runs.length - 1]!;
    tally.creditDay(userId, { last_active_day: latest.end, last_run_days: latest.days, longest_streak_days: Math.max(...runs.map((r) => r.days)) });
    return [];
  }

  /** Inserts awards; only those the ledger did not hold add points (on the day they were reached). */
  private async grantStreakAwards(m: EntityManager, tally: PointsTally, pending: PendingAward[]): Promise<void> {
    if (!pending.length) return;
    const when = new Map(pending.map((p) => [awardKey(p.award), p.at]));
    for (const a of await this.ledger.addStreakAwards(m, pending.map((p) => p.award))) tally.points(a.user_id, a.points, a.reached_on, when.get(awardKey(a))!);
  }

  /**
   * Writes the tally (totals, weekly boards), removes rows made for users who earned nothing, runs the test hooks;
   * gives the standings of the users who gained points.
   */
  private async commitTally(m: EntityManager, tally: PointsTally, created: string[], hooks: ActivityHooks): Promise<BoardRow[]> {
    const standings = await this.ledger.applyTotals(m, tally.changes());
    await this.ledger.addWeeklyPoints(m, tally.weekChanges());
    await this.ledger.dropEmptyStats(m, created.filter((u) => tally.pointsOf(u) === 0));
    await hooks.beforeCommit?.(m);
    return standings;
  }
}

/** The order Postgres gives `COLLATE "C"`: plain byte order, the order rows are locked in. */
function byteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}
