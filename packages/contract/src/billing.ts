import { z } from 'zod';
import { SubscriptionPlan, SubscriptionStatus } from './common';

/** Plans (spec section 9): the one place the prices live; billing serves them, the screens read them. */
export const PLANS = {
  monthly: { id: 'monthly', name: 'Mensal', price_cents: 1990, interval: 'month', label: 'R$ 19,90/mês' },
  annual: { id: 'annual', name: 'Anual', price_cents: 19900, interval: 'year', label: 'R$ 199,00/ano', monthly_equivalent_cents: 1658 },
} as const;
export const TRIAL_DAYS = 3;
export const PLAN_CURRENCY = 'BRL';

export type PlanId = keyof typeof PLANS;
export type Plan = (typeof PLANS)[PlanId];

/** One plan as GET /api/plans answers it (price also in reais, for display with Intl.NumberFormat). */
export const PlanView = z.object({
  id: SubscriptionPlan,
  name: z.string(),
  price_cents: z.number(),
  price: z.number(),
  currency: z.literal(PLAN_CURRENCY),
  interval: z.enum(['month', 'year']),
  label: z.string(),
  monthly_equivalent_cents: z.number().optional(),
});
export type PlanView = z.infer<typeof PlanView>;

/**
 * What the checkout dialog loads in the browser for the configured provider (Stripe: Stripe.js).
 * The local sandbox has nothing external: both are null and the dialog loads nothing.
 */
export const CheckoutClient = z.object({
  provider: z.string(),
  script_url: z.string().nullable(),
  stylesheet_url: z.string().nullable(),
});
export type CheckoutClient = z.infer<typeof CheckoutClient>;

/** GET /api/plans (public). */
export const PlansResponse = z.object({ trial_days: z.number(), plans: z.array(PlanView), checkout: CheckoutClient });
export type PlansResponse = z.infer<typeof PlansResponse>;

/** Every message the billing service answers in `{ error }`, in one place. */
export const BILLING_MESSAGES = {
  planRequired: 'Escolha um plano: mensal ou anual',
  unknownPlan: 'Plano inválido: escolha mensal ou anual',
  alreadySubscribed: 'Você já possui uma assinatura ativa. Gerencie-a em "Minha Assinatura".',
  noCustomer: 'Nenhuma assinatura encontrada para gerenciar',
  providerUnavailable: 'O provedor de pagamentos está indisponível no momento. Tente novamente em instantes.',
  badSignature: 'Assinatura do webhook inválida',
  badWebhookBody: 'Corpo do webhook inválido',
  checkoutNotFound: 'Sessão de pagamento não encontrada ou expirada',
  portalNotFound: 'Sessão do portal não encontrada ou expirada',
  cardInvalid: 'Número de cartão inválido',
  cardDeclined: 'Cartão recusado. Use o cartão de teste 4242 4242 4242 4242.',
  cardExpiry: 'Validade inválida (use MM/AA)',
  cardCvc: 'CVC inválido',
  cardName: 'Informe o nome impresso no cartão',
  webhookDeliveryFailed: 'Não foi possível confirmar o pagamento agora. Tente novamente em instantes.',
} as const;

/** POST /api/billing/checkout */
export const CheckoutBody = z.object(
  {
    plan: z
      .string({ error: BILLING_MESSAGES.planRequired })
      .max(32, BILLING_MESSAGES.unknownPlan)
      .pipe(z.enum(['monthly', 'annual'], { error: BILLING_MESSAGES.unknownPlan })),
  },
  { error: BILLING_MESSAGES.planRequired },
);
export type CheckoutBody = z.infer<typeof CheckoutBody>;

/** POST /api/billing/checkout and POST /api/billing/portal: where to send the browser. */
export const RedirectResponse = z.object({ url: z.string() });
export type RedirectResponse = z.infer<typeof RedirectResponse>;

/**
 * GET /api/billing/subscription: the caller's subscription as the manage box shows it.
 * `status` is the same value the user's `subscription_status` carries ('active' while access lasts,
 * also while trialing, during the grace of a failed renewal, and until the end of a canceled period).
 */
export const BillingSubscription = z.object({
  status: SubscriptionStatus,
  plan: SubscriptionPlan.nullable(),
  /** Next charge (renewing) or end of access (cancel_at_period_end, canceled, expired); ISO 8601. */
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  /** In the free trial: the first charge happens at current_period_end. */
  trialing: z.boolean(),
  /** The last renewal charge failed and the provider is retrying (access continues meanwhile). */
  payment_failed: z.boolean(),
  /**
   * 'Pagamento pendente': end of the grace of a failed renewal (ISO 8601). Access lasts until then while
   * the provider retries; a payment before it clears it, none ends access. Null when no payment is pending.
   */
  grace_until: z.string().nullable(),
  /** The caller has a provider customer, so POST /api/billing/portal works. */
  can_manage: z.boolean(),
  /** The trial is offered once per user: false after any previous subscription. */
  trial_eligible: z.boolean(),
});
export type BillingSubscription = z.infer<typeof BillingSubscription>;

/**
 * The billing service's answer to statsPattern('billing') (admin dashboard).
 * Money in BRL units (reais, 2 decimals); dates are São Paulo calendar days.
 */
export const BillingStats = z.object({
  /** Sum of the payments received in the current São Paulo calendar month. */
  monthlyRevenue: z.number(),
  /** The last 30 São Paulo days, oldest first, today included, days without payments as 0. */
  revenuePerDay: z.array(z.object({ date: z.string(), revenue: z.number() })),
  /** Subscriptions currently granting access, by plan. */
  subscriptionStats: z.object({ monthly: z.number(), annual: z.number() }),
});
export type BillingStats = z.infer<typeof BillingStats>;
