import { rootLogger } from '@clima/common';
import Stripe from 'stripe';
import type { BillingConfig } from '../config';
import type { BillingEvent } from './billing-event';
import type { CheckoutRequest, PaymentProvider, PortalRequest } from './payment-provider';
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
        subscription_data: { metadata, ...(req.trialDays > 0 ? { trial_period_days: req.trialDays } : {}) },
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
