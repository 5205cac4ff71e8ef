import { z } from 'zod';
import { SubscriptionPlan, SubscriptionStatus } from './common';
import { cpfDigits, isValidCpf } from './cpf';

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
  /** The plan's price when paid by Pix, set by the administrator (null: the same price). */
  pix_price_cents: z.number().nullable().optional(),
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
  unknownMethod: 'Forma de pagamento inválida: escolha cartão de crédito, Pix ou boleto',
  cpfRequired: 'Informe o CPF de quem paga o boleto',
  cpfInvalid: 'CPF inválido: confira os números',
  receiptNotFound: 'Recibo não encontrado',
  chargeNotFound: 'Cobrança não encontrada',
  pixPriceInvalid: 'Preço no Pix inválido: informe um valor entre R$ 1,00 e o preço do plano',
} as const;

/** How a period is paid: the card renews by itself; Pix and boleto are paid period by period. */
export const PAYMENT_METHODS = ['card', 'pix', 'boleto'] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { card: 'Cartão de crédito', pix: 'Pix', boleto: 'Boleto' };

/** POST /api/billing/checkout */
export const CheckoutBody = z.object(
  {
    plan: z
      .string({ error: BILLING_MESSAGES.planRequired })
      .max(32, BILLING_MESSAGES.unknownPlan)
      .pipe(z.enum(['monthly', 'annual'], { error: BILLING_MESSAGES.unknownPlan })),
    /** 'card' when absent (the checkout as before). */
    method: z.string({ error: BILLING_MESSAGES.unknownMethod }).max(16, BILLING_MESSAGES.unknownMethod).pipe(z.enum(PAYMENT_METHODS, { error: BILLING_MESSAGES.unknownMethod })).default('card'),
    /** Required for a boleto (the provider issues it to a CPF); ignored otherwise and never stored then. */
    cpf: z.string({ error: BILLING_MESSAGES.cpfInvalid }).max(32, BILLING_MESSAGES.cpfInvalid).optional().nullable(),
  },
  { error: BILLING_MESSAGES.planRequired },
).transform((body, ctx) => {
  if (body.method !== 'boleto') return { plan: body.plan, method: body.method, cpf: null };
  if (!body.cpf?.trim()) {
    ctx.addIssue({ code: 'custom', path: ['cpf'], message: BILLING_MESSAGES.cpfRequired });
    return z.NEVER;
  }
  if (!isValidCpf(body.cpf)) {
    ctx.addIssue({ code: 'custom', path: ['cpf'], message: BILLING_MESSAGES.cpfInvalid });
    return z.NEVER;
  }
  return { plan: body.plan, method: body.method, cpf: cpfDigits(body.cpf) };
});
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
  /** How the current period was paid ('card' renews by itself; 'pix' and 'boleto' are paid each period); null without one. */
  method: PaymentMethod.nullable(),
  /** The Pix or boleto waiting to be paid (first period or the next one), else null. */
  pending_charge: z
    .object({
      id: z.string(),
      method: z.enum(['pix', 'boleto']),
      plan: SubscriptionPlan,
      amount_cents: z.number(),
      /** Pix: the BR Code (copia e cola); boleto: the digitable line. */
      code: z.string(),
      /** Pix: the QR code of `code`, an SVG document. */
      qr_svg: z.string().nullable(),
      /** Boleto: its PDF. */
      pdf_url: z.string().nullable(),
      /** The provider's payment page (the sandbox's demo page with 'Simular pagamento'). */
      hosted_url: z.string().nullable(),
      status: z.enum(['pending', 'processing']),
      expires_at: z.string(),
      /** When the period it pays starts (the end of the current one for a renewal). */
      due_at: z.string(),
    })
    .nullable(),
});
export type BillingSubscription = z.infer<typeof BillingSubscription>;

/** One receipt ('Recibo') of a confirmed payment. */
export const Receipt = z.object({
  number: z.string(),
  paid_at: z.string(),
  plan: SubscriptionPlan.nullable(),
  method: PaymentMethod,
  amount_cents: z.number(),
  currency: z.string(),
  payer: z.string().nullable(),
  pdf_url: z.string(),
});
export type Receipt = z.infer<typeof Receipt>;

/** GET /api/billing/receipts: the caller's receipts, newest first. */
export const ReceiptsResponse = z.object({ receipts: z.array(Receipt) });
export type ReceiptsResponse = z.infer<typeof ReceiptsResponse>;

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
  /** This month's revenue by payment method (same month as monthlyRevenue). */
  revenueByMethod: z.object({ card: z.number(), pix: z.number(), boleto: z.number() }).optional(),
});
export type BillingStats = z.infer<typeof BillingStats>;

/** GET /api/admin/billing/users/:id/payments: one user's payments for the admin's user dialog, newest first. */
export const AdminPayment = Receipt.omit({ pdf_url: true }).extend({
  /** A boleto's payer CPF, masked ('***.456.789-**'); null for the other methods. */
  payer_cpf: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof AdminPayment>;
export const AdminPaymentsResponse = z.object({ payments: z.array(AdminPayment) });
export type AdminPaymentsResponse = z.infer<typeof AdminPaymentsResponse>;

/** GET /api/admin/billing/plans: each plan's price and its Pix price (null: the same price). */
export const AdminPlanPrice = z.object({ plan: SubscriptionPlan, name: z.string(), price_cents: z.number(), pix_price_cents: z.number().nullable() });
export type AdminPlanPrice = z.infer<typeof AdminPlanPrice>;
export const AdminPlanPricesResponse = z.object({ plans: z.array(AdminPlanPrice) });
export type AdminPlanPricesResponse = z.infer<typeof AdminPlanPricesResponse>;

/** PUT /api/admin/billing/plans/:plan: the plan's Pix price in cents (null removes it), at most the plan's price. */
export const PixPriceBody = z.object(
  { pix_price_cents: z.number({ error: BILLING_MESSAGES.pixPriceInvalid }).int(BILLING_MESSAGES.pixPriceInvalid).min(100, BILLING_MESSAGES.pixPriceInvalid).max(1_000_000, BILLING_MESSAGES.pixPriceInvalid).nullable() },
  { error: BILLING_MESSAGES.pixPriceInvalid },
);
export type PixPriceBody = z.infer<typeof PixPriceBody>;
