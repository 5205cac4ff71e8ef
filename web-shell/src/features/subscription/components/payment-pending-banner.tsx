import { AlertTriangle, CreditCard } from 'lucide-react';
import { Link, useLocation } from '@clima/router';
import { messages } from '../../../i18n/messages';
import { formatDate } from '../../../lib/format';
import { hasActiveSubscription } from '../../../lib/subscription';
import { useAuth } from '../../auth/hooks/use-auth';
import { useBillingSubscription } from '../hooks/use-billing';

const m = messages.subscription;

/**
 * Under the header, on every screen but /subscription (which says it in full): a subscriber whose renewal
 * failed sees until when access lasts and goes to update the card. Only subscribers ask billing.
 */
export function PaymentPendingBanner() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const subscriber = hasActiveSubscription(user);
  const billing = useBillingSubscription(subscriber);
  const until = subscriber ? billing.data?.grace_until : null;
  if (!until || pathname === '/subscription') return null;
  // Pix/boleto: the period ended and the next one is not paid yet (no card to update)
  const periodic = billing.data?.method === 'pix' || billing.data?.method === 'boleto';
  return (
    <div className="border-b border-red-200 bg-red-50" data-testid="payment-pending-banner">
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-2.5 text-sm text-red-900 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p className="flex items-start gap-2">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-red-700" aria-hidden />
          <span>{periodic ? m.payment.graceBanner(formatDate(until)) : m.graceBanner(formatDate(until))}</span>
        </p>
        <Link
          to="/subscription"
          className="inline-flex shrink-0 items-center gap-1.5 self-start rounded-lg bg-white px-3 py-1.5 font-semibold text-red-800 ring-1 ring-red-200 hover:bg-red-100 sm:self-auto"
        >
          <CreditCard className="size-4" aria-hidden />
          {periodic ? m.payment.payNow : m.updateCard}
        </Link>
      </div>
    </div>
  );
}
