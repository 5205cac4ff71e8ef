import { TRIAL_DAYS, type PaymentMethod, type PlanId } from '@clima/contract/billing';
import { isValidCpf } from '@clima/contract/cpf';
import { useState } from 'react';
import { BookOpen, Check, FileText, Gift, HelpCircle, Trophy } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { formatDate } from '../../../lib/format';
import { hasActiveSubscription } from '../../../lib/subscription';
import { Alert } from '@clima/web-kit/alert';
import { PageHeader } from '../../../shared/ui/page-header';
import { AccessGuard } from '../../access/components/access-guard';
import { useAuth } from '../../auth/hooks/use-auth';
import { useSignInDialog } from '../../auth/hooks/use-sign-in-dialog';
import { useBillingSubscription, useCheckout, usePlans } from '../hooks/use-billing';
import { useCheckoutReturn } from '../hooks/use-checkout-return';
import { CheckoutNotice } from './checkout-notice';
import { ManageBox } from './manage-box';
import { PaymentMethodPicker } from './payment-method-picker';
import { PendingChargeBox } from './pending-charge-box';
import { PlanCard } from './plan-card';
import { ReceiptsList } from './receipts-list';

const m = messages.subscription;
const BENEFIT_ICONS = [BookOpen, FileText, Trophy];

function Benefits() {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:gap-4" aria-label={m.benefitsLabel}>
      {m.benefits.map((benefit, i) => {
        const Icon = BENEFIT_ICONS[i] ?? Check;
        return (
          <li key={benefit.title} className="flex items-start gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:block sm:p-5">
            <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-sky-50 text-sky-600">
              <Icon className="size-5" aria-hidden />
            </span>
            <div>
              <h2 className="font-semibold text-slate-900 sm:mt-3">{benefit.title}</h2>
              <p className="mt-1 text-sm text-slate-600">{benefit.text}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function Plans({ trialEligible, onChoose }: { trialEligible: boolean; onChoose?: (plan: PlanId) => void }) {
  const checkout = useCheckout();
  const plans = usePlans();
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [cpf, setCpf] = useState('');
  const [cpfError, setCpfError] = useState<string | null>(null);
  // the card leaves for the provider's page; Pix and boleto stay here and show the charge
  const leaving = checkout.isPending || (checkout.isSuccess && checkout.variables?.method === 'card');
  const pixPrice = (plan: PlanId) => plans.data?.plans.find((p) => p.id === plan)?.pix_price_cents ?? null;
  const choose = (plan: PlanId) => {
    // a visitor's choice opens the sign-up instead (the preview beneath 'Acesso Restrito')
    if (onChoose) return onChoose(plan);
    if (method === 'boleto') {
      const problem = !cpf.trim() ? m.payment.cpfRequired : isValidCpf(cpf) ? null : m.payment.cpfInvalid;
      setCpfError(problem);
      if (problem) return;
    }
    checkout.mutate({ plan, method, cpf });
  };
  return (
    <section aria-label={m.plansLabel} className="mx-auto max-w-3xl space-y-6">
      {trialEligible && method === 'card' && (
        <p className="mx-auto flex w-fit items-start gap-2 rounded-2xl bg-emerald-50 px-4 py-2.5 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200 sm:items-center">
          <Gift className="mt-0.5 size-4 shrink-0 sm:mt-0" aria-hidden />
          <span>
            {m.trial(TRIAL_DAYS)} <span className="font-normal">{m.trialCard}</span>
          </span>
        </p>
      )}
      <PaymentMethodPicker
        method={method}
        onMethod={(next) => {
          setMethod(next);
          checkout.reset();
        }}
        cpf={cpf}
        onCpf={(value) => {
          setCpf(value);
          setCpfError(null);
        }}
        cpfError={cpfError}
        disabled={leaving}
      />
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
        {(['monthly', 'annual'] as const).map((plan) => (
          <PlanCard
            key={plan}
            plan={plan}
            trialEligible={trialEligible}
            onChoose={choose}
            pending={checkout.isPending && checkout.variables?.plan === plan}
            disabled={leaving}
            method={method}
            pixPriceCents={pixPrice(plan)}
          />
        ))}
      </div>
      {checkout.error && <Alert tone="error">{checkout.error.message}</Alert>}
    </section>
  );
}

function Faq() {
  return (
    <section className="mx-auto max-w-3xl" aria-labelledby="faq-title">
      <h2 id="faq-title" className="mb-4 flex items-center gap-2 text-xl font-bold text-slate-900">
        <HelpCircle className="size-5 text-sky-600" aria-hidden />
        {m.faqTitle}
      </h2>
      <div className="space-y-3">
        {m.faq.map((item) => (
          <details key={item.q} className="group rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-slate-900 marker:hidden [&::-webkit-details-marker]:hidden">
              {item.q}
              <span className="text-xl leading-none text-sky-600 transition-transform group-open:rotate-45" aria-hidden>
                +
              </span>
            </summary>
            <p className="mt-2 text-sm text-slate-600">{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

function Subscription() {
  const { user } = useAuth();
  const returned = useCheckoutReturn();
  const billing = useBillingSubscription();
  const active = hasActiveSubscription(user);
  const ended = !active && (billing.data?.status === 'canceled' || billing.data?.status === 'expired');
  const endedAt = billing.data?.current_period_end;
  const pending = billing.data?.pending_charge ?? null;
  // A date still ahead (access ended early, e.g. by the team) is not an "ended on" date.
  const endedText = endedAt && new Date(endedAt).getTime() <= Date.now() ? m.endedNotice(formatDate(endedAt)) : m.endedNoticeNoDate;

  return (
    <div className="space-y-10">
      <PageHeader title={active ? m.titleActive : m.title} subtitle={active ? m.subtitleActive : m.subtitle} />
      <CheckoutNotice state={returned} />
      {ended && returned === 'none' && (
        <p className="rounded-2xl bg-slate-100 px-5 py-4 text-sm text-slate-700" data-testid="ended-notice">
          {endedText}
        </p>
      )}
      {pending && <PendingChargeBox charge={pending} renewal={active} />}
      <Benefits />
      {user && active ? (
        <ManageBox user={user} billing={billing.data} loading={billing.isPending} />
      ) : (
        <Plans trialEligible={billing.data?.trial_eligible ?? true} />
      )}
      <ReceiptsList />
      <Faq />
    </div>
  );
}

/** A visitor's look at the plans beneath 'Acesso Restrito': prices and trial; choosing one opens the sign-up. */
function PlansPreview() {
  const { openSignIn } = useSignInDialog();
  return (
    <div className="space-y-10">
      <Benefits />
      <Plans trialEligible onChoose={() => openSignIn('register')} />
      <Faq />
    </div>
  );
}

export default function SubscriptionPage() {
  return (
    <AccessGuard restrictedText={m.restrictedText} preview={<PlansPreview />}>
      <Subscription />
    </AccessGuard>
  );
}
