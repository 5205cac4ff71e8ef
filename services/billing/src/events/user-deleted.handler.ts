import { rootLogger } from '@clima/common';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PAYMENT_PROVIDER, PaymentProvider } from '../providers/payment-provider';
import { Customer } from '../subscriptions/customer.entity';
import { Payment } from '../subscriptions/payment.entity';
import { Subscription } from '../subscriptions/subscription.entity';
import { lock } from '../subscriptions/subscription-lifecycle.service';

const RUNNING = ['trialing', 'active', 'past_due', 'unpaid', 'paused', 'incomplete'];

/**
 * user.deleted: the provider stops charging the user (subscriptions canceled at once), then the
 * user's customer links and subscriptions are removed; payments stay for the revenue figures with the
 * user id removed. Idempotent: a replay finds nothing left to do.
 */
@Injectable()
export class UserDeletedHandler {
  private readonly log = rootLogger().child({ component: 'user-deleted' });

  constructor(
    private readonly ds: DataSource,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async handle(userId: string): Promise<void> {
    const running = await this.ds.getRepository(Subscription).find({ where: { userId, provider: this.provider.name } });
    for (const s of running.filter((r) => RUNNING.includes(r.providerStatus))) {
      // a failure here fails the job, which is retried: the user is never left being charged
      await this.provider.cancelNow(s.providerSubscriptionId);
    }
    await this.ds.transaction(async (m) => {
      await lock(m, `user:${userId}`);
      await m.getRepository(Customer).delete({ userId });
      await m.getRepository(Subscription).delete({ userId });
      await m.getRepository(Payment).update({ userId }, { userId: null });
    });
    this.log.info({ userId }, 'billing data of deleted user removed');
  }
}
