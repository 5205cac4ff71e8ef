import type { AdminStats } from '@clima/contract/admin-stats';
import { ArrowRight, UserRound } from 'lucide-react';
import { Link } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { formatDate } from '../../../lib/format';

const m = messages.dashboard;

type RecentUser = AdminStats['recentUsers'][number];

/** Spec 2.14: name (or e-mail when there is no name), creation date, badge Ativo/Inativo. */
const displayName = (u: RecentUser) => u.name?.trim() || u.email;

export function RecentUsers({ users }: { users: RecentUser[] }) {
  return (
    <section aria-labelledby="recent-users" data-testid="recent-users" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 lg:row-span-2">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="recent-users" className="font-semibold text-slate-900">
          {m.recentUsers.title}
        </h2>
        <Link to="/admin/users" className="inline-flex items-center gap-1 text-sm font-medium text-sky-700 hover:text-sky-900 hover:underline">
          {m.recentUsers.viewAll}
          <ArrowRight className="size-3.5" aria-hidden />
        </Link>
      </div>
      {users.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">{m.recentUsers.empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {users.map((u) => {
            const active = u.subscription_status === 'active';
            return (
              <li key={u.id} data-testid="recent-user" className="flex items-center gap-3 py-2.5">
                <span className="grid size-9 shrink-0 place-items-center rounded-full bg-sky-100 text-sky-700" aria-hidden>
                  <UserRound className="size-4" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="wrap-anywhere text-sm font-semibold text-slate-900">{displayName(u)}</p>
                  <p className="text-xs text-slate-500">{formatDate(u.created_at)}</p>
                </div>
                <span
                  className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${
                    active ? 'bg-emerald-50 text-emerald-700 ring-emerald-200' : 'bg-slate-100 text-slate-600 ring-slate-200'
                  }`}
                >
                  <span className="size-1.5 rounded-full bg-current" aria-hidden />
                  {active ? m.status.active : m.status.inactive}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
