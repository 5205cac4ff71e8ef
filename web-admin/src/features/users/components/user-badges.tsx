import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@clima/contract/common';
import { messages } from '../../../i18n/messages';

const m = messages.users;

/** Badge colours of spec 4: active green, canceled yellow, expired red, other grey; unknown shows 'Inativo'. */
const STATUS_STYLES: Record<SubscriptionStatus, string> = {
  active: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  canceled: 'bg-yellow-50 text-yellow-800 ring-yellow-200',
  expired: 'bg-red-50 text-red-700 ring-red-200',
  inactive: 'bg-slate-100 text-slate-600 ring-slate-200',
};

export function normalizeStatus(status: string): SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status) ? (status as SubscriptionStatus) : 'inactive';
}

export function StatusBadge({ status }: { status: string }) {
  const key = normalizeStatus(status);
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLES[key]}`}>
      <span className="size-1.5 rounded-full bg-current" aria-hidden />
      {m.status[key]}
    </span>
  );
}

export function planLabel(plan: string | null): string {
  return plan === 'monthly' ? m.plan.monthly : plan === 'annual' ? m.plan.annual : m.plan.none;
}
