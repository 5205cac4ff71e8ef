import { PLANS, TRIAL_DAYS } from '@clima/contract/billing';
import { BookOpen, Check, Crown, FileText, HelpCircle, Trophy } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { formatCents, formatDate } from '../../../lib/format';
import { hasActiveSubscription } from '../../../lib/subscription';
import { buttonStyles } from '../../../shared/ui/button';
import { PageHeader } from '../../../shared/ui/page-header';
import { AccessGuard } from '../../access/components/access-guard';
import { useAuth } from '../../auth/hooks/use-auth';
import { useSubscribe } from '../hooks/use-subscribe';

const m = messages.subscription;
const BENEFIT_ICONS = [BookOpen, FileText, Trophy];

function PlanCard({ plan, highlighted }: { plan: (typeof PLANS)[keyof typeof PLANS]; highlighted: boolean }) {
  const subscribe = useSubscribe();
  return (
    <article
      className={`relative flex flex-col rounded-3xl border bg-white p-6 shadow-sm sm:p-8 ${
        highlighted ? 'border-sky-500 ring-2 ring-sky-500' : 'border-slate-200'
      }`}
    >
      {highlighted && (
        <span className="absolute -top-3 left-6 rounded-full bg-sky-600 px-3 py-1 text-xs font-bold text-white">{m.mostPopular}</span>
      )}
      <h2 className="text-lg font-bold text-slate-900">{plan.name}</h2>
      <p className="mt-3 flex items-baseline gap-1">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900">{formatCents(plan.price_cents)}</span>
        <span className="text-slate-500">{plan.interval === 'year' ? m.perYear : m.perMonth}</span>
      </p>
      {'monthly_equivalent_cents' in plan && (
        <p className="mt-1 text-sm font-medium text-emerald-700">{m.monthlyEquivalent(formatCents(plan.monthly_equivalent_cents))}</p>
      )}
      <p className="mt-4 text-sm text-slate-600">{m.trial(TRIAL_DAYS)}</p>
      <button type="button" onClick={subscribe} className={`${highlighted ? buttonStyles.primary : buttonStyles.secondary} mt-6 w-full py-3`}>
        {m.startTrial}
      </button>
    </article>
  );
}

function Subscription() {
  const { user } = useAuth();
  const active = hasActiveSubscription(user);
  const plan = user?.subscription_plan ? PLANS[user.subscription_plan] : null;

  return (
    <div className="space-y-10">
      <PageHeader title={active ? m.titleActive : m.title} subtitle={m.subtitle} />
      <ul className="grid gap-4 sm:grid-cols-3">
        {m.benefits.map((benefit, i) => {
          const Icon = BENEFIT_ICONS[i] ?? Check;
          return (
            <li key={benefit.title} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <span className="grid size-10 place-items-center rounded-xl bg-sky-50 text-sky-600">
                <Icon className="size-5" aria-hidden />
              </span>
              <h2 className="mt-3 font-semibold text-slate-900">{benefit.title}</h2>
              <p className="mt-1 text-sm text-slate-600">{benefit.text}</p>
            </li>
          );
        })}
      </ul>
      {active ? (
        <section className="rounded-3xl border border-amber-200 bg-amber-50 p-6 sm:p-8">
          <h2 className="flex items-center gap-2 text-lg font-bold text-amber-950">
            <Crown className="size-5" aria-hidden />
            {m.manageTitle}
          </h2>
          <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-amber-800">{m.planLabel}</dt>
              <dd className="font-semibold text-amber-950">{plan?.name ?? '—'}</dd>
            </div>
            <div>
              <dt className="text-amber-800">{m.statusLabel}</dt>
              <dd className="font-semibold text-amber-950">{m.statusActive}</dd>
            </div>
            <div>
              <dt className="text-amber-800">{m.validUntil}</dt>
              <dd className="font-semibold text-amber-950">{formatDate(user?.subscription_expires_at) || '—'}</dd>
            </div>
          </dl>
        </section>
      ) : (
        <div className="mx-auto grid max-w-3xl gap-6 sm:grid-cols-2">
          <PlanCard plan={PLANS.monthly} highlighted={false} />
          <PlanCard plan={PLANS.annual} highlighted />
        </div>
      )}
      <section className="mx-auto max-w-3xl">
        <h2 className="mb-4 flex items-center gap-2 text-xl font-bold text-slate-900">
          <HelpCircle className="size-5 text-sky-600" aria-hidden />
          {m.faqTitle}
        </h2>
        <div className="space-y-3">
          {m.faq.map((item) => (
            <details key={item.q} className="group rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <summary className="cursor-pointer list-none font-semibold text-slate-900 marker:hidden">{item.q}</summary>
              <p className="mt-2 text-sm text-slate-600">{item.a}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}

export default function SubscriptionPage() {
  return (
    <AccessGuard>
      <Subscription />
    </AccessGuard>
  );
}
