import { PLANS, SubscriptionPlan } from '@clima/contract';
import Stripe from 'stripe';
import { addPeriod } from '../subscriptions/subscription-status';
import { sandboxId } from './sandbox-store';

/** The state of a sandbox subscription from which Stripe-format objects are written. */
export interface SandboxSubscriptionState {
  id: string;
  customerId: string;
  userId: string;
  plan: SubscriptionPlan;
  status: 'trialing' | 'active' | 'past_due' | 'canceled';
  createdAt: number;
  periodStart: number;
  periodEnd: number;
  trialEnd: number | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
  cancellationReason: string | null;
}

export const unix = (d: Date = new Date()) => Math.floor(d.getTime() / 1000);

/** The end of one billing interval after `from` (calendar month or year, as Stripe counts). */
export function addInterval(from: number, plan: SubscriptionPlan): number {
  return unix(addPeriod(new Date(from * 1000), plan));
}

function price(plan: SubscriptionPlan) {
  const p = PLANS[plan];
  return {
    id: `price_sandbox_${plan}`,
    object: 'price',
    active: true,
    currency: 'brl',
    unit_amount: p.price_cents,
    type: 'recurring',
    recurring: { interval: p.interval, interval_count: 1, usage_type: 'licensed' },
    livemode: false,
  };
}

export function subscriptionObject(s: SandboxSubscriptionState) {
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customerId,
    status: s.status,
    currency: 'brl',
    created: s.createdAt,
    start_date: s.createdAt,
    billing_cycle_anchor: s.periodEnd,
    cancel_at: s.cancelAtPeriodEnd ? s.periodEnd : null,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    canceled_at: s.canceledAt,
    ended_at: s.endedAt,
    cancellation_details: { reason: s.cancellationReason, comment: null, feedback: null },
    trial_start: s.trialEnd ? s.createdAt : null,
    trial_end: s.trialEnd,
    collection_method: 'charge_automatically',
    items: {
      object: 'list',
      data: [
        {
          id: `si_${s.id.slice(4)}`,
          object: 'subscription_item',
          current_period_start: s.periodStart,
          current_period_end: s.periodEnd,
          price: price(s.plan),
          quantity: 1,
          subscription: s.id,
        },
      ],
      has_more: false,
    },
    metadata: { user_id: s.userId, plan: s.plan },
    livemode: false,
  };
}

export function checkoutSessionObject(o: { id: string; userId: string; plan: SubscriptionPlan; customerId: string; subscriptionId: string; email: string; amountCents: number }) {
  return {
    id: o.id,
    object: 'checkout.session',
    mode: 'subscription',
    status: 'complete',
    payment_status: o.amountCents > 0 ? 'paid' : 'no_payment_required',
    client_reference_id: o.userId,
    customer: o.customerId,
    customer_details: { email: o.email || null },
    subscription: o.subscriptionId,
    amount_total: o.amountCents,
    currency: 'brl',
    locale: 'pt-BR',
    metadata: { user_id: o.userId, plan: o.plan },
    livemode: false,
  };
}

export function invoiceObject(s: SandboxSubscriptionState, o: { amountCents: number; paid: boolean; reason: 'subscription_create' | 'subscription_cycle'; at: number }) {
  return {
    id: sandboxId('in'),
    object: 'invoice',
    customer: s.customerId,
    currency: 'brl',
    billing_reason: o.reason,
    status: o.paid ? 'paid' : 'open',
    amount_due: o.amountCents,
    amount_paid: o.paid ? o.amountCents : 0,
    amount_remaining: o.paid ? 0 : o.amountCents,
    attempt_count: 1,
    attempted: true,
    created: o.at,
    period_start: s.periodStart,
    period_end: s.periodEnd,
    status_transitions: { finalized_at: o.at, paid_at: o.paid ? o.at : null },
    parent: { type: 'subscription_details', subscription_details: { subscription: s.id, metadata: { user_id: s.userId, plan: s.plan } } },
    lines: {
      object: 'list',
      data: [{ id: sandboxId('il'), object: 'line_item', amount: o.amountCents, currency: 'brl', period: { start: s.periodStart, end: s.periodEnd } }],
      has_more: false,
    },
    livemode: false,
  };
}

/** A Stripe event envelope around an object. */
export function eventOf(type: string, object: object, created: number) {
  return {
    id: sandboxId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    type,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}

/** A Stripe PaymentIntent of a Pix or boleto charge, as its webhooks carry it. */
export function paymentIntentObject(c: {
  id: string;
  userId: string;
  plan: SubscriptionPlan;
  method: 'pix' | 'boleto';
  amountCents: number;
  status: 'succeeded' | 'processing' | 'requires_payment_method' | 'canceled';
  created: number;
  payer: string | null;
  expired?: boolean;
}) {
  return {
    id: c.id,
    object: 'payment_intent',
    amount: c.amountCents,
    amount_received: c.status === 'succeeded' ? c.amountCents : 0,
    currency: 'brl',
    status: c.status,
    created: c.created,
    payment_method_types: [c.method],
    cancellation_reason: c.status === 'canceled' && c.expired ? 'expired' : null,
    last_payment_error: c.status === 'requires_payment_method' && c.expired ? { code: 'payment_intent_payment_attempt_expired', type: 'invalid_request_error' } : null,
    latest_charge: { id: sandboxId('ch'), object: 'charge', billing_details: { name: c.payer, email: null } },
    metadata: { user_id: c.userId, plan: c.plan, clima_charge: c.method },
    livemode: false,
  };
}
