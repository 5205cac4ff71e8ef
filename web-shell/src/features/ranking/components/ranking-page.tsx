import { BADGES, POINTS, type BadgeId } from '@clima/contract/ranking';
import { Award, Flame, Medal, Star, Trophy } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { formatNumber } from '../../../lib/format';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageSpinner } from '../../../shared/ui/spinner';
import { AccessGuard } from '../../access/components/access-guard';
import { useOwnStats, useRanking } from '../hooks/use-ranking';

const m = messages.ranking;
const PODIUM = ['bg-amber-100 text-amber-800 ring-amber-300', 'bg-slate-200 text-slate-700 ring-slate-300', 'bg-orange-100 text-orange-800 ring-orange-300'];

const badgeName = (id: string) => (id in BADGES ? BADGES[id as BadgeId].name : id);

function hours(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const min = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${h}h ${min}min` : `${min}min`;
}

function Ranking() {
  const ranking = useRanking();
  const stats = useOwnStats();
  const entries = ranking.data ?? [];
  const own = stats.data;

  return (
    <div className="space-y-6">
      <PageHeader title={m.title(messages.app.name)} subtitle={m.subtitle} />
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <section className="rounded-2xl border border-slate-200 bg-white shadow-sm" aria-labelledby="leaderboard">
          <h2 id="leaderboard" className="flex items-center gap-2 border-b border-slate-100 px-5 py-4 font-semibold text-slate-900">
            <Trophy className="size-5 text-amber-500" aria-hidden />
            {m.leaderboard}
          </h2>
          {ranking.isPending ? (
            <PageSpinner label={messages.common.loading} />
          ) : entries.length === 0 ? (
            <div className="p-5">
              <EmptyState icon={Trophy} title={m.empty} />
            </div>
          ) : (
            <ol className="divide-y divide-slate-100">
              {entries.map((entry, index) => (
                <li key={entry.user_id} className="flex items-center gap-3 px-5 py-3.5">
                  <span
                    className={`grid size-9 shrink-0 place-items-center rounded-full text-sm font-bold ring-1 ${PODIUM[index] ?? 'bg-slate-50 text-slate-500 ring-slate-200'}`}
                  >
                    {index < 3 ? <Medal className="size-4" aria-label={`${index + 1}º`} /> : index + 1}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-semibold text-slate-900">{entry.name || entry.email.split('@')[0]}</p>
                    <ul className="mt-1 flex flex-wrap gap-1">
                      {(entry.badges ?? []).slice(0, 3).map((b) => (
                        <li key={b} className="rounded-full bg-sky-50 px-2 py-0.5 text-[11px] font-medium text-sky-700">
                          {badgeName(b)}
                        </li>
                      ))}
                      {(entry.badges ?? []).length > 3 && (
                        <li className="rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-semibold text-slate-600">+{entry.badges.length - 3}</li>
                      )}
                    </ul>
                  </div>
                  <span className="shrink-0 text-sm font-bold text-sky-700">{m.points(entry.points)}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <div className="space-y-6">
          <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="flex items-center gap-2 font-semibold text-slate-900">
              <Star className="size-5 text-sky-600" aria-hidden />
              {m.stats}
            </h2>
            <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
              {[
                [m.position, own?.position ? `${own.position}º` : '—'],
                [m.pointsLabel, formatNumber(own?.points ?? 0)],
                [m.logins, formatNumber(own?.total_logins ?? 0)],
                [m.timeOnline, hours(own?.total_session_time_seconds ?? 0)],
                [m.streak, m.days(own?.current_streak_days ?? 0)],
                [m.longest, m.days(own?.longest_streak_days ?? 0)],
              ].map(([label, value]) => (
                <div key={label} className="rounded-xl bg-slate-50 p-3">
                  <dt className="text-xs text-slate-500">{label}</dt>
                  <dd className="mt-0.5 font-bold text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="flex items-center gap-2 font-semibold text-slate-900">
              <Award className="size-5 text-amber-500" aria-hidden />
              {m.achievements}
            </h2>
            {own && Array.isArray(own.badges) && own.badges.length > 0 ? (
              <ul className="mt-3 flex flex-wrap gap-2">
                {own.badges.map((b) => (
                  <li key={b} className="rounded-full bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
                    {badgeName(b)}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-3 text-sm text-slate-500">{m.noBadges}</p>
            )}
          </section>
          <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 className="flex items-center gap-2 font-semibold text-slate-900">
              <Flame className="size-5 text-orange-500" aria-hidden />
              {m.howPoints}
            </h2>
            <ul className="mt-3 space-y-2 text-sm">
              {(Object.keys(m.rules) as (keyof typeof POINTS)[]).map((rule) => (
                <li key={rule} className="flex items-center gap-3">
                  <span className="w-14 shrink-0 rounded-lg bg-sky-50 py-1 text-center font-bold text-sky-700">+{POINTS[rule]}</span>
                  <span className="text-slate-700">{m.rules[rule]}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </div>
  );
}

export default function RankingPage() {
  return (
    <AccessGuard>
      <Ranking />
    </AccessGuard>
  );
}
