import { Inject, Injectable } from '@nestjs/common';
import { PAYMENT_PROVIDER, PaymentProvider, WebhookPayloadError, WebhookSignatureError } from '../providers/payment-provider';
import type { BillingEvent } from '../providers/billing-event';
import { SubscriptionLifecycle } from '../subscriptions/subscription-lifecycle.service';
import { ProcessedEventsRepository } from './processed-events.repository';
import { billingError, BillingError } from '../billing.errors';

export interface WebhookAnswer {
  received: true;
  duplicate?: true;
}

/**
 * Provider webhooks: authenticity is the signature over the raw body; each event is applied at most
 * once, its id stored in the same transaction as its effects. A failure (e.g. the database away)
 * rolls everything back and answers 5xx, so the provider delivers the event again later.
 */
@Injectable()
export class WebhookService {
  constructor(
    private readonly processed: ProcessedEventsRepository,
    private readonly lifecycle: SubscriptionLifecycle,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  verify(rawBody: Buffer | undefined, headers: Record<string, string | string[] | undefined>): BillingEvent {
    if (!rawBody || !rawBody.length) throw billingError(BillingError.BadWebhookBody);
    try {
      return this.provider.parseWebhook(rawBody, headers);
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw billingError(BillingError.BadSignature);
      if (err instanceof WebhookPayloadError) throw billingError(BillingError.BadWebhookBody);
      throw err;
    }
  }

  async handle(rawBody: Buffer | undefined, headers: Record<string, string | string[] | undefined>): Promise<WebhookAnswer> {
    const event = this.verify(rawBody, headers);
    return this.processed.transaction(async (m) => {
      if (!(await this.processed.claim(m, event))) return { received: true as const, duplicate: true as const };
      const { outcome, note } = await this.lifecycle.apply(m, event);
      await this.processed.recordOutcome(m, event.provider, event.id, outcome, note ?? null);
      return { received: true as const };
    });
  }
}
