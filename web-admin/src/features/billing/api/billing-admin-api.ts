import type { AdminPaymentsResponse, AdminPlanPricesResponse, PlanId } from '@clima/contract/billing';
import { api } from '../../../lib/api';

/** GET /api/admin/billing/users/:id/payments: the user's payment history (a boleto payer's CPF masked). */
export const fetchUserPayments = (id: string, signal?: AbortSignal): Promise<AdminPaymentsResponse> =>
  api.get('/api/admin/billing/users/:id/payments', { params: { id }, signal });

/** GET /api/admin/billing/plans: each plan's price and Pix price. */
export const fetchPlanPrices = (signal?: AbortSignal): Promise<AdminPlanPricesResponse> => api.get('/api/admin/billing/plans', { signal });

/** PUT /api/admin/billing/plans/:plan: the plan's Pix price in cents (null: the plan's own price). */
export const savePixPrice = (plan: PlanId, cents: number | null): Promise<AdminPlanPricesResponse> =>
  api.put('/api/admin/billing/plans/:plan', { params: { plan }, body: { pix_price_cents: cents } });
