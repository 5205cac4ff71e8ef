import type { SubscriptionPlan } from '@clima/contract';

/** A provider's subscription as one event showed it. */
export interface SubscriptionSnapshot {
  subscriptionId: string;
  customerId: string | null;
  /** Our user id when the provider carries it (metadata set at checkout). */
  userId: string | null;
  /** Null when the price matches none of our plans (recorded for an operator, never grants access). */
  plan: SubscriptionPlan | null;
  /** Provider status as sent (Stripe: trialing, active, past_due, canceled, unpaid, incomplete, …). */
  providerStatus: string;
  /** End of the paid (or trial) period; when it is canceled at period end, the end of access. */
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
  /** Why it ended, when it did (Stripe cancellation_details.reason: payment_failed, cancellation_requested, …). */
  endedReason: string | null;
}

export interface InvoiceFacts {
  invoiceId: string;
  customerId: string | null;
  subscriptionId: string | null;
  userId: string | null;
  amountCents: number;
  currency: string;
  paidAt: Date | null;
  /** The name (else e-mail) the provider has for who paid, for the receipt. */
  payer: string | null;
}

/** A Pix or boleto payment (Stripe: a PaymentIntent our checkout or renewal created) and where it stands. */
export interface ChargeFacts {
  chargeId: string;
  userId: string | null;
  plan: SubscriptionPlan | null;
  method: 'pix' | 'boleto';
  amountCents: number;
  currency: string;
  /** succeeded: paid; processing: a boleto paid and clearing; failed; expired: ended unpaid. */
  status: 'succeeded' | 'processing' | 'failed' | 'expired';
  /** When the money was paid, for a succeeded one (the boleto's payment date, however late it is confirmed). */
  paidAt: Date | null;
  payer: string | null;
}

interface EventBase {
  /** The provider adapter that verified it ('stripe', 'sandbox', …). */
  provider: string;
  id: string;
  type: string;
  /** When the provider produced the fact. */
  created: Date;
}

/** A verified provider event in the form the subscription lifecycle understands, whatever the provider. */
export type BillingEvent = EventBase &
  (
    | { kind: 'checkout_completed'; userId: string | null; customerId: string | null; subscriptionId: string | null }
    | { kind: 'subscription'; subscription: SubscriptionSnapshot }
    | { kind: 'invoice_paid'; invoice: InvoiceFacts }
    | { kind: 'invoice_failed'; invoice: InvoiceFacts }
    | { kind: 'charge'; charge: ChargeFacts }
    | { kind: 'other' }
  );

/** Our user ids are short strings like 'email_12' or 'google_34'. */
export const USER_ID_RE = /^[A-Za-z0-9_-]{1,200}$/;
export const asUserId = (v: unknown): string | null => (typeof v === 'string' && USER_ID_RE.test(v) ? v : null);
