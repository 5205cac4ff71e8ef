import type { BillingSubscription, PaymentMethod, PlanId, PlansResponse, ReceiptsResponse, RedirectResponse } from '@clima/contract/billing';
import { api } from '../../../lib/api';
import { messages } from '../../../i18n/messages';

const m = messages.subscription;

/** GET /api/plans: the plans and what the checkout dialog loads for the configured provider. */
export const fetchPlans = (signal?: AbortSignal): Promise<PlansResponse> => api.get('/api/plans', { signal });

/** GET /api/billing/subscription: the signed-in user's subscription as the manage box shows it. */
export const fetchBillingSubscription = (signal?: AbortSignal): Promise<BillingSubscription> => api.get('/api/billing/subscription', { signal });

export interface CheckoutChoice {
  plan: PlanId;
  /** 'card' when absent. */
  method?: PaymentMethod;
  /** The boleto's payer (only sent for a boleto). */
  cpf?: string;
}

/**
 * POST /api/billing/checkout. The card: the provider's checkout address for the plan (our user id travels
 * with it). Pix and boleto: the charge is created and /subscription shows it.
 */
export const createCheckout = ({ plan, method = 'card', cpf }: CheckoutChoice): Promise<RedirectResponse> =>
  api.post('/api/billing/checkout', { body: { plan, method, ...(method === 'boleto' ? { cpf } : {}) }, fallbackError: m.checkoutFailed });

/** GET /api/billing/receipts: the caller's receipts, newest first. */
export const fetchReceipts = (signal?: AbortSignal): Promise<ReceiptsResponse> => api.get('/api/billing/receipts', { signal });

/** POST /api/billing/portal: the provider's customer portal (change card, cancel, resume). */
export const createPortal = (): Promise<RedirectResponse> => api.post('/api/billing/portal', { fallbackError: m.portalFailed });
