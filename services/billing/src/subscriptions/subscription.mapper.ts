import { isoOrNull } from '@clima/common';
import type { BillingSubscription } from '@clima/contract';
import type { Subscription } from './subscription.entity';
import { accessEnd } from './subscription-status';


/** The manage box's view of the user's current subscription (or of none). */
export function toBillingSubscription(
  row: Subscription | null,
  o: { canManage: boolean; trialEligible: boolean; pendingCharge?: BillingSubscription['pending_charge']; now?: Date },
): BillingSubscription {
  const active = row?.status === 'active';
  // Pix/boleto: the next period's charge opens the grace ahead of time; it is 'pending' only once the period ended
  const periodic = !!row && row.method !== 'card';
  const overdue = !periodic || (!!row.currentPeriodEnd && row.currentPeriodEnd.getTime() <= (o.now ?? new Date()).getTime());
  return {
    status: row?.status ?? 'inactive',
    plan: row?.plan ?? null,
    // once access ended, the date it ended (a grace that ran out ends before the period the provider moved ahead)
    current_period_end: isoOrNull(row && !active ? accessEnd(row) : (row?.currentPeriodEnd ?? null)),
    cancel_at_period_end: !!row && active && row.cancelAtPeriodEnd,
    trialing: !!row && active && row.providerStatus === 'trialing',
    // every past_due snapshot opens a grace unless a payment already settled it: the grace says it all
    payment_failed: !!row && active && overdue && (row.graceUntil !== null || row.paymentFailedAt !== null),
    grace_until: row && active && overdue && row.graceUntil ? row.graceUntil.toISOString() : null,
    can_manage: o.canManage,
    trial_eligible: o.trialEligible,
    method: row?.method ?? null,
    pending_charge: o.pendingCharge ?? null,
  };
}
