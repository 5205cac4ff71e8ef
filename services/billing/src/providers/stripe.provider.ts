import { rootLogger } from '@clima/common';
import Stripe from 'stripe';
import type { BillingConfig } from '../config';
import type { BillingEvent } from './billing-event';
import type { ChargeRequest, CheckoutRequest, CreatedCharge, PaymentProvider, PortalRequest } from './payment-provider';
import { StripeEventReader } from './stripe-events';
import { billingError, BillingError } from '../billing.errors';

/** The default provider: Stripe Checkout Sessions (or Payment Links), the Customer Portal, signed webhooks. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly client: { script_url: string | null; stylesheet_url: string | null };
  private readonly stripe: Stripe;
  private readonly reader: StripeEventReader;

  constructor(private readonly config: BillingConfig) {
    this.client = { script_url: config.STRIPE_JS_URL, stylesheet_url: config.STRIPE_CHECKOUT_STYLESHEET_URL ?? null };
    this.stripe = new Stripe(config.STRIPE_SECRET_KEY!, { maxNetworkRetries: 2, timeout: 10_000 });
    this.reader = new StripeEventReader(
      'stripe',
      config.STRIPE_WEBHOOK_SECRET!,
      { monthly: config.STRIPE_PRICE_MONTHLY, annual: config.STRIPE_PRICE_ANNUAL },
      config.BILLING_WEBHOOK_TOLERANCE_SECONDS,
    );
  }

  async createCheckout(req: CheckoutRequest): Promise<{ url: string }> {
    const price = req.plan === 'monthly' ? this.config.STRIPE_PRICE_MONTHLY : this.config.STRIPE_PRICE_ANNUAL;
    if (!price) return { url: this.paymentLink(req) };
    const site = this.config.PUBLIC_URL.replace(/\/$/, '');
    const metadata = { user_id: req.userId, plan: req.plan };
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price, quantity: 1 }],
        client_reference_id: req.userId,
        ...(req.customerId ? { customer: req.customerId } : { customer_email: req.email || undefined }),
        subscription_data: {
          metadata,
          ...(req.trialDays > 0 ? { trial_period_days: req.trialDays } : {}),
          // a switch from Pix/boleto: the card is first charged when the period already paid ends
          ...(req.trialDays === 0 && req.firstChargeAt && req.firstChargeAt.getTime() > Date.now() + 48 * 3600_000
            ? { trial_end: Math.ceil(req.firstChargeAt.getTime() / 1000) }
            : {}),
        },
        metadata,
        locale: 'pt-BR',
        success_url: `${site}/subscription?status=success`,
        cancel_url: `${site}/subscription?status=canceled`,
      }),
    );
    if (!session.url) throw billingError(BillingError.ProviderUnavailable);
    return { url: session.url };
  }

  /** Payment Links carry our user id as client_reference_id; their trial is set in the link itself. */
  private paymentLink(req: CheckoutRequest): string {
    const link = req.plan === 'monthly' ? this.config.STRIPE_PAYMENT_LINK_MONTHLY : this.config.STRIPE_PAYMENT_LINK_ANNUAL;
    const url = new URL(link!);
    url.searchParams.set('client_reference_id', req.userId);
    if (req.email) url.searchParams.set('prefilled_email', req.email);
    url.searchParams.set('locale', 'pt-BR');
    return url.toString();
  }

  /**
   * A confirmed PaymentIntent with `pix` or `boleto` (Brazilian Stripe accounts): its next action carries the
   * BR Code and QR image (pix_display_qr_code) or the digitable line and PDF (boleto_display_details).
   * `metadata.clima_charge` marks it as ours for the webhook reader.
   */
  async createCharge(req: ChargeRequest): Promise<CreatedCharge> {
    const metadata = { user_id: req.userId, plan: req.plan, clima_charge: req.method, due_at: req.dueAt.toISOString() };
    const common = { amount: req.amountCents, currency: 'brl', payment_method_types: [req.method], confirm: true, metadata, description: `Clima Pro — plano ${req.plan === 'monthly' ? 'Mensal' : 'Anual'}` };
    const pi = await this.call(() =>
      req.method === 'pix'
        ? this.stripe.paymentIntents.create({
            ...common,
            payment_method_data: { type: 'pix' },
            payment_method_options: { pix: { expires_after_seconds: this.config.BILLING_PIX_EXPIRES_HOURS * 3600 } },
          })
        : this.stripe.paymentIntents.create({
            ...common,
            payment_method_data: { type: 'boleto', boleto: { tax_id: req.cpf ?? '' }, billing_details: { name: req.name ?? req.email, email: req.email || undefined } },
            payment_method_options: { boleto: { expires_after_days: this.config.BILLING_BOLETO_DUE_DAYS } },
          }),
    );
    const next = (pi.next_action ?? {}) as {
      pix_display_qr_code?: { data?: string; expires_at?: number; hosted_instructions_url?: string };
      boleto_display_details?: { number?: string; pdf?: string; hosted_voucher_url?: string; expires_at?: number };
    };
    const pix = next.pix_display_qr_code;
    const boleto = next.boleto_display_details;
    const code = pix?.data ?? boleto?.number?.replace(/\D/g, '');
    const expires = pix?.expires_at ?? boleto?.expires_at;
    if (!code || !expires) {
      rootLogger().error({ paymentIntent: pi.id, status: pi.status }, 'stripe charge without its payment details');
      throw billingError(BillingError.ProviderUnavailable);
    }
    return {
      chargeId: pi.id,
      code,
      pdfUrl: boleto?.pdf ?? null,
      hostedUrl: pix?.hosted_instructions_url ?? boleto?.hosted_voucher_url ?? null,
      expiresAt: new Date(expires * 1000),
    };
  }

  async createPortal(req: PortalRequest): Promise<{ url: string }> {
    const site = this.config.PUBLIC_URL.replace(/\/$/, '');
    const session = await this.call(() =>
      this.stripe.billingPortal.sessions.create({ customer: req.customerId, return_url: `${site}/subscription`, locale: 'pt-BR' }),
    );
    return { url: session.url };
  }

  async cancelNow(subscriptionId: string): Promise<void> {
    try {
      await this.stripe.subscriptions.cancel(subscriptionId);
    } catch (err) {
      const e = err as { code?: string; statusCode?: number };
      // already canceled or unknown to Stripe: nothing left to stop
      if (e.code === 'resource_missing' || e.statusCode === 404) return;
      throw err;
    }
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): BillingEvent {
    return this.reader.parse(rawBody, headers);
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      rootLogger().error({ err }, 'stripe request failed');
      throw billingError(BillingError.ProviderUnavailable);
    }
  }
}
