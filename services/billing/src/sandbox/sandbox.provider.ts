import type { BillingConfig } from '../config';
import type { BillingEvent } from '../providers/billing-event';
import type { CheckoutRequest, PaymentProvider, PortalRequest } from '../providers/payment-provider';
import { StripeEventReader } from '../providers/stripe-events';
import type { SandboxCancellation } from './sandbox-cancellation';
import { sandboxId, SandboxStore } from './sandbox-store';

/**
 * The local provider used when no provider keys are set: its checkout and portal are pages served by
 * this service, and it reports what happened with the same Stripe-format signed events, delivered to
 * the same webhook route as Stripe's.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';
  /** The sandbox's pages are served by this service: the browser has nothing external to load. */
  readonly client = { script_url: null, stylesheet_url: null };
  private readonly reader: StripeEventReader;

  constructor(
    config: BillingConfig,
    private readonly store: SandboxStore,
    private readonly cancellation: SandboxCancellation,
  ) {
    this.reader = new StripeEventReader('sandbox', config.BILLING_SANDBOX_WEBHOOK_SECRET, {}, config.BILLING_WEBHOOK_TOLERANCE_SECONDS);
  }

  async createCheckout(req: CheckoutRequest): Promise<{ url: string }> {
    const id = sandboxId('cs');
    await this.store.save({ kind: 'checkout', id, userId: req.userId, email: req.email, plan: req.plan, trialDays: req.trialDays, customerId: req.customerId });
    return { url: `/api/billing/sandbox/checkout/${id}` };
  }

  async createPortal(req: PortalRequest): Promise<{ url: string }> {
    const id = sandboxId('bps');
    await this.store.save({ kind: 'portal', id, userId: req.userId, customerId: req.customerId });
    return { url: `/api/billing/sandbox/portal/${id}` };
  }

  /** Ends the subscription at once and reports it with the event Stripe sends (`customer.subscription.deleted`). */
  cancelNow(subscriptionId: string): Promise<void> {
    return this.cancellation.cancelNow(subscriptionId);
  }

  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): BillingEvent {
    return this.reader.parse(rawBody, headers);
  }
}
