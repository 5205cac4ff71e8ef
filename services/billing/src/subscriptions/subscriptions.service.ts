import { BillingSubscription, CheckoutBody, Receipt, TRIAL_DAYS } from '@clima/contract';
import { ChargesService } from '../charges/charges.service';
import { receiptPdf } from '../charges/documents-pdf';
import { PaymentsRepository, ReceiptRow } from './payments.repository';
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
    private readonly charges: ChargesService,
    private readonly payments: PaymentsRepository,
  ) {}

  async summary(userId: string): Promise<BillingSubscription> {
    const rows = await this.subscriptions.ofUser(userId);
    const current = pickCurrent(rows);
    const [customer, pendingCharge] = await Promise.all([this.customerOf(userId, current), this.charges.pendingOf(userId, current)]);
    return toBillingSubscription(current, { canManage: !!customer && current?.method === 'card', trialEligible: rows.length === 0, pendingCharge });
  }

  /**
   * The card: the provider's checkout (the trial once per user; a switch from Pix/boleto first charges the
   * card when the period already paid ends). Pix and boleto: a charge for the first period, or for the next
   * one while a Pix/boleto period runs; /subscription then shows it.
   */
  async checkout(user: { id: string; email: string; name: string | null }, body: CheckoutBody): Promise<{ url: string }> {
    const rows = await this.subscriptions.ofUser(user.id);
    const active = rows.filter((r) => r.status === 'active');
    const periodic = active.length > 0 && active.every((r) => r.method !== 'card') ? pickCurrent(active) : null;
    if (active.length && !periodic) throw billingError(BillingError.AlreadySubscribed);
    if (body.method !== 'card') {
      await this.charges.create(user, body.plan, body.method, body.cpf, periodic && !periodic.cancelAtPeriodEnd ? periodic : null);
      return { url: '/subscription?status=charge' };
    }
    const customer = await this.customerOf(user.id, null);
    return this.provider.createCheckout({
      userId: user.id,
      email: user.email,
      plan: body.plan,
      // the free trial is offered once per user
      trialDays: rows.length === 0 ? TRIAL_DAYS : 0,
      firstChargeAt: periodic?.currentPeriodEnd ?? null,
      customerId: customer?.providerCustomerId ?? null,
    });
  }

  async receipts(userId: string): Promise<Receipt[]> {
    return (await this.payments.receiptsOfUser(userId)).map(toReceipt);
  }

  /** A receipt of the caller's as a PDF; 404 for another user's or an unknown number. */
  async receiptPdf(userId: string, number: string): Promise<Buffer> {
    const r = await this.payments.receipt(number);
    if (!r || r.user_id !== userId) throw billingError(BillingError.ReceiptNotFound);
    return receiptPdf({ number: r.receipt_number, paidAt: r.paid_at, plan: r.plan, method: r.method, amountCents: r.amount_cents, payer: r.payer });
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

export const toReceipt = (r: ReceiptRow): Receipt => ({
  number: r.receipt_number,
  paid_at: r.paid_at.toISOString(),
  plan: r.plan,
  method: r.method,
  amount_cents: r.amount_cents,
  currency: r.currency,
  payer: r.payer,
  pdf_url: `/api/billing/receipts/${r.receipt_number}/pdf`,
});
