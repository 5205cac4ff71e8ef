import { weekOf } from '../shared/sao-paulo-time';

/** A user's streak figures as locked at the start of a transaction (then kept up to date by the tally). */
export interface StreakState {
  last_active_day: string | null;
  last_run_days: number;
  longest_streak_days: number;
}

/** What one transaction adds to one user's totals. */
export interface UserChange {
  userId: string;
  points: number;
  seconds: number;
  logins: number;
  /** Set when a day was credited: the streak figures after it. */
  lastActiveDay: string | null;
  lastRunDays: number | null;
  longest: number;
  /** The instant of the latest activity that earned points (the board's tie-break). */
  reachedAt: Date | null;
}

/** Points of one user in one week (Monday, São Paulo). */
export interface WeekChange {
  week: string;
  userId: string;
  points: number;
  reachedAt: Date;
}

/**
 * Adds up, in memory, what one transaction awards (every award was first inserted into its ledger, so only
 * new awards reach the tally); then the totals and the weekly board are written in one statement each.
 */
export class PointsTally {
  private readonly users = new Map<string, UserChange>();
  private readonly weeks = new Map<string, WeekChange>();
  private readonly streaks = new Map<string, StreakState>();

  /** The user's streak figures as locked; `creditDay` keeps them current as days are added. */
  track(userId: string, state: StreakState): void {
    this.streaks.set(userId, { ...state });
  }

  streak(userId: string): StreakState {
    const s = this.streaks.get(userId);
    if (!s) throw new Error(`streak state of ${userId} not tracked`);
    return s;
  }

  /** Points earned on a São Paulo day, at an instant. */
  points(userId: string, points: number, day: string, at: Date): void {
    if (points <= 0) return;
    const u = this.user(userId);
    u.points += points;
    if (!u.reachedAt || at > u.reachedAt) u.reachedAt = at;
    const key = `${weekOf(day)}|${userId}`;
    const w = this.weeks.get(key);
    if (w) {
      w.points += points;
      if (at > w.reachedAt) w.reachedAt = at;
    } else this.weeks.set(key, { week: weekOf(day), userId, points, reachedAt: at });
  }

  seconds(userId: string, seconds: number): void {
    if (seconds !== 0) this.user(userId).seconds += seconds;
  }

  /** A new active day: one login, and the streak figures after it. */
  creditDay(userId: string, after: StreakState): void {
    const u = this.user(userId);
    u.logins += 1;
    u.lastActiveDay = after.last_active_day;
    u.lastRunDays = after.last_run_days;
    u.longest = Math.max(u.longest, after.longest_streak_days);
    this.streaks.set(userId, { ...after });
  }

  pointsOf(userId: string): number {
    return this.users.get(userId)?.points ?? 0;
  }

  changes(): UserChange[] {
    return [...this.users.values()].filter((u) => u.points || u.seconds || u.logins);
  }

  weekChanges(): WeekChange[] {
    return [...this.weeks.values()];
  }

  private user(userId: string): UserChange {
    let u = this.users.get(userId);
    if (!u) {
      u = { userId, points: 0, seconds: 0, logins: 0, lastActiveDay: null, lastRunDays: null, longest: 0, reachedAt: null };
      this.users.set(userId, u);
    }
    return u;
  }
}
