import { AppError } from '@clima/common';
import { BILLING_MESSAGES } from '@clima/contract';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PAYMENT_PROVIDER, PaymentProvider, WebhookPayloadError, WebhookSignatureError } from '../providers/payment-provider';
import type { BillingEvent } from '../providers/billing-event';
import { SubscriptionLifecycle } from '../subscriptions/subscription-lifecycle.service';

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
    private readonly ds: DataSource,
    private readonly lifecycle: SubscriptionLifecycle,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  verify(rawBody: Buffer | undefined, headers: Record<string, string | string[] | undefined>): BillingEvent {
    if (!rawBody || !rawBody.length) throw AppError.badRequest(BILLING_MESSAGES.badWebhookBody);
    try {
      return this.provider.parseWebhook(rawBody, headers);
    } catch (err) {
      if (err instanceof WebhookSignatureError) throw AppError.badRequest(BILLING_MESSAGES.badSignature);
      if (err instanceof WebhookPayloadError) throw AppError.badRequest(BILLING_MESSAGES.badWebhookBody);
      throw err;
    }
  }

  async handle(rawBody: Buffer | undefined, headers: Record<string, string | string[] | undefined>): Promise<WebhookAnswer> {
    const event = this.verify(rawBody, headers);
    return this.ds.transaction(async (m) => {
      const inserted = (await m.query(
        `INSERT INTO billing.processed_events (provider, event_id, type, event_created_at, outcome)
         VALUES ($1, $2, $3, $4, 'processing') ON CONFLICT DO NOTHING RETURNING event_id`,
        [event.provider, event.id, event.type, event.created],
      )) as unknown[];
      if (!inserted.length) return { received: true as const, duplicate: true as const };
      const { outcome, note } = await this.lifecycle.apply(m, event);
      await m.query(`UPDATE billing.processed_events SET outcome = $3, note = $4 WHERE provider = $1 AND event_id = $2`, [event.provider, event.id, outcome, note ?? null]);
      return { received: true as const };
    });
  }
}
