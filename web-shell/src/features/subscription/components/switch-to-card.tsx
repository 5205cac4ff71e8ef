import type { PlanId } from '@clima/contract/billing';
import { CreditCard } from 'lucide-react';
import { useId } from 'react';
import { messages } from '../../../i18n/messages';
import { Alert } from '@clima/web-kit/alert';
import { buttonStyles } from '@clima/web-kit/button';
import { Spinner } from '@clima/web-kit/spinner';
import { useCheckout } from '../hooks/use-billing';

const m = messages.subscription;

/** A Pix/boleto subscriber moves to the card: the provider's checkout, first charged when the paid period ends. */
export function SwitchToCard({ plan }: { plan: PlanId }) {
  const checkout = useCheckout();
  const titleId = useId();
  const leaving = checkout.isPending || checkout.isSuccess;
  return (
    <section aria-labelledby={titleId} className="mt-6 border-t border-amber-200 pt-5" data-testid="switch-to-card">
      <h3 id={titleId} className="font-bold text-amber-950">
        {m.payment.switchTitle}
      </h3>
      <p className="mt-1 text-sm text-amber-950">{m.payment.switchText}</p>
      <button type="button" onClick={() => checkout.mutate({ plan, method: 'card' })} disabled={leaving} className={`${buttonStyles.secondary} mt-3 py-3`}>
        {leaving ? <Spinner size="sm" /> : <CreditCard className="size-4" aria-hidden />}
        {leaving ? m.redirecting : m.payment.switchToCard}
      </button>
      {checkout.error && (
        <div className="mt-3">
          <Alert tone="error">{checkout.error.message}</Alert>
        </div>
      )}
    </section>
  );
}
