import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from '@clima/router';
import { queryKeys } from '../../../app/query-keys';
import { hasActiveSubscription } from '../../../lib/subscription';
import { useAuth } from '../../auth/hooks/use-auth';

export type CheckoutReturn = 'none' | 'confirming' | 'confirmed' | 'slow' | 'canceled';

export const CONFIRM_POLL_MS = 1_000;
export const CONFIRM_POLL_LIMIT_MS = 15_000;

/**
 * The provider sends the browser back to /subscription?status=success (or =canceled). The payment is
 * confirmed by the provider's webhook, which reaches the user's record a moment later: the user is
 * fetched again every second (up to 15 s) until the subscription is active, so the PRO badge and the
 * premium screens open without signing in again.
 */
export function useCheckoutReturn(): CheckoutReturn {
  const [params, setParams] = useSearchParams();
  const { user, fetchUser } = useAuth();
  const queryClient = useQueryClient();
  const [state, setState] = useState<CheckoutReturn>(() => {
    const status = params.get('status');
    if (status === 'success') return hasActiveSubscription(user) ? 'confirmed' : 'confirming';
    return status === 'canceled' ? 'canceled' : 'none';
  });

  // The notice lives in the page's state: a reload of the plain address does not show it again.
  useEffect(() => {
    if (!params.has('status')) return;
    const next = new URLSearchParams(params);
    next.delete('status');
    setParams(next, { replace: true });
  }, [params, setParams]);

  const confirming = state === 'confirming';
  useEffect(() => {
    if (!confirming) return;
    let stopped = false;
    let timer: number | undefined;
    const deadline = Date.now() + CONFIRM_POLL_LIMIT_MS;
    const poll = async () => {
      const fresh = await fetchUser();
      if (stopped) return;
      if (hasActiveSubscription(fresh)) {
        // Access changed: everything fetched while not subscribed is out of date.
        await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.me[0] });
        if (!stopped) setState('confirmed');
      } else if (Date.now() >= deadline) {
        setState('slow');
      } else {
        timer = window.setTimeout(() => void poll(), CONFIRM_POLL_MS);
      }
    };
    void poll();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [confirming, fetchUser, queryClient]);

  return state;
}
