import type { BillingSubscription } from '@clima/contract';
import type { Subscription } from './subscription.entity';

/** The manage box's view of the user's current subscription (or of none). */
export function toBillingSubscription(row: Subscription | null, o: { canManage: boolean; trialEligible: boolean }): BillingSubscription {
  const active = row?.status === 'active';
  return {
    status: row?.status ?? 'inactive',
    plan: row?.plan ?? null,
    current_period_end: row?.currentPeriodEnd ? row.currentPeriodEnd.toISOString() : null,
    cancel_at_period_end: !!row && active && row.cancelAtPeriodEnd,
    trialing: !!row && active && row.providerStatus === 'trialing',
    payment_failed: !!row && active && (row.providerStatus === 'past_due' || row.paymentFailedAt !== null),
    can_manage: o.canManage,
    trial_eligible: o.trialEligible,
  };
}
