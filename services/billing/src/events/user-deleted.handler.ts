import { rootLogger } from '@clima/common';
import { Inject, Injectable } from '@nestjs/common';
import { PAYMENT_PROVIDER, PaymentProvider } from '../providers/payment-provider';
import { CustomersRepository } from '../subscriptions/customers.repository';
import { ChargesRepository } from '../charges/charges.repository';
import { PaymentsRepository } from '../subscriptions/payments.repository';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';

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
    private readonly subscriptions: SubscriptionsRepository,
    private readonly customers: CustomersRepository,
    private readonly payments: PaymentsRepository,
    private readonly charges: ChargesRepository,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async handle(userId: string): Promise<void> {
    const running = await this.subscriptions.ofUserAtProvider(userId, this.provider.name);
    // Pix/boleto periods are ours: nothing runs at the provider to stop
    for (const s of running.filter((r) => r.method === 'card' && RUNNING.includes(r.providerStatus))) {
      // a failure here fails the job, which is retried: the user is never left being charged
      await this.provider.cancelNow(s.providerSubscriptionId);
    }
    await this.subscriptions.transaction(async (m) => {
      await this.subscriptions.lock(m, `user:${userId}`);
      await this.customers.deleteOfUser(m, userId);
      await this.subscriptions.deleteOfUser(m, userId);
      await this.payments.anonymiseOfUser(m, userId);
      // the charges hold the boleto payer's CPF: gone with the account (the payments stay, anonymised)
      await this.charges.deleteOfUser(m, userId);
    });
    this.log.info({ userId }, 'billing data of deleted user removed');
  }
}
