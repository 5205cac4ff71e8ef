import type { OwnStats, RankingEntry } from '@clima/contract';
import { addDays } from '../shared/sao-paulo-time';
import { badgesOf } from './badges';

/** A user's stats row joined with the name and e-mail the board shows. */
export interface StatsRecord {
  user_id: string;
  name: string | null;
  email: string | null;
  points: number;
  total_logins: number;
  online_minutes: number;
  last_active_day: string | null;
  last_run_days: number;
  longest_streak_days: number;
}

/** A streak is current while its last day is today or yesterday (São Paulo); after a missed day it is 0. */
export function currentStreak(r: Pick<StatsRecord, 'last_active_day' | 'last_run_days'>, today: string): number {
  return r.last_active_day && r.last_active_day >= addDays(today, -1) ? r.last_run_days : 0;
}

export function mapRankingEntry(r: StatsRecord, position: number, today: string): RankingEntry {
  const seconds = r.online_minutes * 60;
  return {
    user_id: r.user_id,
    name: r.name,
    email: r.email ?? '',
    total_logins: r.total_logins,
    total_session_time_seconds: seconds,
    current_streak_days: currentStreak(r, today),
    points: r.points,
    badges: badgesOf({ total_logins: r.total_logins, total_session_time_seconds: seconds, longest_streak_days: r.longest_streak_days, position }),
  };
}

export function mapOwnStats(r: StatsRecord | undefined, position: number | null, today: string): OwnStats {
  if (!r) return { position: null, points: 0, total_logins: 0, total_session_time_seconds: 0, current_streak_days: 0, longest_streak_days: 0, badges: [] };
  const seconds = r.online_minutes * 60;
  return {
    position,
    points: r.points,
    total_logins: r.total_logins,
    total_session_time_seconds: seconds,
    current_streak_days: currentStreak(r, today),
    longest_streak_days: r.longest_streak_days,
    badges: badgesOf({ total_logins: r.total_logins, total_session_time_seconds: seconds, longest_streak_days: r.longest_streak_days, position }),
  };
}
