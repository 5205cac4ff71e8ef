import { CONFIG, rootLogger } from '@clima/common';
import { Inject, Injectable } from '@nestjs/common';
import type { BillingConfig } from '../config';
import { TERMINAL } from '../subscriptions/subscription-status';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { eventOf, SandboxSubscriptionState, subscriptionObject, unix } from './sandbox-events';
import { SandboxService } from './sandbox.service';

/** This process's own webhook route, for work that runs outside a request (the user.deleted consumer). */
export function ownWebhookUrl(config: Pick<BillingConfig, 'HOST' | 'PORT'>): string {
  let host = config.HOST;
  if (host === '0.0.0.0' || host === '::') host = '127.0.0.1';
  if (host.includes(':')) host = `[${host}]`;
  return `http://${host}:${config.PORT}/api/billing/webhook`;
}

/**
 * The sandbox's side of `cancelNow` (the user was deleted): like Stripe, the subscription ends at once
 * and the provider reports it with a signed `customer.subscription.deleted` through the webhook route.
 */
@Injectable()
export class SandboxCancellation {
  private readonly log = rootLogger().child({ component: 'sandbox' });

  constructor(
    @Inject(CONFIG) private readonly config: BillingConfig,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly sandbox: SandboxService,
  ) {}

  async cancelNow(subscriptionId: string): Promise<void> {
    const row = await this.subscriptions.byProviderId('sandbox', subscriptionId);
    // ended already, or never known with a plan: nothing runs at the provider
    if (!row || !row.plan || !row.userId || TERMINAL.has(row.providerStatus)) return;
    const now = unix();
    const start = row.currentPeriodEnd ? new Date(row.currentPeriodEnd) : new Date(now * 1000);
    if (row.plan === 'monthly') start.setUTCMonth(start.getUTCMonth() - 1);
    else start.setUTCFullYear(start.getUTCFullYear() - 1);
    const state: SandboxSubscriptionState = {
      id: row.providerSubscriptionId,
      customerId: row.providerCustomerId ?? '',
      userId: row.userId,
      plan: row.plan,
      status: 'canceled',
      createdAt: unix(row.createdAt),
      periodStart: Math.min(unix(start), now),
      periodEnd: now,
      trialEnd: row.trialEnd ? unix(row.trialEnd) : null,
      cancelAtPeriodEnd: false,
      canceledAt: now,
      endedAt: now,
      cancellationReason: 'cancellation_requested',
    };
    try {
      await this.sandbox.deliver([eventOf('customer.subscription.deleted', subscriptionObject(state), now)], ownWebhookUrl(this.config));
    } catch (err) {
      // the subscription is over at the sandbox whatever happens to the notice: nothing else of it is kept there
      this.log.warn({ err, subscriptionId }, 'sandbox could not deliver the cancellation event');
    }
  }
}
