import type { OwnStats } from '@clima/contract/ranking';
import { BookOpen, CalendarCheck, CalendarRange, Clock, Flame, Star, TrendingUp, type LucideIcon } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { formatDuration, formatNumber } from '../../../lib/format';
import { Spinner } from '@clima/web-kit/spinner';

const m = messages.ranking;

export const EMPTY_STATS: OwnStats = {
  position: null,
  points: 0,
  total_logins: 0,
  total_session_time_seconds: 0,
  current_streak_days: 0,
  longest_streak_days: 0,
  badges: [],
  week: { position: null, points: 0 },
  today: { online_points: 0, online_cap: 0 },
};

function Stat({ icon: Icon, label, value, testId, tone }: { icon: LucideIcon; label: string; value: string; testId: string; tone: string }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <dt className="flex items-center gap-1.5 text-xs text-slate-500">
        <span className={`grid size-6 shrink-0 place-items-center rounded-md ${tone}`}>
          <Icon className="size-3.5" aria-hidden />
        </span>
        {label}
      </dt>
      <dd className="mt-1.5 text-lg font-bold text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Today's study points against the daily cap, as a bar. */
function StudyToday({ points, cap }: { points: number; cap: number }) {
  const ratio = cap > 0 ? Math.min(1, points / cap) : 0;
  return (
    <div className="mt-3 rounded-xl bg-slate-50 p-3" title={m.studyTodayHint}>
      <div className="flex items-center justify-between gap-2 text-xs text-slate-500">
        <span className="flex items-center gap-1.5">
          <span className="grid size-6 shrink-0 place-items-center rounded-md bg-sky-100 text-sky-700">
            <BookOpen className="size-3.5" aria-hidden />
          </span>
          {m.studyToday}
        </span>
        <span className="font-semibold text-slate-700" data-testid="own-study-today">
          {m.studyTodayValue(points, cap)}
        </span>
      </div>
      <div
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label={m.studyToday}
        aria-valuemin={0}
        aria-valuemax={cap}
        aria-valuenow={points}
      >
        <div className="h-full rounded-full bg-sky-500" style={{ width: `${Math.round(ratio * 100)}%` }} />
      </div>
    </div>
  );
}

/** 'Suas Estatísticas': position and points (all time and this week), today's study, logins, time, streaks. */
export function OwnStatsCard({ stats, isPending }: { stats: OwnStats | null | undefined; isPending: boolean }) {
  const s = stats ?? EMPTY_STATS;
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" aria-labelledby="ranking-stats" data-testid="own-stats">
      <h2 id="ranking-stats" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Star className="size-5 text-sky-600" aria-hidden />
        {m.stats}
      </h2>
      {isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={messages.common.loading} />
        </div>
      ) : (
        <>
          <div className="mt-4 flex items-center gap-4 rounded-2xl bg-gradient-to-br from-sky-600 to-cyan-500 p-4 text-white">
            <div className="grid size-14 shrink-0 place-items-center rounded-2xl bg-white/15 text-xl font-extrabold" data-testid="own-position">
              {s.position ? m.positionValue(s.position) : '—'}
            </div>
            <div className="min-w-0">
              <p className="text-xs font-medium uppercase tracking-wide text-sky-100">
                {m.position} · {m.pointsLabel}
              </p>
              <p className="text-2xl font-extrabold leading-tight" data-testid="own-points">
                {m.points(formatNumber(s.points))}
              </p>
              {!s.position && <p className="text-xs text-sky-100">{m.notRankedHint}</p>}
            </div>
          </div>
          <p className="mt-2 flex items-center justify-between gap-2 rounded-xl bg-amber-50 px-3 py-2 text-amber-900">
            <span className="flex items-center gap-1.5 text-xs font-medium whitespace-nowrap">
              <CalendarRange className="size-4 shrink-0" aria-hidden />
              {m.thisWeek}
            </span>
            <span className="text-sm font-bold whitespace-nowrap" data-testid="own-week">
              {m.weekStanding(s.week.position, formatNumber(s.week.points))}
            </span>
          </p>
          {s.today.online_cap > 0 && <StudyToday points={s.today.online_points} cap={s.today.online_cap} />}
          <dl className="mt-3 grid grid-cols-2 gap-2">
            <Stat icon={CalendarCheck} label={m.logins} value={formatNumber(s.total_logins)} testId="own-logins" tone="bg-emerald-100 text-emerald-700" />
            <Stat icon={Clock} label={m.timeOnline} value={formatDuration(s.total_session_time_seconds)} testId="own-time" tone="bg-violet-100 text-violet-700" />
            <Stat icon={Flame} label={m.streak} value={m.days(s.current_streak_days)} testId="own-streak" tone="bg-orange-100 text-orange-700" />
            <Stat icon={TrendingUp} label={m.longest} value={m.days(s.longest_streak_days)} testId="own-longest" tone="bg-amber-100 text-amber-700" />
          </dl>
        </>
      )}
    </section>
  );
}
