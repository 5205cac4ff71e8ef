import { RANKING_PERIODS, type RankingEntry, type RankingPeriod } from '@clima/contract/ranking';
import { Trophy } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { formatDuration, formatNumber } from '../../../lib/format';
import { EmptyState } from '@clima/web-kit/empty-state';
import { Spinner } from '@clima/web-kit/spinner';
import { BadgeChip, isBadgeId } from './badge-chip';

const m = messages.ranking;
const MAX_BADGES = 3;

/** Gold, silver and bronze for ranks 1 to 3 (spec 2.11). */
const PODIUM = [
  { tier: 'gold', row: 'bg-gradient-to-r from-amber-50 to-white', medal: 'bg-gradient-to-br from-amber-300 to-yellow-500 text-amber-950 ring-amber-400' },
  { tier: 'silver', row: 'bg-gradient-to-r from-slate-100 to-white', medal: 'bg-gradient-to-br from-slate-200 to-slate-400 text-slate-800 ring-slate-400' },
  { tier: 'bronze', row: 'bg-gradient-to-r from-orange-50 to-white', medal: 'bg-gradient-to-br from-orange-300 to-amber-700 text-white ring-orange-500' },
] as const;

/** The server sends a display name (others' e-mails never reach the browser); the own e-mail is a last resort. */
const entryName = (e: RankingEntry) => e.name?.trim() || e.email?.split('@')[0] || m.technician;

function RankMedal({ rank }: { rank: number }) {
  const podium = PODIUM[rank - 1];
  const label = podium ? `${m.place(rank)}, ${m.podium[rank - 1]}` : m.place(rank);
  return (
    <span
      className={`grid size-10 shrink-0 place-items-center rounded-full text-sm font-extrabold ring-2 [grid-area:rank] ${podium ? `${podium.medal} shadow-sm` : 'bg-white text-slate-500 ring-slate-200'}`}
      aria-label={label}
      role="img"
      data-testid="ranking-rank"
    >
      {rank}
    </span>
  );
}

function BadgeList({ badges }: { badges: string[] }) {
  const known = badges.filter(isBadgeId);
  if (known.length === 0) return null;
  const extra = known.length - MAX_BADGES;
  return (
    <ul className="flex flex-wrap items-center gap-1" aria-label={m.badges}>
      {known.slice(0, MAX_BADGES).map((id) => (
        <li key={id} className="flex">
          <BadgeChip id={id} />
        </li>
      ))}
      {extra > 0 && (
        <li className="flex">
          <span
            className="inline-flex items-center rounded-full bg-slate-100 px-1.5 py-0.5 text-[11px] font-bold text-slate-600 ring-1 ring-slate-200"
            title={m.moreBadges(extra)}
            data-testid="badge-more"
          >
            +{extra}
            <span className="sr-only"> {m.moreBadges(extra)}</span>
          </span>
        </li>
      )}
    </ul>
  );
}

/** A labelled figure: the label shows on phones (cards) and is read by screen readers on wider screens. */
function Figure({ label, value, area, testId }: { label: string; value: string; area: string; testId: string }) {
  return (
    <div className={`min-w-0 rounded-lg bg-slate-50 px-1 py-1.5 text-center md:bg-transparent md:p-0 md:text-right ${area}`}>
      <dt className="text-[11px] text-slate-500 md:sr-only">{label}</dt>
      <dd className="text-sm font-semibold whitespace-nowrap text-slate-700" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * One grid for both layouts. Phone (card): rank, name and points, then the badges, then three figures.
 * Wider screens (table row): rank, name over badges, points, logins, time online, streak.
 */
const COLUMNS = 'md:grid md:grid-cols-[3rem_minmax(0,1fr)_6rem_4rem_8rem_5rem] md:gap-x-3';
const ROW = `grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 [grid-template-areas:'rank_name_points'_'badges_badges_badges'_'figs_figs_figs'] ${COLUMNS} md:gap-y-1 md:[grid-template-areas:'rank_name_points_logins_time_streak'_'rank_badges_points_logins_time_streak']`;

/** 'Semana' | 'Geral': which board is shown. */
function PeriodTabs({ period, onChange }: { period: RankingPeriod; onChange: (p: RankingPeriod) => void }) {
  return (
    <div role="tablist" aria-label={m.periodsLabel} className="inline-flex rounded-xl bg-slate-100 p-1" data-testid="ranking-periods">
      {RANKING_PERIODS.map((p) => (
        <button
          key={p}
          type="button"
          role="tab"
          id={`ranking-tab-${p}`}
          aria-selected={p === period}
          aria-controls="ranking-board"
          onClick={() => onChange(p)}
          className={`rounded-lg px-4 py-1.5 text-sm font-semibold transition-colors ${
            p === period ? 'bg-white text-sky-700 shadow-sm' : 'text-slate-600 hover:text-slate-900'
          }`}
        >
          {m.periods[p]}
        </button>
      ))}
    </div>
  );
}

/**
 * The board of the week (the weekly league) or of all time, in the order returned: a table-like grid on wider
 * screens, compact cards on phones.
 */
export function Leaderboard({
  entries,
  isPending,
  currentUserId,
  period,
  onPeriodChange,
}: {
  entries: RankingEntry[];
  isPending: boolean;
  currentUserId?: string;
  period: RankingPeriod;
  onPeriodChange: (p: RankingPeriod) => void;
}) {
  return (
    <section className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" aria-labelledby="ranking-leaderboard">
      <header className="border-b border-slate-100 px-4 py-4 sm:px-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="ranking-leaderboard" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Trophy className="size-5 text-amber-500" aria-hidden />
            {m.leaderboard}
          </h2>
          <PeriodTabs period={period} onChange={onPeriodChange} />
        </div>
        <p className="mt-2 text-xs text-slate-500" data-testid="ranking-period-hint">
          {period === 'week' ? m.weekHint : m.allHint}
          {entries.length > 0 && <span className="hidden sm:inline"> {m.leaderboardHint(entries.length)}.</span>}
        </p>
      </header>
      <div id="ranking-board" role="tabpanel" aria-labelledby={`ranking-tab-${period}`}>
        {isPending ? (
          <div className="flex justify-center py-16">
            <Spinner size="lg" label={m.loading} />
          </div>
        ) : entries.length === 0 ? (
          <div className="p-4 sm:p-5">
            <EmptyState icon={Trophy} title={period === 'week' ? m.emptyWeek : m.empty} description={period === 'week' ? m.emptyWeekHint : m.emptyHint} />
          </div>
        ) : (
          <>
            <div className={`hidden border-b border-slate-100 bg-slate-50 px-5 py-2 text-[11px] font-semibold uppercase tracking-wide text-slate-500 ${COLUMNS}`} aria-hidden>
              <span>{m.positionShort}</span>
              <span>{m.technician}</span>
              <span className="text-right">{m.pointsLabel}</span>
              <span className="text-right">{m.logins}</span>
              <span className="text-right whitespace-nowrap">{m.timeOnline}</span>
              <span className="text-right">{m.streakShort}</span>
            </div>
            <ol className="space-y-2 p-2 sm:p-3 md:space-y-0 md:divide-y md:divide-slate-100 md:p-0" aria-labelledby="ranking-leaderboard" data-testid="leaderboard">
              {entries.map((entry, index) => {
                const rank = index + 1;
                const podium = PODIUM[index];
                const mine = entry.user_id === currentUserId;
                return (
                  <li
                    key={entry.user_id}
                    data-testid="ranking-row"
                    data-rank={rank}
                    data-tier={podium?.tier ?? 'none'}
                    data-current={mine ? 'true' : undefined}
                    aria-current={mine ? 'true' : undefined}
                    className={`rounded-xl border px-2.5 py-3 md:rounded-none md:border-0 md:px-5 ${ROW} ${podium ? podium.row : 'bg-white'} ${
                      mine ? 'border-sky-300 ring-2 ring-sky-400 ring-inset md:bg-sky-50/70' : 'border-slate-200'
                    }`}
                  >
                    <RankMedal rank={rank} />
                    <p className="flex min-w-0 items-center gap-2 [grid-area:name] md:self-end">
                      <span className="font-semibold leading-snug wrap-anywhere text-slate-900" data-testid="ranking-name">
                        {entryName(entry)}
                      </span>
                      {mine && <span className="shrink-0 rounded-full bg-sky-600 px-2 py-0.5 text-[10px] font-bold uppercase text-white">{m.you}</span>}
                    </p>
                    <div className="[grid-area:badges] md:self-start">
                      <BadgeList badges={entry.badges} />
                    </div>
                    <p className="text-right font-extrabold text-sky-700 [grid-area:points] md:text-base" data-testid="ranking-points">
                      {m.points(formatNumber(entry.points))}
                    </p>
                    <dl className="grid grid-cols-3 gap-2 [grid-area:figs] md:contents">
                      <Figure label={m.logins} value={formatNumber(entry.total_logins)} area="md:[grid-area:logins]" testId="ranking-logins" />
                      <Figure label={m.timeOnline} value={formatDuration(entry.total_session_time_seconds)} area="md:[grid-area:time]" testId="ranking-time" />
                      <Figure label={m.streakShort} value={m.days(entry.current_streak_days)} area="md:[grid-area:streak]" testId="ranking-streak" />
                    </dl>
                  </li>
                );
              })}
            </ol>
          </>
        )}
      </div>
    </section>
  );
}
