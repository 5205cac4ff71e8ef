import { AppError } from '@clima/common';
import { BILLING_MESSAGES, BillingSubscription, SubscriptionPlan, TRIAL_DAYS } from '@clima/contract';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PAYMENT_PROVIDER, PaymentProvider } from '../providers/payment-provider';
import { Customer } from './customer.entity';
import { Subscription } from './subscription.entity';
import { pickCurrent } from './subscription-status';
import { toBillingSubscription } from './subscription.mapper';

/** The signed-in user's side of billing: the summary, the checkout and the provider's portal. */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly ds: DataSource,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async summary(userId: string): Promise<BillingSubscription> {
    const rows = await this.ds.getRepository(Subscription).find({ where: { userId } });
    const customer = await this.customerOf(userId, pickCurrent(rows));
    return toBillingSubscription(pickCurrent(rows), { canManage: !!customer, trialEligible: rows.length === 0 });
  }

  async checkout(user: { id: string; email: string }, plan: SubscriptionPlan): Promise<{ url: string }> {
    const rows = await this.ds.getRepository(Subscription).find({ where: { userId: user.id } });
    if (rows.some((r) => r.status === 'active')) throw AppError.conflict(BILLING_MESSAGES.alreadySubscribed);
    const customer = await this.customerOf(user.id, null);
    return this.provider.createCheckout({
      userId: user.id,
      email: user.email,
      plan,
      // the free trial is offered once per user
      trialDays: rows.length === 0 ? TRIAL_DAYS : 0,
      customerId: customer?.providerCustomerId ?? null,
    });
  }

  async portal(userId: string): Promise<{ url: string }> {
    const rows = await this.ds.getRepository(Subscription).find({ where: { userId } });
    const customer = await this.customerOf(userId, pickCurrent(rows));
    if (!customer) throw AppError.notFound(BILLING_MESSAGES.noCustomer);
    return this.provider.createPortal({ userId, customerId: customer.providerCustomerId });
  }

  /** The customer of the current subscription, else the user's newest customer at this provider. */
  private async customerOf(userId: string, current: Subscription | null): Promise<Customer | null> {
    const repo = this.ds.getRepository(Customer);
    const provider = this.provider.name;
    if (current?.providerCustomerId && current.provider === provider) {
      const c = await repo.findOne({ where: { provider, providerCustomerId: current.providerCustomerId, userId } });
      if (c) return c;
    }
    return repo.findOne({ where: { userId, provider }, order: { createdAt: 'DESC', id: 'DESC' } });
  }
}
