import { CONFIG, rootLogger } from '@clima/common';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { BillingConfig } from '../config';
import { SubscriptionLifecycle } from '../subscriptions/subscription-lifecycle.service';

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
    private readonly ds: DataSource,
    private readonly lifecycle: SubscriptionLifecycle,
    @Inject(CONFIG) private readonly config: BillingConfig,
  ) {}

  async expireDue(now = new Date()): Promise<number> {
    const graceSeconds = this.config.BILLING_RENEWAL_GRACE_HOURS * 3600;
    let changed = 0;
    for (;;) {
      // the same ends as accessEnd/accessStatus: the grace's end while a payment is pending, else the period's
      const rows = (await this.ds.query(
        `SELECT id FROM (
           SELECT id, current_period_end AS due FROM billing.subscriptions
            WHERE status = 'active' AND grace_until IS NULL AND current_period_end IS NOT NULL
              AND current_period_end + CASE WHEN cancel_at_period_end THEN interval '0' ELSE make_interval(secs => $2) END <= $1
           UNION ALL
           SELECT id, grace_until AS due FROM billing.subscriptions
            WHERE status = 'active' AND grace_until IS NOT NULL
              AND LEAST(grace_until, CASE WHEN cancel_at_period_end THEN current_period_end END) <= $1
         ) due ORDER BY due LIMIT 200`,
        [now, graceSeconds],
      )) as { id: string }[];
      let batch = 0;
      for (const r of rows) if (await this.ds.transaction((m) => this.lifecycle.reevaluate(m, r.id, now))) batch++;
      changed += batch;
      // rows that did not change (e.g. renewed meanwhile) would be found again: stop then
      if (rows.length < 200 || batch === 0) break;
    }
    if (changed) this.log.info({ changed }, 'subscriptions past their end updated');
    return changed;
  }
}
