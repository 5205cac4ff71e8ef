import type { AdminStats } from '@clima/contract/admin-stats';
import { ArrowRight, FolderTree, PlayCircle, ShieldCheck, Users } from 'lucide-react';
import { Link } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { formatInt, isMissing } from './dashboard-format';
import { PartNotice } from './part-notice';

const m = messages.dashboard;

/** The four navigation cards of spec 2.14, each with its count. */
export function NavCards({ stats }: { stats: AdminStats }) {
  const catalogMissing = isMissing(stats, 'catalog');
  const cards = [
    { to: '/admin/users', icon: Users, tone: 'from-sky-500 to-cyan-400', ...m.cards.users, count: m.navCounts.users(stats.totalUsers, formatInt(stats.totalUsers)), missing: false },
    { to: '/admin/contents', icon: PlayCircle, tone: 'from-indigo-500 to-sky-400', ...m.cards.contents, count: m.navCounts.contents(stats.totalContents, formatInt(stats.totalContents)), missing: catalogMissing },
    {
      to: '/admin/categories',
      icon: FolderTree,
      tone: 'from-emerald-500 to-teal-400',
      ...m.cards.categories,
      count: m.navCounts.categories(stats.totalCategories, formatInt(stats.totalCategories)),
      missing: catalogMissing,
    },
    { to: '/admin/administrators', icon: ShieldCheck, tone: 'from-slate-700 to-slate-500', ...m.cards.administrators, count: m.navCounts.administrators, missing: false },
  ] as const;
  return (
    <section aria-labelledby="shortcuts">
      <h2 id="shortcuts" className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">
        {m.shortcuts}
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-4">
        {cards.map(({ to, icon: Icon, tone, title, text, count, missing }) => (
          <li key={to}>
            <Link
              to={to}
              data-testid={`nav-card-${to.split('/').pop()}`}
              className="group flex h-full items-start gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md sm:flex-col sm:gap-0 sm:p-5"
            >
              <span className={`grid size-11 shrink-0 place-items-center rounded-xl bg-gradient-to-br text-white ${tone}`}>
                <Icon className="size-5" aria-hidden />
              </span>
              <span className="min-w-0 flex-1 sm:mt-4 sm:w-full">
                <span className="flex items-center justify-between font-semibold text-slate-900">
                  {title}
                  <ArrowRight className="size-4 text-slate-600 transition group-hover:translate-x-0.5 group-hover:text-sky-700" aria-hidden />
                </span>
                <span className="mt-0.5 block text-sm text-slate-500">{text}</span>
                <span className="mt-2 block text-sm font-semibold text-sky-700" data-testid="nav-count">
                  {missing ? <PartNotice part="catalog" compact /> : count}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
