import type { AdminStats } from '@clima/contract/admin-stats';
import { messages } from '../../../i18n/messages';
import { formatInt, formatPercent } from './dashboard-format';

const m = messages.dashboard.subscriptions;

/** Spec 2.14: the count of monthly and annual plans among the active subscriptions. */
export function SubscriptionDistribution({ stats }: { stats: AdminStats['subscriptionStats'] }) {
  const total = stats.monthly + stats.annual;
  const rows = [
    { id: 'monthly', label: m.monthly, value: stats.monthly, bar: 'bg-sky-500' },
    { id: 'annual', label: m.annual, value: stats.annual, bar: 'bg-emerald-500' },
  ];
  return (
    <section aria-labelledby="subscription-distribution" data-testid="subscription-distribution" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="subscription-distribution" className="font-semibold text-slate-900">
        {m.title}
      </h2>
      <p className="text-sm text-slate-600">
        {m.total}: <span className="font-semibold text-slate-700">{formatInt(total)}</span>
      </p>
      <ul className="mt-4 space-y-4" aria-labelledby="subscription-distribution">
        {rows.map((r) => (
          <li key={r.id} data-testid={`plan-${r.id}`}>
            <div className="flex items-baseline justify-between text-sm">
              <span className="font-medium text-slate-700">{r.label}</span>
              <span className="text-slate-900">
                <span className="text-lg font-bold" data-testid="plan-count">
                  {formatInt(r.value)}
                </span>
                <span className="ml-1.5 text-xs text-slate-600">{formatPercent(total ? r.value / total : 0)}</span>
              </span>
            </div>
            <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden>
              <div className={`h-full rounded-full ${r.bar}`} style={{ width: `${total ? (r.value / total) * 100 : 0}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
