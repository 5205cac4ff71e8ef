import type { OwnStats, RankingEntry } from '@clima/contract';
import { addDays } from '../shared/sao-paulo-time';
import { badgesOf } from './badges';

/** A user's stats row joined with the name and e-mail the board is drawn from. */
export interface StatsRecord {
  user_id: string;
  name: string | null;
  email: string | null;
  points: number;
  total_logins: number;
  online_seconds: number;
  last_active_day: string | null;
  last_run_days: number;
  longest_streak_days: number;
  week_podiums: number;
}

/** Where a row stands: its all-time position (which some badges depend on) and the points the board shows. */
export interface Standing {
  /** All-time position, null when not on the all-time board. */
  position: number | null;
  /** The board's points: all time, or this week's on the weekly board. */
  points: number;
}

/** A streak is current while its last day is today or yesterday (São Paulo); after a missed day it is 0. */
export function currentStreak(r: Pick<StatsRecord, 'last_active_day' | 'last_run_days'>, today: string): number {
  return r.last_active_day && r.last_active_day >= addDays(today, -1) ? r.last_run_days : 0;
}

const localPart = (email: string | null): string => email?.split('@')[0]?.trim() ?? '';

/** 'jo***': enough to tell two technicians apart on the board, not enough to write to them. */
export function maskedLocalPart(email: string | null): string | null {
  const local = localPart(email);
  if (!local) return null;
  return `${local.slice(0, local.length > 2 ? 2 : 1)}***`;
}

/**
 * A board row as the ranking keeps it: the entry every other technician sees (no e-mail; the name, or the masked
 * start of the e-mail), and what its own technician is shown instead (the e-mail, and the e-mail's local part whole
 * when there is no name). The e-mails never leave the service but in their owner's own row (presentBoard).
 */
export interface BoardRow {
  entry: RankingEntry;
  own: Pick<RankingEntry, 'name' | 'email'>;
}

export function mapBoardRow(r: StatsRecord, standing: Standing, today: string): BoardRow {
  const seconds = Number(r.online_seconds);
  const given = r.name?.trim() || null;
  // a name typed as an e-mail address is masked like one
  const name = given && !given.includes('@') ? given : maskedLocalPart(given ?? r.email);
  return {
    entry: {
      user_id: r.user_id,
      name,
      email: null,
      total_logins: r.total_logins,
      total_session_time_seconds: seconds,
      current_streak_days: currentStreak(r, today),
      points: standing.points,
      badges: badgesOf({ total_logins: r.total_logins, total_session_time_seconds: seconds, longest_streak_days: r.longest_streak_days, position: standing.position, week_podiums: r.week_podiums }),
    },
    own: { name: given ?? (localPart(r.email) || null), email: r.email },
  };
}

/** The board as `viewerId` is shown it: their own row with their name and e-mail, everyone else's without; null: nobody's. */
export function presentBoard(rows: readonly BoardRow[], viewerId: string | null): RankingEntry[] {
  return rows.map((r) => (r.entry.user_id === viewerId ? { ...r.entry, ...r.own } : r.entry));
}

/** The parts of own stats that are not in the stats row: the week's board and today's study points. */
export interface OwnExtras {
  week: OwnStats['week'];
  today: OwnStats['today'];
}

export function mapOwnStats(r: StatsRecord | undefined, position: number | null, today: string, extras: OwnExtras): OwnStats {
  if (!r) return { position: null, points: 0, total_logins: 0, total_session_time_seconds: 0, current_streak_days: 0, longest_streak_days: 0, badges: [], ...extras };
  const seconds = Number(r.online_seconds);
  return {
    position,
    points: r.points,
    total_logins: r.total_logins,
    total_session_time_seconds: seconds,
    current_streak_days: currentStreak(r, today),
    longest_streak_days: r.longest_streak_days,
    badges: badgesOf({ total_logins: r.total_logins, total_session_time_seconds: seconds, longest_streak_days: r.longest_streak_days, position, week_podiums: r.week_podiums }),
    ...extras,
  };
}
