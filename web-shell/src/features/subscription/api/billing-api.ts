import type { BillingSubscription, PlanId, PlansResponse, RedirectResponse } from '@clima/contract/billing';
import { api } from '../../../lib/api';
import { messages } from '../../../i18n/messages';

const m = messages.subscription;

/** GET /api/plans: the plans and what the checkout dialog loads for the configured provider. */
export const fetchPlans = (signal?: AbortSignal): Promise<PlansResponse> => api.get('/api/plans', { signal });

/** GET /api/billing/subscription: the signed-in user's subscription as the manage box shows it. */
export const fetchBillingSubscription = (signal?: AbortSignal): Promise<BillingSubscription> => api.get('/api/billing/subscription', { signal });

/** POST /api/billing/checkout: the provider's checkout address for the plan (our user id travels with it). */
export const createCheckout = (plan: PlanId): Promise<RedirectResponse> =>
  api.post('/api/billing/checkout', { body: { plan }, fallbackError: m.checkoutFailed });

/** POST /api/billing/portal: the provider's customer portal (change card, cancel, resume). */
export const createPortal = (): Promise<RedirectResponse> => api.post('/api/billing/portal', { fallbackError: m.portalFailed });
