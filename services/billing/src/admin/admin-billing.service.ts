import { auditBefore, auditRecordId } from '@clima/common';
import { AdminPaymentsResponse, AdminPlanPricesResponse, maskCpf, PLANS, SubscriptionPlan } from '@clima/contract';
import { Injectable } from '@nestjs/common';
import { billingError, BillingError } from '../billing.errors';
import { PlanPricesRepository } from '../charges/plan-prices.repository';
import { PaymentsRepository } from '../subscriptions/payments.repository';

@Injectable()
export class AdminBillingService {
  constructor(
    private readonly paymentRows: PaymentsRepository,
    private readonly prices: PlanPricesRepository,
  ) {}

  /** The user's payments, newest first; a boleto payer's CPF only masked. */
  async payments(userId: string): Promise<AdminPaymentsResponse> {
    const rows = await this.paymentRows.historyOfUser(userId);
    return {
      payments: rows.map((r) => ({
        number: r.receipt_number,
        paid_at: r.paid_at.toISOString(),
        plan: r.plan,
        method: r.method,
        amount_cents: r.amount_cents,
        currency: r.currency,
        payer: r.payer,
        payer_cpf: r.payer_cpf ? maskCpf(r.payer_cpf) : null,
      })),
    };
  }

  async plans(): Promise<AdminPlanPricesResponse> {
    const pix = await this.prices.pixPrices();
    return { plans: (['monthly', 'annual'] as const).map((plan) => ({ plan, name: PLANS[plan].name, price_cents: PLANS[plan].price_cents, pix_price_cents: pix[plan] })) };
  }

  /** A Pix price above the plan's price would be no discount: refused (400). */
  async setPixPrice(plan: string, cents: number | null): Promise<AdminPlanPricesResponse> {
    if (plan !== 'monthly' && plan !== 'annual') throw billingError(BillingError.UnknownPlan);
    const id: SubscriptionPlan = plan;
    if (cents !== null && cents > PLANS[id].price_cents) throw billingError(BillingError.PixPriceInvalid);
    const before = await this.plans();
    auditBefore(before.plans.find((p) => p.plan === id));
    auditRecordId(id);
    await this.prices.setPixPrice(id, cents);
    return this.plans();
  }
}
