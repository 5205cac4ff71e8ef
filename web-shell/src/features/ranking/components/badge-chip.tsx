import { BADGES, type BadgeId } from '@clima/contract/ranking';
import {
  Award,
  CalendarCheck,
  CalendarRange,
  Crown,
  Flame,
  Footprints,
  GraduationCap,
  Hourglass,
  Medal,
  TrendingUp,
  Zap,
  type LucideIcon,
} from 'lucide-react';

/** One icon per badge of the contract (spec section 3). */
export const BADGE_ICONS: Record<BadgeId, LucideIcon> = {
  first_login: Footprints,
  dedicated: CalendarCheck,
  committed: Award,
  expert: GraduationCap,
  streak_3: Zap,
  streak_7: Flame,
  streak_30: CalendarRange,
  time_master: Hourglass,
  top_performer: TrendingUp,
  champion: Crown,
  week_podium: Medal,
};

export const BADGE_IDS = Object.keys(BADGES) as BadgeId[];

export const isBadgeId = (id: string): id is BadgeId => Object.hasOwn(BADGES, id);

/** A badge as a small chip: icon and name, its meaning as the tooltip. Unknown ids are left out. */
export function BadgeChip({ id }: { id: BadgeId }) {
  const Icon = BADGE_ICONS[id];
  const badge = BADGES[id];
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-1.5 py-0.5 text-[11px] font-semibold text-sky-800 ring-1 ring-sky-100"
      title={`${badge.name}: ${badge.description}`}
      data-testid="badge-chip"
    >
      <Icon className="size-3" aria-hidden />
      {badge.name}
    </span>
  );
}
