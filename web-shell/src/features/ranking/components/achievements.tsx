import { BADGE_RULES, BADGES, STREAK_AWARDS, type BadgeId, type OwnStats } from '@clima/contract/ranking';
import { Award, Check, Lock } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { formatDuration } from '../../../lib/format';
import { BADGE_ICONS, BADGE_IDS } from './badge-chip';

const m = messages.ranking;
const streakDays = (badge: BadgeId) => STREAK_AWARDS.find((a) => a.badge === badge)?.days ?? 0;

/** What a badge not yet earned still needs, and how far the user is (0 to 1); thresholds from the contract. */
function progressOf(id: BadgeId, s: OwnStats): { need: string; ratio: number } {
  const logins = (target: number) => ({ need: m.need.logins(Math.min(s.total_logins, target), target), ratio: s.total_logins / target });
  const position = s.position ? `, ${m.need.currentPosition(s.position)}` : '';
  switch (id) {
    case 'first_login':
      return logins(1);
    case 'dedicated':
      return logins(BADGE_RULES.dedicatedLogins);
    case 'committed':
      return logins(BADGE_RULES.committedLogins);
    case 'expert':
      return logins(BADGE_RULES.expertLogins);
    case 'streak_3':
    case 'streak_7':
    case 'streak_30': {
      const days = streakDays(id);
      return { need: m.need.streak(Math.min(s.longest_streak_days, days), days), ratio: s.longest_streak_days / days };
    }
    case 'time_master': {
      const target = BADGE_RULES.timeMasterSeconds;
      return { need: m.need.hours(formatDuration(s.total_session_time_seconds), target / 3600), ratio: s.total_session_time_seconds / target };
    }
    case 'top_performer':
      return { need: `${m.need.top(BADGE_RULES.topPerformerPosition)}${position}`, ratio: s.position ? Math.min(1, BADGE_RULES.topPerformerPosition / s.position) : 0 };
    case 'champion':
      return { need: `${m.need.first}${position}`, ratio: s.position ? 1 / s.position : 0 };
    case 'week_podium': {
      const week = s.week.position ? `, ${m.need.currentPosition(s.week.position)}` : '';
      return { need: `${m.need.podium}${week}`, ratio: s.week.position ? Math.min(1, 3 / s.week.position) : 0 };
    }
  }
}

/**
 * 'Minhas Conquistas': every badge, earned ones highlighted, the others greyed with what they need. On a phone
 * two columns of small tiles, so that the board is not pushed far down the page.
 */
export function Achievements({ stats }: { stats: OwnStats }) {
  const earned = new Set(stats.badges);
  const count = BADGE_IDS.filter((id) => earned.has(id)).length;
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" aria-labelledby="ranking-achievements">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="ranking-achievements" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Award className="size-5 text-amber-500" aria-hidden />
          {m.achievements}
        </h2>
        <p className="rounded-full bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-800" data-testid="achievements-count">
          {m.achievementsCount(count, BADGE_IDS.length)}
        </p>
      </div>
      <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6 lg:gap-3">
        {BADGE_IDS.map((id) => {
          const Icon = BADGE_ICONS[id];
          const has = earned.has(id);
          const progress = has ? null : progressOf(id, stats);
          return (
            <li
              key={id}
              data-testid="achievement"
              data-badge={id}
              data-earned={has ? 'true' : 'false'}
              className={`flex flex-col items-center gap-2 rounded-xl border p-2.5 text-center sm:p-3 ${
                has ? 'border-amber-200 bg-gradient-to-br from-amber-50 to-yellow-50' : 'border-slate-200 bg-slate-50'
              }`}
            >
              <span
                className={`relative grid size-11 shrink-0 place-items-center rounded-full ${
                  has ? 'bg-gradient-to-br from-amber-300 to-yellow-500 text-amber-950 shadow-sm shadow-amber-500/30' : 'bg-slate-200 text-slate-400'
                }`}
              >
                <Icon className="size-5" aria-hidden />
                <span className={`absolute -right-1 -bottom-1 grid size-5 place-items-center rounded-full ring-2 ring-white ${has ? 'bg-emerald-500 text-white' : 'bg-slate-400 text-white'}`}>
                  {has ? <Check className="size-3" aria-hidden /> : <Lock className="size-2.5" aria-hidden />}
                </span>
              </span>
              <div className="w-full min-w-0">
                <p className={`text-sm font-bold ${has ? 'text-slate-900' : 'text-slate-500'}`}>{BADGES[id].name}</p>
                <p className={`text-xs ${has ? 'text-amber-800' : 'text-slate-500'}`}>{BADGES[id].description}</p>
                <p className="sr-only">{has ? m.earned : m.locked}</p>
                {progress && (
                  <div className="mt-1.5">
                    <div className="h-1.5 overflow-hidden rounded-full bg-slate-200" aria-hidden>
                      <div className="h-full rounded-full bg-sky-400" style={{ width: `${Math.round(Math.min(1, progress.ratio) * 100)}%` }} />
                    </div>
                    <p className="mt-1 text-[11px] text-slate-500" data-testid="achievement-need">
                      {progress.need}
                    </p>
                  </div>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
