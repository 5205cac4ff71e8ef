import { CONFIG, rootLogger } from '@clima/common';
import { Inject, Injectable } from '@nestjs/common';
import type { BillingConfig } from '../config';
import { ChargesService } from '../charges/charges.service';
import { SubscriptionLifecycle } from '../subscriptions/subscription-lifecycle.service';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';

/**
 * Subscriptions whose paid period ended without news from the provider stop granting access:
 * canceled-at-period-end ones become 'canceled' at the period end, renewing ones 'expired' after the
 * renewal grace, and a failed renewal 'expired' when its grace (BILLING_GRACE_DAYS) ends without a
 * payment. Each change is announced like any other (subscription.changed through the outbox).
 */
@Injectable()
export class ExpiryService {
  private readonly log = rootLogger().child({ component: 'expiry' });

  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly lifecycle: SubscriptionLifecycle,
    @Inject(CONFIG) private readonly config: BillingConfig,
    private readonly charges: ChargesService,
  ) {}

  /** The scheduled run: access that ended, then the Pix/boleto charges of the periods about to end. */
  async tick(now = new Date()): Promise<number> {
    const changed = await this.expireDue(now);
    await this.charges.issueRenewals(now);
    return changed;
  }

  async expireDue(now = new Date()): Promise<number> {
    const graceSeconds = this.config.BILLING_RENEWAL_GRACE_HOURS * 3600;
    let changed = 0;
    for (;;) {
      const ids = await this.subscriptions.dueForExpiry(now, graceSeconds);
      let batch = 0;
      for (const id of ids) if (await this.subscriptions.transaction((m) => this.lifecycle.reevaluate(m, id, now))) batch++;
      changed += batch;
      // rows that did not change (e.g. renewed meanwhile) would be found again: stop then
      if (ids.length < 200 || batch === 0) break;
    }
    if (changed) this.log.info({ changed }, 'subscriptions past their end updated');
    return changed;
  }
}
