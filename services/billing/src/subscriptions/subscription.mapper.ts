import { isoOrNull } from '@clima/common';
import type { BillingSubscription } from '@clima/contract';
import type { Subscription } from './subscription.entity';
import { accessEnd } from './subscription-status';


/** The manage box's view of the user's current subscription (or of none). */
export function toBillingSubscription(row: Subscription | null, o: { canManage: boolean; trialEligible: boolean }): BillingSubscription {
  const active = row?.status === 'active';
  return {
    status: row?.status ?? 'inactive',
    plan: row?.plan ?? null,
    // once access ended, the date it ended (a grace that ran out ends before the period the provider moved ahead)
    current_period_end: isoOrNull(row && !active ? accessEnd(row) : (row?.currentPeriodEnd ?? null)),
    cancel_at_period_end: !!row && active && row.cancelAtPeriodEnd,
    trialing: !!row && active && row.providerStatus === 'trialing',
    // every past_due snapshot opens a grace unless a payment already settled it: the grace says it all
    payment_failed: !!row && active && (row.graceUntil !== null || row.paymentFailedAt !== null),
    grace_until: row && active && row.graceUntil ? row.graceUntil.toISOString() : null,
    can_manage: o.canManage,
    trial_eligible: o.trialEligible,
  };
}
