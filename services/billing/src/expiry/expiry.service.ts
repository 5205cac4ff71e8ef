import { CONFIG, rootLogger } from '@clima/common';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { BillingConfig } from '../config';
import { SubscriptionLifecycle } from '../subscriptions/subscription-lifecycle.service';

/**
 * Subscriptions whose paid period ended without news from the provider stop granting access:
 * canceled-at-period-end ones become 'canceled' at the period end, renewing ones 'expired' after the
 * renewal grace. Each change is announced like any other (subscription.changed through the outbox).
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
      const rows = (await this.ds.query(
        `SELECT id FROM billing.subscriptions
          WHERE status = 'active' AND current_period_end IS NOT NULL
            AND current_period_end + CASE WHEN cancel_at_period_end THEN interval '0' ELSE make_interval(secs => $2) END <= $1
          ORDER BY current_period_end LIMIT 200`,
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
