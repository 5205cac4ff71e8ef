import { PLANS, TRIAL_DAYS, type PaymentMethod, type PlanId } from '@clima/contract/billing';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { messages } from '../../../i18n/messages';
import { formatCents } from '../../../lib/format';
import { buttonStyles } from '@clima/web-kit/button';
import { Spinner } from '@clima/web-kit/spinner';

const m = messages.subscription;

interface PlanCardProps {
  plan: PlanId;
  /** The first subscription comes with the free trial; later ones start paid. */
  trialEligible: boolean;
  onChoose: (plan: PlanId) => void;
  /** This plan's checkout is being prepared (the browser is about to leave). */
  pending: boolean;
  disabled: boolean;
  /** The dialog's short version: no feature list, smaller type. */
  compact?: boolean;
  /** How the period is paid (the card when absent): Pix and boleto have no trial and their own button. */
  method?: PaymentMethod;
  /** The plan's Pix price set by the administrator, when there is one. */
  pixPriceCents?: number | null;
}

/** One plan (prices from the contract's PLANS, never retyped) and its checkout button. */
export function PlanCard({ plan: id, trialEligible, onChoose, pending, disabled, compact = false, method = 'card', pixPriceCents = null }: PlanCardProps) {
  const plan = PLANS[id];
  const pixPrice = pixPriceCents && pixPriceCents < plan.price_cents ? pixPriceCents : null;
  const priceCents = method === 'pix' && pixPrice ? pixPrice : plan.price_cents;
  const label = method === 'pix' ? m.payment.payWithPix : method === 'boleto' ? m.payment.generateBoleto : trialEligible ? m.startTrial : m.subscribe;
  const headingId = useId();
  const highlighted = id === 'annual';
  const features = id === 'annual' ? m.annualFeatures : m.monthlyFeatures;

  const button = (
    <button
      type="button"
      onClick={() => onChoose(id)}
      disabled={disabled}
      aria-describedby={headingId}
      data-autofocus={compact && highlighted ? true : undefined}
      className={`${highlighted ? buttonStyles.primary : buttonStyles.secondary} w-full ${compact ? 'py-2.5 sm:w-auto sm:shrink-0' : 'py-3'}`}
    >
      {pending && <Spinner size="sm" />}
      {pending ? m.redirecting : label}
    </button>
  );
  const price = (
    <p className="flex flex-wrap items-baseline gap-x-1" data-testid="plan-price">
      <span className={`font-extrabold tracking-tight text-slate-900 ${compact ? 'text-2xl' : 'text-4xl'}`}>{formatCents(priceCents)}</span>
      <span className="text-sm text-slate-500">{plan.interval === 'year' ? m.perYear : m.perMonth}</span>
      {pixPrice && method !== 'pix' && (
        <span className="basis-full text-sm font-semibold text-emerald-800" data-testid="plan-pix-price">
          {m.payment.pixPrice(formatCents(pixPrice))}
        </span>
      )}
    </p>
  );
  const note =
    'monthly_equivalent_cents' in plan ? (
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-bold text-emerald-800">{m.twoMonthsFree}</span>
        <span className="font-medium text-emerald-700">{m.monthlyEquivalent(formatCents(plan.monthly_equivalent_cents))}</span>
      </p>
    ) : (
      <p className="text-sm text-slate-500">{m.monthlyNote}</p>
    );
  const badge = highlighted && (
    <span className={`absolute -top-3 rounded-full bg-sky-600 px-3 py-1 text-xs font-bold text-white ${compact ? 'right-4' : 'left-6'}`}>{m.mostPopular}</span>
  );

  if (compact) {
    return (
      <article
        aria-labelledby={headingId}
        data-plan={id}
        className={`relative flex flex-col gap-3 rounded-2xl border bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between ${
          highlighted ? 'border-sky-500 ring-2 ring-sky-500' : 'border-slate-200'
        }`}
      >
        {badge}
        <div className="min-w-0 space-y-1">
          <h3 id={headingId} className="text-sm font-bold uppercase tracking-wide text-slate-600">
            {plan.name}
          </h3>
          {price}
          {note}
        </div>
        {button}
      </article>
    );
  }

  return (
    <article
      aria-labelledby={headingId}
      data-plan={id}
      className={`relative flex flex-col rounded-3xl border bg-white p-6 shadow-sm sm:p-8 ${
        highlighted ? 'border-sky-500 ring-2 ring-sky-500' : 'border-slate-200'
      }`}
    >
      {badge}
      <h3 id={headingId} className="text-lg font-bold text-slate-900">
        {plan.name}
      </h3>
      <div className="mt-2">{price}</div>
      <div className="mt-1.5">{note}</div>
      <ul className="mt-5 space-y-2 text-sm text-slate-700">
        {features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-6 flex-1 content-end">
        {button}
        {trialEligible && method === 'card' && (
          <p className="mt-3 text-center text-xs text-slate-500">
            {m.trial(TRIAL_DAYS)} {m.trialCard}
          </p>
        )}
      </div>
    </article>
  );
}
