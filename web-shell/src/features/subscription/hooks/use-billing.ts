import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../app/query-keys';
import { CheckoutChoice, createCheckout, createPortal, fetchBillingSubscription, fetchPlans, fetchReceipts } from '../api/billing-api';

export const usePlans = () => useQuery({ queryKey: queryKeys.plans, queryFn: ({ signal }) => fetchPlans(signal), staleTime: 5 * 60_000 });

export const useBillingSubscription = (enabled = true) =>
  useQuery({ queryKey: queryKeys.billingSubscription, queryFn: ({ signal }) => fetchBillingSubscription(signal), enabled });

/** The browser leaves for the provider's page: the answer is an address, local (sandbox) or the provider's. */
const go = ({ url }: { url: string }) => window.location.assign(url);

/**
 * Starts the payment of a plan. The card: the browser goes to the provider's checkout. Pix and boleto: the
 * charge now exists and the page shows it (the subscription is fetched again).
 */
export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: CheckoutChoice) => createCheckout(choice),
    onSuccess: async (answer, choice) => {
      if ((choice.method ?? 'card') === 'card') go(answer);
      else await queryClient.invalidateQueries({ queryKey: queryKeys.billingSubscription });
    },
  });
}

/** The signed-in user's receipts. */
export const useReceipts = (enabled = true) => useQuery({ queryKey: queryKeys.billingReceipts, queryFn: ({ signal }) => fetchReceipts(signal), enabled });

/** Opens the provider's customer portal (change card, cancel, resume). */
export const usePortal = () => useMutation({ mutationFn: createPortal, onSuccess: go });
