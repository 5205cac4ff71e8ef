import { CheckCircle2, Clock, Info } from 'lucide-react';
import { messages } from '../../../i18n/messages';
import { Spinner } from '@clima/web-kit/spinner';
import type { CheckoutReturn } from '../hooks/use-checkout-return';

const m = messages.subscription;

/** What happened after the provider's checkout (?status=success / canceled). */
export function CheckoutNotice({ state }: { state: CheckoutReturn }) {
  if (state === 'none') return null;
  if (state === 'confirmed') {
    return (
      <div role="status" className="flex items-start gap-3 rounded-2xl bg-emerald-50 px-5 py-4 text-emerald-900 ring-1 ring-emerald-200" data-testid="checkout-notice">
        <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-emerald-600" aria-hidden />
        <div>
          <p className="font-bold">{m.successTitle}</p>
          <p className="text-sm">{m.successText}</p>
        </div>
      </div>
    );
  }
  const [Icon, text] =
    state === 'confirming' ? [null, m.confirming] : state === 'slow' ? [Clock, m.confirmSlow] : [Info, m.checkoutCanceled];
  return (
    <div role="status" className="flex items-center gap-3 rounded-2xl bg-sky-50 px-5 py-4 text-sky-900 ring-1 ring-sky-200" data-testid="checkout-notice">
      {Icon ? <Icon className="size-5 shrink-0 text-sky-600" aria-hidden /> : <Spinner size="sm" />}
      <p className="text-sm font-medium">{text}</p>
    </div>
  );
}
