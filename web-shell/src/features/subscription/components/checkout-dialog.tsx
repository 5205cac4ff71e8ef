import { TRIAL_DAYS, type PlanId } from '@clima/contract/billing';
import { CalendarClock, Lock, Sparkles, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles } from '@clima/web-kit/button';
import { Modal } from '@clima/web-kit/modal';
import { Spinner } from '@clima/web-kit/spinner';
import { loadCheckoutAssets } from '../api/checkout-assets';
import { useBillingSubscription, useCheckout, usePlans } from '../hooks/use-billing';
import { PlanCard } from './plan-card';

const m = messages.subscription;
const d = m.dialog;
const STEP_ICONS = [Sparkles, CalendarClock, XCircle];

/** The free-trial timeline: today, the first charge, cancel anytime. */
function TrialSteps() {
  return (
    <ol className="mb-6 grid grid-cols-3 gap-2 rounded-2xl bg-sky-50 p-3 text-center">
      {d.steps(TRIAL_DAYS).map((step, i) => {
        const Icon = STEP_ICONS[i] ?? Sparkles;
        return (
          <li key={step.title} className="flex flex-col items-center gap-1 px-1">
            <Icon className="size-5 text-sky-600" aria-hidden />
            <span className="text-xs font-bold text-slate-900">{step.title}</span>
            <span className="text-[11px] leading-tight text-slate-600 sm:text-xs">{step.text}</span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The trial/checkout dialog (spec 2.4): the free-trial offer and the two plans. Opening it loads the
 * payment provider's checkout script and stylesheet as the billing service configures them; a plan
 * button asks billing for the checkout and sends the browser there.
 */
export default function CheckoutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const plans = usePlans();
  const billing = useBillingSubscription(open);
  const checkout = useCheckout();
  const client = plans.data?.checkout;
  const resetCheckout = checkout.reset;

  useEffect(() => {
    if (!open || !client) return;
    loadCheckoutAssets(client).catch((err: unknown) => console.warn(err instanceof Error ? err.message : err));
  }, [open, client]);

  useEffect(() => {
    if (open) resetCheckout();
  }, [open, resetCheckout]);

  // Until the answer arrives the offer is the trial (the server decides in the end).
  const trialEligible = billing.data?.trial_eligible ?? true;
  const leaving = checkout.isPending || checkout.isSuccess;
  const choose = (plan: PlanId) => checkout.mutate({ plan });

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={trialEligible ? d.title(TRIAL_DAYS) : d.titleNoTrial}
      description={trialEligible ? d.description(TRIAL_DAYS) : d.descriptionNoTrial}
      closeLabel={messages.common.close}
      size="lg"
    >
      {billing.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner size="lg" label={messages.common.loading} />
        </div>
      ) : (
        <>
          {trialEligible && <TrialSteps />}
          <div className="grid gap-5 pt-2">
            {(['monthly', 'annual'] as const).map((plan) => (
              <PlanCard
                key={plan}
                plan={plan}
                compact
                trialEligible={trialEligible}
                onChoose={choose}
                pending={leaving && checkout.variables?.plan === plan}
                disabled={leaving}
              />
            ))}
          </div>
          {checkout.error && (
            <div className="mt-4">
              <Alert tone="error">{checkout.error.message}</Alert>
            </div>
          )}
          <p className="mt-5 flex items-start gap-2 text-xs text-slate-500">
            <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden />
            {m.secureCheckout}
          </p>
        </>
      )}
      <div className="mt-5 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <button type="button" onClick={onClose} className={buttonStyles.ghost}>
          {d.notNow}
        </button>
        <Link to="/subscription" onClick={onClose} className={`${buttonStyles.ghost} text-sky-700`}>
          {d.seeDetails}
        </Link>
      </div>
    </Modal>
  );
}
