import type { SubscriptionPlan } from '@clima/contract';
import type { BillingEvent } from './billing-event';

export interface CheckoutRequest {
  userId: string;
  email: string;
  plan: SubscriptionPlan;
  /** 0 when the user already had a subscription (the trial is offered once). */
  trialDays: number;
  /**
   * A switch from Pix or boleto: the period already paid runs until then, so the card is first charged
   * then (null otherwise).
   */
  firstChargeAt?: Date | null;
  /** The user's existing provider customer, reused so the portal shows one history. */
  customerId: string | null;
}

export interface ChargeRequest {
  userId: string;
  email: string;
  name: string | null;
  plan: SubscriptionPlan;
  method: 'pix' | 'boleto';
  amountCents: number;
  /** The boleto's payer (11 digits); null for Pix. */
  cpf: string | null;
  /** When the period it pays starts (now for a first payment, the end of the current period for a renewal). */
  dueAt: Date;
}

/** A charge the provider created: what the payer needs to pay it. */
export interface CreatedCharge {
  chargeId: string;
  /** Pix: the BR Code (copia e cola); boleto: the digitable line. */
  code: string;
  pdfUrl: string | null;
  hostedUrl: string | null;
  expiresAt: Date;
}

export interface PortalRequest {
  userId: string;
  customerId: string;
}

/** The webhook did not prove it came from the provider (bad, missing or stale signature). */
export class WebhookSignatureError extends Error {}

/** The webhook was authentic but is not an event we can read. */
export class WebhookPayloadError extends Error {}

/**
 * What the billing service needs from a payment provider. Stripe is the default; a Brazilian
 * provider is added by implementing this interface and selecting it in the provider module.
 */
export interface PaymentProvider {
  readonly name: string;
  /** The provider's browser script and stylesheet for the checkout dialog (GET /api/plans). */
  readonly client: { script_url: string | null; stylesheet_url: string | null };
  /** A hosted checkout for the plan, carrying our user id; the browser is sent to `url`. */
  createCheckout(req: CheckoutRequest): Promise<{ url: string }>;
  /** A one-time Pix or boleto payment for one period of the plan (Stripe: a confirmed PaymentIntent). */
  createCharge(req: ChargeRequest): Promise<CreatedCharge>;
  /** The provider's self-service page (change card, cancel). */
  createPortal(req: PortalRequest): Promise<{ url: string }>;
  /** Ends a subscription at once (the user was deleted); must tolerate one already ended. */
  cancelNow(subscriptionId: string): Promise<void>;
  /** Verifies the signature over the raw body and translates the event; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): BillingEvent;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');
