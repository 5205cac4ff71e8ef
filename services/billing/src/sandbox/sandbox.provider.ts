import type { BillingConfig } from '../config';
import type { BillingEvent } from '../providers/billing-event';
import type { ChargeRequest, CheckoutRequest, CreatedCharge, PaymentProvider, PortalRequest } from '../providers/payment-provider';
import { boletoNumbers } from '../charges/boleto-line';
import { buildBrCode } from '../charges/br-code';
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
    private readonly config: BillingConfig,
    private readonly store: SandboxStore,
    private readonly cancellation: SandboxCancellation,
  ) {
    this.reader = new StripeEventReader('sandbox', config.BILLING_SANDBOX_WEBHOOK_SECRET, {}, config.BILLING_WEBHOOK_TOLERANCE_SECONDS);
  }

  async createCheckout(req: CheckoutRequest): Promise<{ url: string }> {
    const id = sandboxId('cs');
    await this.store.save({
      kind: 'checkout',
      id,
      userId: req.userId,
      email: req.email,
      plan: req.plan,
      trialDays: req.trialDays,
      customerId: req.customerId,
      firstChargeAt: req.firstChargeAt ? req.firstChargeAt.toISOString() : null,
    });
    return { url: `/api/billing/sandbox/checkout/${id}` };
  }

  /**
   * A Pix with a real BR Code (EMV payload and CRC16 a banking app reads; the receiver key is a demo one)
   * or a boleto with a well-formed digitable line (bank 000); paid from the sandbox's demo page.
   */
  async createCharge(req: ChargeRequest): Promise<CreatedCharge> {
    const chargeId = sandboxId('pi');
    const hostedUrl = `/api/billing/sandbox/charge/${chargeId}`;
    if (req.method === 'pix') {
      const code = buildBrCode({
        key: this.config.BILLING_SANDBOX_PIX_KEY,
        merchantName: this.config.BILLING_PIX_MERCHANT_NAME,
        merchantCity: this.config.BILLING_PIX_MERCHANT_CITY,
        amountCents: req.amountCents,
        txid: chargeId.replace('pi_sandbox_', 'CP'),
        description: 'Assinatura Clima Pro',
      });
      return { chargeId, code, pdfUrl: null, hostedUrl, expiresAt: new Date(Date.now() + this.config.BILLING_PIX_EXPIRES_HOURS * 3600_000) };
    }
    const expiresAt = new Date(Date.now() + this.config.BILLING_BOLETO_DUE_DAYS * 86_400_000);
    const reference = BigInt(`0x${chargeId.slice(-16)}`).toString().slice(-25);
    const { line } = boletoNumbers({ amountCents: req.amountCents, due: expiresAt, reference });
    return { chargeId, code: line, pdfUrl: `${hostedUrl}/boleto.pdf`, hostedUrl, expiresAt };
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
