import type { BillingSubscription, PlanId, PlansResponse, RedirectResponse } from '@clima/contract/billing';
import { api } from '../../../lib/api';
import { messages } from '../../../i18n/messages';

const m = messages.subscription;

/** GET /api/plans: the plans and what the checkout dialog loads for the configured provider. */
export const fetchPlans = (signal?: AbortSignal) => api<PlansResponse>('/api/plans', { signal });

/** GET /api/billing/subscription: the signed-in user's subscription as the manage box shows it. */
export const fetchBillingSubscription = (signal?: AbortSignal) => api<BillingSubscription>('/api/billing/subscription', { signal });

/** POST /api/billing/checkout: the provider's checkout address for the plan (our user id travels with it). */
export const createCheckout = (plan: PlanId) =>
  api<RedirectResponse>('/api/billing/checkout', { method: 'POST', body: { plan }, fallbackError: m.checkoutFailed });

/** POST /api/billing/portal: the provider's customer portal (change card, cancel, resume). */
export const createPortal = () => api<RedirectResponse>('/api/billing/portal', { method: 'POST', fallbackError: m.portalFailed });
