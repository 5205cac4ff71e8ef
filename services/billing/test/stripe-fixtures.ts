import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * Stripe-format webhook payloads as Stripe sends them (current API: the period on the subscription
 * item, the invoice's subscription under parent.subscription_details), signed with the official
 * package's test-header helper.
 */
export const rid = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
export const nowUnix = () => Math.floor(Date.now() / 1000);
export const DAY = 86_400;

export const PRICE = { monthly: 'price_sandbox_monthly', annual: 'price_sandbox_annual' } as const;

export interface SubOpts {
  id: string;
  customer: string;
  userId?: string | null;
  plan?: 'monthly' | 'annual';
  status?: string;
  periodEnd: number;
  cancelAtPeriodEnd?: boolean;
  trialEnd?: number | null;
  reason?: string | null;
  priceId?: string;
  interval?: 'month' | 'year' | 'week';
  noMetadataPlan?: boolean;
}

export function subscription(o: SubOpts) {
  const plan = o.plan ?? 'monthly';
  const interval = o.interval ?? (plan === 'monthly' ? 'month' : 'year');
  const metadata: Record<string, string> = {};
  if (o.userId) metadata.user_id = o.userId;
  if (!o.noMetadataPlan) metadata.plan = plan;
  return {
    id: o.id,
    object: 'subscription',
    customer: o.customer,
    status: o.status ?? 'active',
    cancel_at_period_end: o.cancelAtPeriodEnd ?? false,
    cancel_at: o.cancelAtPeriodEnd ? o.periodEnd : null,
    canceled_at: null,
    cancellation_details: { reason: o.reason ?? null, comment: null, feedback: null },
    trial_end: o.trialEnd ?? null,
    created: nowUnix() - 60,
    items: {
      object: 'list',
      data: [
        {
          id: rid('si'),
          object: 'subscription_item',
          current_period_start: o.periodEnd - 30 * DAY,
          current_period_end: o.periodEnd,
          price: { id: o.priceId ?? PRICE[plan], object: 'price', currency: 'brl', unit_amount: plan === 'monthly' ? 1990 : 19900, recurring: { interval, interval_count: 1 } },
        },
      ],
    },
    metadata,
    livemode: false,
  };
}

export function checkoutSession(o: { userId: string | null; customer: string; subscription: string }) {
  return {
    id: rid('cs_test'),
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    client_reference_id: o.userId,
    customer: o.customer,
    subscription: o.subscription,
    metadata: {},
    livemode: false,
  };
}

export function invoice(o: { customer: string; subscription: string; amount: number; userId?: string; paidAt?: number | null; id?: string }) {
  return {
    id: o.id ?? rid('in'),
    object: 'invoice',
    customer: o.customer,
    currency: 'brl',
    amount_paid: o.amount,
    amount_due: o.amount,
    status: o.paidAt === null ? 'open' : 'paid',
    status_transitions: { paid_at: o.paidAt === null ? null : (o.paidAt ?? nowUnix()) },
    parent: { type: 'subscription_details', subscription_details: { subscription: o.subscription, metadata: o.userId ? { user_id: o.userId } : {} } },
    lines: { object: 'list', data: [] },
    livemode: false,
  };
}

export function event(type: string, object: object, created = nowUnix()) {
  return { id: rid('evt'), object: 'event', api_version: Stripe.API_VERSION, created, type, data: { object }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null } };
}

export function sign(payload: string, secret: string, timestamp?: number): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

/** A Pix or boleto PaymentIntent as Stripe's payment_intent.* webhooks carry it (metadata set by our charge). */
export function paymentIntent(o: {
  id: string;
  userId: string;
  plan: 'monthly' | 'annual';
  method: 'pix' | 'boleto';
  amount: number;
  status: 'succeeded' | 'processing' | 'requires_payment_method' | 'canceled';
  expired?: boolean;
  payer?: string;
}) {
  return {
    id: o.id,
    object: 'payment_intent',
    amount: o.amount,
    amount_received: o.status === 'succeeded' ? o.amount : 0,
    currency: 'brl',
    status: o.status,
    payment_method_types: [o.method],
    cancellation_reason: o.status === 'canceled' ? (o.expired ? 'expired' : 'abandoned') : null,
    last_payment_error: o.status === 'requires_payment_method' ? { code: o.expired ? 'payment_intent_payment_attempt_expired' : 'payment_method_provider_decline' } : null,
    latest_charge: { id: rid('ch'), object: 'charge', billing_details: { name: o.payer ?? 'Técnico Teste', email: null } },
    metadata: { user_id: o.userId, plan: o.plan, clima_charge: o.method },
    livemode: false,
  };
}
