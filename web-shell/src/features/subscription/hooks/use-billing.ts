import type { PlanId } from '@clima/contract/billing';
import { useMutation, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../app/query-keys';
import { createCheckout, createPortal, fetchBillingSubscription, fetchPlans } from '../api/billing-api';

export const usePlans = () => useQuery({ queryKey: queryKeys.plans, queryFn: ({ signal }) => fetchPlans(signal), staleTime: 5 * 60_000 });

export const useBillingSubscription = (enabled = true) =>
  useQuery({ queryKey: queryKeys.billingSubscription, queryFn: ({ signal }) => fetchBillingSubscription(signal), enabled });

/** The browser leaves for the provider's page: the answer is an address, local (sandbox) or the provider's. */
const go = ({ url }: { url: string }) => window.location.assign(url);

/** Starts the provider's checkout for a plan and sends the browser there. */
export const useCheckout = () => useMutation({ mutationFn: (plan: PlanId) => createCheckout(plan), onSuccess: go });

/** Opens the provider's customer portal (change card, cancel, resume). */
export const usePortal = () => useMutation({ mutationFn: createPortal, onSuccess: go });
