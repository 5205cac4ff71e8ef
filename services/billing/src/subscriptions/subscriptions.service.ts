import { BillingSubscription, SubscriptionPlan, TRIAL_DAYS } from '@clima/contract';
import { Inject, Injectable } from '@nestjs/common';
import { PAYMENT_PROVIDER, PaymentProvider } from '../providers/payment-provider';
import type { Customer } from './customer.entity';
import { CustomersRepository } from './customers.repository';
import type { Subscription } from './subscription.entity';
import { SubscriptionsRepository } from './subscriptions.repository';
import { pickCurrent } from './subscription-status';
import { toBillingSubscription } from './subscription.mapper';
import { billingError, BillingError } from '../billing.errors';

/** The signed-in user's side of billing: the summary, the checkout and the provider's portal. */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly subscriptions: SubscriptionsRepository,
    private readonly customers: CustomersRepository,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async summary(userId: string): Promise<BillingSubscription> {
    const rows = await this.subscriptions.ofUser(userId);
    const customer = await this.customerOf(userId, pickCurrent(rows));
    return toBillingSubscription(pickCurrent(rows), { canManage: !!customer, trialEligible: rows.length === 0 });
  }

  async checkout(user: { id: string; email: string }, plan: SubscriptionPlan): Promise<{ url: string }> {
    const rows = await this.subscriptions.ofUser(user.id);
    if (rows.some((r) => r.status === 'active')) throw billingError(BillingError.AlreadySubscribed);
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
    const rows = await this.subscriptions.ofUser(userId);
    const customer = await this.customerOf(userId, pickCurrent(rows));
    if (!customer) throw billingError(BillingError.NoCustomer);
    return this.provider.createPortal({ userId, customerId: customer.providerCustomerId });
  }

  /** The customer of the current subscription, else the user's newest customer at this provider. */
  private async customerOf(userId: string, current: Subscription | null): Promise<Customer | null> {
    const provider = this.provider.name;
    if (current?.providerCustomerId && current.provider === provider) {
      const c = await this.customers.ofUser(provider, current.providerCustomerId, userId);
      if (c) return c;
    }
    return this.customers.newestOfUser(provider, userId);
  }
}
