import { ConfigError, loadConfig } from '@clima/common';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** The billing service's environment, validated once at boot. */
export const billingEnv = {
  /**
   * 'stripe' or 'sandbox'. STRIPE_SECRET_KEY set means Stripe whatever this says; without it, the sandbox
   * outside production, and in production only when this says 'sandbox'. Empty is unset (compose passes '').
   */
  BILLING_PROVIDER: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.enum(['stripe', 'sandbox']).optional()),
  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  /** Checkout Sessions with these recurring prices (preferred)… */
  STRIPE_PRICE_MONTHLY: optional,
  STRIPE_PRICE_ANNUAL: optional,
  /** …or Payment Links (the trial is then configured in the link). */
  STRIPE_PAYMENT_LINK_MONTHLY: optional,
  STRIPE_PAYMENT_LINK_ANNUAL: optional,
  /** Stripe.js, loaded by the web checkout dialog (the gateway's CSP allows https://js.stripe.com). */
  STRIPE_JS_URL: z.string().url().default('https://js.stripe.com/v3'),
  /** An optional stylesheet for the checkout dialog (must be allowed by the gateway's CSP). */
  STRIPE_CHECKOUT_STYLESHEET_URL: z.string().url().optional(),
  /** Secret that signs the sandbox's Stripe-format events; random per process when unset. */
  BILLING_SANDBOX_WEBHOOK_SECRET: optional,
  /** Where the sandbox delivers its events; by default this process's own webhook route. */
  BILLING_SANDBOX_WEBHOOK_URL: z.string().url().optional(),
  /** How old a webhook signature may be, in seconds (Stripe's default: 300). */
  BILLING_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  /** How often the expiry job runs, in minutes. */
  BILLING_EXPIRY_EVERY_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  /** A renewing subscription keeps access this long after its period end while the renewal event is late. */
  BILLING_RENEWAL_GRACE_HOURS: z.coerce.number().min(0).max(24 * 14).default(24),
  /** A renewal that failed keeps access this many days after the failure while the provider retries the charge. */
  BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
  /** A Pix/boleto period's next charge is created and e-mailed this many days before the period ends. */
  BILLING_CHARGE_DAYS_AHEAD: z.coerce.number().int().min(1).max(30).default(5),
  /** How long a Pix code can be paid, in hours. */
  BILLING_PIX_EXPIRES_HOURS: z.coerce.number().int().min(1).max(24 * 7).default(24),
  /** How many days after it is issued a boleto falls due. */
  BILLING_BOLETO_DUE_DAYS: z.coerce.number().int().min(1).max(30).default(3),
  /** The sandbox's Pix receiver (its BR Codes are real EMV payloads a banking app reads; the key is a demo one). */
  BILLING_SANDBOX_PIX_KEY: z.string().trim().min(1).max(77).default('pix-demonstracao@climapro.com.br'),
  BILLING_PIX_MERCHANT_NAME: z.string().trim().min(1).max(25).default('CLIMA PRO'),
  /** The demo rows of the demo users (auth's 'email_1' …) go in only where auth creates those users: SEED_DEMO_USERS, else outside production. */
  SEED_DEMO_USERS: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1' || v === 'yes')),
  BILLING_PIX_MERCHANT_CITY: z.string().trim().min(1).max(15).default('SAO PAULO'),
};

type RawBillingConfig = ReturnType<typeof loadRaw>;
const loadRaw = (env: NodeJS.ProcessEnv) => loadConfig('billing', billingEnv, env);

export type BillingConfig = RawBillingConfig & {
  BILLING_PROVIDER: 'stripe' | 'sandbox';
  BILLING_SANDBOX_WEBHOOK_SECRET: string;
};

function fail(variable: string, message: string): never {
  throw new ConfigError(`Configuração inválida para o serviço billing:\n  ${variable}: ${message}`);
}

/**
 * Loads and checks the conditional rules: a Stripe key always means Stripe (never a sandbox that grants
 * subscriptions for free beside live keys), Stripe needs its keys and one checkout per plan, and
 * production runs the sandbox only when asked for by name.
 */
export function loadBillingConfig(env: NodeJS.ProcessEnv = process.env): BillingConfig {
  const raw = loadRaw(env);
  const provider = raw.STRIPE_SECRET_KEY ? 'stripe' : (raw.BILLING_PROVIDER ?? 'sandbox');
  if (provider === 'stripe') {
    if (!raw.STRIPE_SECRET_KEY) fail('STRIPE_SECRET_KEY', 'obrigatória com BILLING_PROVIDER=stripe');
    if (!raw.STRIPE_WEBHOOK_SECRET) fail('STRIPE_WEBHOOK_SECRET', 'obrigatória com o provedor Stripe');
    if (!raw.STRIPE_PRICE_MONTHLY && !raw.STRIPE_PAYMENT_LINK_MONTHLY) fail('STRIPE_PRICE_MONTHLY', 'defina o preço mensal ou STRIPE_PAYMENT_LINK_MONTHLY');
    if (!raw.STRIPE_PRICE_ANNUAL && !raw.STRIPE_PAYMENT_LINK_ANNUAL) fail('STRIPE_PRICE_ANNUAL', 'defina o preço anual ou STRIPE_PAYMENT_LINK_ANNUAL');
    for (const v of ['STRIPE_PAYMENT_LINK_MONTHLY', 'STRIPE_PAYMENT_LINK_ANNUAL'] as const) {
      if (raw[v] && !/^https:\/\//.test(raw[v])) fail(v, 'deve ser um endereço https://');
    }
  } else if (raw.NODE_ENV === 'production' && raw.BILLING_PROVIDER !== 'sandbox') {
    // the sandbox grants subscriptions without payment: never by accident in production
    fail(
      'STRIPE_SECRET_KEY',
      'obrigatória em produção (NODE_ENV=production): sem ela o billing seria o sandbox, em que qualquer um assina sem pagar. ' +
        'Defina STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET e os preços, ou BILLING_PROVIDER=sandbox para uma demonstração',
    );
  }
  return {
    ...raw,
    BILLING_PROVIDER: provider,
    BILLING_SANDBOX_WEBHOOK_SECRET: raw.BILLING_SANDBOX_WEBHOOK_SECRET ?? `whsec_sandbox_${randomBytes(24).toString('hex')}`,
  };
}
