import type { SubscriptionPlan, SubscriptionStatus } from '@clima/contract';

/** Provider statuses under which the subscription still runs (trial, paid, or a renewal being retried). */
export const RUNNING = new Set(['trialing', 'active', 'past_due']);
/** Provider statuses that never come back (Stripe never revives them). */
export const TERMINAL = new Set(['canceled', 'incomplete_expired']);

export interface AccessInput {
  plan: SubscriptionPlan | null;
  providerStatus: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  endedReason: string | null;
  /** End of the grace of a failed renewal; null (or absent) when no payment is pending. */
  graceUntil?: Date | null;
}

/**
 * When a running subscription's access ends without further news: the grace's end while a failed
 * renewal is pending (the period end when the subscription is canceled before it), else the period end.
 */
export function accessEnd(s: { currentPeriodEnd: Date | null; cancelAtPeriodEnd?: boolean; graceUntil?: Date | null }): Date | null {
  if (!s.graceUntil) return s.currentPeriodEnd;
  if (s.cancelAtPeriodEnd && s.currentPeriodEnd && s.currentPeriodEnd < s.graceUntil) return s.currentPeriodEnd;
  return s.graceUntil;
}

/**
 * The user's access status derived from the provider's snapshot at a moment:
 * - running (trialing, active, past_due while the provider retries) → 'active' until the period end;
 *   a renewing subscription keeps it `graceMs` longer, since the renewal event may arrive late;
 *   one canceled at period end keeps it exactly until the period end, then 'canceled';
 * - a failed renewal (grace pending) → 'active' until `graceUntil`, whatever the period end (the provider
 *   already moved it a whole period ahead), then 'expired' ('canceled' if canceled at period end);
 * - ended by the provider → 'canceled' when the user asked for it, 'expired' when payment failed;
 * - unpaid, paused, incomplete_expired → 'expired'; incomplete (never paid) → 'inactive';
 * - a price that is none of our plans never grants access ('inactive').
 */
export function accessStatus(s: AccessInput, now: Date, graceMs: number): SubscriptionStatus {
  if (!s.plan) return 'inactive';
  if (RUNNING.has(s.providerStatus)) {
    if (s.graceUntil) {
      if (now.getTime() < accessEnd(s)!.getTime()) return 'active';
      return s.cancelAtPeriodEnd ? 'canceled' : 'expired';
    }
    if (!s.currentPeriodEnd) return 'active';
    const until = s.currentPeriodEnd.getTime() + (s.cancelAtPeriodEnd ? 0 : graceMs);
    if (now.getTime() < until) return 'active';
    return s.cancelAtPeriodEnd ? 'canceled' : 'expired';
  }
  if (s.providerStatus === 'canceled') return s.endedReason === 'payment_failed' || s.endedReason === 'payment_disputed' ? 'expired' : 'canceled';
  if (s.providerStatus === 'incomplete') return 'inactive';
  if (s.providerStatus === 'unpaid' || s.providerStatus === 'paused' || s.providerStatus === 'incomplete_expired') return 'expired';
  return 'inactive';
}

export interface UserSubscriptionFact {
  status: SubscriptionStatus;
  plan: SubscriptionPlan | null;
  expiresAt: string | null;
}

export interface SummaryRow {
  status: SubscriptionStatus;
  plan: SubscriptionPlan | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd?: boolean;
  graceUntil?: Date | null;
  lastEventAt: Date;
  id: string;
}

/**
 * Which of a user's subscriptions speaks for the user: one granting access (the one lasting longest),
 * otherwise the most recent one.
 */
export function pickCurrent<R extends SummaryRow>(rows: R[]): R | null {
  if (!rows.length) return null;
  const time = (d: Date | null) => (d ? d.getTime() : 0);
  const active = rows.filter((r) => r.status === 'active');
  // on the same end, the one that renews speaks (a switch from Pix/boleto to the card: the card's first charge is when the paid period ends)
  const longer = (a: R, b: R) => time(accessEnd(b)) - time(accessEnd(a)) || (a.cancelAtPeriodEnd ? 1 : 0) - (b.cancelAtPeriodEnd ? 1 : 0);
  if (active.length) return active.reduce((a, b) => (longer(a, b) > 0 ? b : a));
  return rows.reduce((a, b) => (b.lastEventAt.getTime() > a.lastEventAt.getTime() || (b.lastEventAt.getTime() === a.lastEventAt.getTime() && Number(b.id) > Number(a.id)) ? b : a));
}

/** `expiresAt` is the next charge, the end of the trial, or the end of access (the grace's end while a payment is pending). */
export function factOf(row: SummaryRow | null): UserSubscriptionFact {
  if (!row) return { status: 'inactive', plan: null, expiresAt: null };
  const end = accessEnd(row);
  return { status: row.status, plan: row.plan, expiresAt: end ? end.toISOString() : null };
}

export const sameFact = (a: UserSubscriptionFact, b: UserSubscriptionFact) => a.status === b.status && a.plan === b.plan && a.expiresAt === b.expiresAt;

/** The end of one billing interval after `from` (calendar month or year, as Stripe counts). */
export function addPeriod(from: Date, plan: SubscriptionPlan): Date {
  const d = new Date(from.getTime());
  if (plan === 'monthly') d.setUTCMonth(d.getUTCMonth() + 1);
  else d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d;
}
