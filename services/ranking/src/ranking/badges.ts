import { BADGE_RULES, BADGES, BadgeId, STREAK_AWARDS } from '@clima/contract';

export interface BadgeFacts {
  total_logins: number;
  total_session_time_seconds: number;
  longest_streak_days: number;
  /** 1-based position on the board, null when not on it. */
  position: number | null;
  /** Weeks closed in the top 3 of the weekly board. */
  week_podiums: number;
}

/** The badges a user holds now, in the catalogue's order (spec section 3). */
export function badgesOf(f: BadgeFacts): BadgeId[] {
  const held = new Set<BadgeId>();
  if (f.total_logins >= 1) held.add('first_login');
  if (f.total_logins >= BADGE_RULES.dedicatedLogins) held.add('dedicated');
  if (f.total_logins >= BADGE_RULES.committedLogins) held.add('committed');
  if (f.total_logins >= BADGE_RULES.expertLogins) held.add('expert');
  for (const s of STREAK_AWARDS) if (f.longest_streak_days >= s.days) held.add(s.badge);
  if (f.total_session_time_seconds >= BADGE_RULES.timeMasterSeconds) held.add('time_master');
  if (f.position !== null && f.position <= BADGE_RULES.topPerformerPosition) held.add('top_performer');
  if (f.position === 1) held.add('champion');
  if (f.week_podiums > 0) held.add('week_podium');
  return (Object.keys(BADGES) as BadgeId[]).filter((b) => held.has(b));
}
