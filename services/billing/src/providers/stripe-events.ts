import type { SubscriptionPlan } from '@clima/contract';
import Stripe from 'stripe';
import { asUserId, BillingEvent, ChargeFacts, InvoiceFacts, SubscriptionSnapshot } from './billing-event';
import { WebhookPayloadError, WebhookSignatureError } from './payment-provider';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const date = (v: unknown): Date | null => {
  const n = num(v);
  if (n === null) return null;
  const d = new Date(n * 1000);
  // a timestamp outside what a date can hold is no date at all (never an Invalid Date further down)
  return Number.isNaN(d.getTime()) ? null : d;
};
/** An expandable field: an id, or the expanded object with an id. */
const ref = (v: unknown): string | null => str(v) ?? str(obj(v).id);
const firstItem = (sub: Obj): Obj => obj((obj(sub.items).data as unknown[] | undefined)?.[0]);

export interface StripePlanPrices {
  monthly?: string;
  annual?: string;
}

/**
 * Reads Stripe-format webhooks (the Stripe adapter and the local sandbox both speak it): verifies the
 * `Stripe-Signature` header over the raw body with the official package, then maps the event.
 * Field positions of both the current API (period on the subscription item, invoice.parent) and
 * older pinned versions (period on the subscription, invoice.subscription) are understood.
 */
export class StripeEventReader {
  constructor(
    private readonly provider: string,
    private readonly secret: string,
    private readonly prices: StripePlanPrices,
    private readonly toleranceSeconds: number,
  ) {}

  parse(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): BillingEvent {
    const header = headers['stripe-signature'];
    if (typeof header !== 'string' || !header) throw new WebhookSignatureError('missing Stripe-Signature');
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(rawBody, header, this.secret, this.toleranceSeconds);
    } catch (err) {
      throw new WebhookSignatureError((err as Error).message);
    }
    return this.translate(event as unknown as Obj);
  }

  translate(event: Obj): BillingEvent {
    // a signed body that is JSON but no object (null, a number, a list) is no event either
    if (!event || typeof event !== 'object' || Array.isArray(event)) throw new WebhookPayloadError('not a Stripe event');
    const id = str(event.id);
    const type = str(event.type);
    const created = date(event.created);
    if (!id || !type || !created) throw new WebhookPayloadError('not a Stripe event');
    const base = { provider: this.provider, id, type, created };
    const o = obj(obj(event.data).object);
    switch (type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        if (o.mode !== 'subscription') return { ...base, kind: 'other' };
        return {
          ...base,
          kind: 'checkout_completed',
          userId: asUserId(o.client_reference_id) ?? asUserId(obj(o.metadata).user_id),
          customerId: ref(o.customer),
          subscriptionId: ref(o.subscription),
        };
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed': {
        const subscription = this.subscription(o);
        if (!subscription.subscriptionId) throw new WebhookPayloadError('subscription without id');
        return { ...base, kind: 'subscription', subscription };
      }
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
        return { ...base, kind: 'invoice_paid', invoice: this.invoice(o) };
      case 'invoice.payment_failed':
        return { ...base, kind: 'invoice_failed', invoice: this.invoice(o) };
      case 'payment_intent.succeeded':
      case 'payment_intent.processing':
      case 'payment_intent.payment_failed':
      case 'payment_intent.canceled': {
        // only the Pix and boleto PaymentIntents our charges created; a card invoice's own intent is read from the invoice
        const charge = this.charge(type, o, created);
        return charge ? { ...base, kind: 'charge', charge } : { ...base, kind: 'other' };
      }
      default:
        return { ...base, kind: 'other' };
    }
  }

  private subscription(s: Obj): SubscriptionSnapshot {
    const item = firstItem(s);
    const periodEnd = date(item.current_period_end) ?? date(s.current_period_end);
    const cancelAt = date(s.cancel_at);
    const cancelAtPeriodEnd = s.cancel_at_period_end === true || (cancelAt !== null && s.status !== 'canceled');
    // a cancellation scheduled before the period end ends access then
    const accessEnd = cancelAt && periodEnd && cancelAt < periodEnd ? cancelAt : periodEnd;
    return {
      subscriptionId: ref(s.id) ?? '',
      customerId: ref(s.customer),
      userId: asUserId(obj(s.metadata).user_id),
      plan: this.plan(obj(item.price ?? item.plan), obj(s.metadata)),
      providerStatus: str(s.status) ?? 'unknown',
      currentPeriodEnd: accessEnd,
      cancelAtPeriodEnd,
      trialEnd: date(s.trial_end),
      endedReason: str(obj(s.cancellation_details).reason),
    };
  }

  /**
   * A configured price id decides; our own checkout's metadata comes next; a recurring interval is
   * trusted only when no price is configured (Payment Links set up without price ids).
   */
  private plan(price: Obj, metadata: Obj): SubscriptionPlan | null {
    const priceId = str(price.id);
    if (priceId && priceId === this.prices.monthly) return 'monthly';
    if (priceId && priceId === this.prices.annual) return 'annual';
    const declared = metadata.plan;
    if (declared === 'monthly' || declared === 'annual') return declared;
    if (this.prices.monthly || this.prices.annual) return null;
    const recurring = obj(price.recurring);
    const interval = recurring.interval ?? price.interval;
    const count = num(recurring.interval_count ?? price.interval_count) ?? 1;
    if (interval === 'month' && count === 1) return 'monthly';
    if (interval === 'year' && count === 1) return 'annual';
    return null;
  }

  private charge(type: string, pi: Obj, created: Date): ChargeFacts | null {
    const metadata = obj(pi.metadata);
    const method = metadata.clima_charge;
    const chargeId = ref(pi.id);
    if ((method !== 'pix' && method !== 'boleto') || !chargeId) return null;
    const plan = metadata.plan === 'monthly' || metadata.plan === 'annual' ? metadata.plan : null;
    const error = obj(pi.last_payment_error);
    const expired = type === 'payment_intent.canceled' || /expired/.test(str(error.code) ?? '') || str(pi.cancellation_reason) === 'expired';
    const status: ChargeFacts['status'] =
      type === 'payment_intent.succeeded' ? 'succeeded' : type === 'payment_intent.processing' ? 'processing' : expired ? 'expired' : 'failed';
    const latest = obj(pi.latest_charge);
    const billing = obj(latest.billing_details);
    return {
      chargeId,
      userId: asUserId(metadata.user_id),
      plan,
      method,
      amountCents: Math.max(0, Math.round(num(pi.amount_received) || num(pi.amount) || 0)),
      currency: (str(pi.currency) ?? 'brl').toUpperCase(),
      status,
      // when the provider confirmed the money (the event's time, however late it is delivered)
      paidAt: status === 'succeeded' ? created : null,
      payer: str(billing.name) ?? str(billing.email) ?? str(pi.receipt_email),
    };
  }

  private invoice(i: Obj): InvoiceFacts {
    const details = obj(obj(i.parent).subscription_details);
    const line = obj((obj(i.lines).data as unknown[] | undefined)?.[0]);
    const invoiceId = ref(i.id);
    if (!invoiceId) throw new WebhookPayloadError('invoice without id');
    return {
      invoiceId,
      customerId: ref(i.customer),
      subscriptionId: ref(details.subscription) ?? ref(i.subscription) ?? ref(obj(obj(line.parent).subscription_item_details).subscription),
      userId: asUserId(obj(details.metadata).user_id),
      amountCents: Math.max(0, Math.round(num(i.amount_paid) ?? 0)),
      currency: (str(i.currency) ?? 'brl').toUpperCase(),
      paidAt: date(obj(i.status_transitions).paid_at),
      payer: str(i.customer_name) ?? str(i.customer_email),
    };
  }
}
