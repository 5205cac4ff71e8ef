import { ArrowRight, FolderTree, PlayCircle, ShieldCheck, Users } from 'lucide-react';
import { Link } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { PageHeader } from '../../../shared/ui/page-header';

const m = messages.dashboard;

const SHORTCUTS = [
  { to: '/admin/users', icon: Users, tone: 'from-sky-500 to-cyan-400', ...m.cards.users },
  { to: '/admin/contents', icon: PlayCircle, tone: 'from-indigo-500 to-sky-400', ...m.cards.contents },
  { to: '/admin/categories', icon: FolderTree, tone: 'from-emerald-500 to-teal-400', ...m.cards.categories },
  { to: '/admin/administrators', icon: ShieldCheck, tone: 'from-slate-700 to-slate-500', ...m.cards.administrators },
] as const;

/** Dashboard frame: summary cards and charts arrive with the stats issue. */
export function DashboardPage() {
  return (
    <>
      <PageHeader title={m.title} subtitle={m.subtitle} />
      <section aria-labelledby="shortcuts">
        <h2 id="shortcuts" className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-500">
          {m.shortcuts}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {SHORTCUTS.map(({ to, icon: Icon, tone, title, text }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
              >
                <span className={`grid size-11 place-items-center rounded-xl bg-gradient-to-br text-white ${tone}`}>
                  <Icon className="size-5" aria-hidden />
                </span>
                <span className="mt-4 flex items-center justify-between font-semibold text-slate-900">
                  {title}
                  <ArrowRight className="size-4 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-sky-600" aria-hidden />
                </span>
                <span className="mt-1 text-sm text-slate-500">{text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
