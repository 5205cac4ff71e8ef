import type { AdminStats } from '@clima/contract/admin-stats';
import { CreditCard, DollarSign, PlayCircle, Users, type LucideIcon } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { formatBRL } from '../../../lib/format';
import { formatInt, formatPercent, isMissing, type StatsPart } from './dashboard-format';
import { PartNotice } from './part-notice';

const m = messages.dashboard.summary;

interface Card {
  id: string;
  label: string;
  value: string;
  hint: string;
  icon: LucideIcon;
  tone: string;
  part?: StatsPart;
}

/** The four summary cards of spec 2.14: users, active subscribers, contents, monthly revenue (BRL). */
export function SummaryCards({ stats }: { stats: AdminStats }) {
  const share = stats.totalUsers ? stats.activeSubscriptions / stats.totalUsers : 0;
  const cards: Card[] = [
    { id: 'total-users', label: m.totalUsers, value: formatInt(stats.totalUsers), hint: m.totalUsersHint, icon: Users, tone: 'bg-sky-50 text-sky-700' },
    {
      id: 'active-subscriptions',
      label: m.activeSubscriptions,
      value: formatInt(stats.activeSubscriptions),
      hint: m.activeSubscriptionsHint(formatPercent(share)),
      icon: CreditCard,
      tone: 'bg-emerald-50 text-emerald-700',
    },
    {
      id: 'total-contents',
      label: m.totalContents,
      value: formatInt(stats.totalContents),
      hint: m.totalContentsHint(stats.totalViews, formatInt(stats.totalViews)),
      icon: PlayCircle,
      tone: 'bg-indigo-50 text-indigo-600',
      part: 'catalog',
    },
    {
      id: 'monthly-revenue',
      label: m.monthlyRevenue,
      value: formatBRL(stats.monthlyRevenue),
      hint: stats.revenueByMethod
        ? m.revenueByMethod(formatBRL(stats.revenueByMethod.card), formatBRL(stats.revenueByMethod.pix), formatBRL(stats.revenueByMethod.boleto))
        : m.monthlyRevenueHint,
      icon: DollarSign,
      tone: 'bg-amber-50 text-amber-700',
      part: 'billing',
    },
  ];
  return (
    <section aria-label={m.label} className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {cards.map(({ id, label, value, hint, icon: Icon, tone, part }) => {
        const missing = part !== undefined && isMissing(stats, part);
        return (
          <div key={id} data-testid={`summary-${id}`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <div className="flex items-start justify-between gap-2">
              <p className="text-sm font-medium text-slate-500">{label}</p>
              <span className={`grid size-9 shrink-0 place-items-center rounded-xl sm:size-10 ${tone}`}>
                <Icon className="size-5" aria-hidden />
              </span>
            </div>
            {missing ? (
              <div className="mt-3">
                <PartNotice part={part} compact />
              </div>
            ) : (
              <>
                <p className="mt-2 wrap-anywhere text-xl font-bold tracking-tight text-slate-900 sm:text-3xl" data-testid="summary-value">
                  {value}
                </p>
                <p className="mt-1 text-xs text-slate-500 sm:text-sm">{hint}</p>
              </>
            )}
          </div>
        );
      })}
    </section>
  );
}
