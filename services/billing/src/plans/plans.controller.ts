import { PLAN_CURRENCY, PLANS, PlansResponse, PlanView, TRIAL_DAYS } from '@clima/contract';
import { Controller, Get, Header, Inject } from '@nestjs/common';
import { PlanPricesRepository } from '../charges/plan-prices.repository';
import { PAYMENT_PROVIDER, PaymentProvider } from '../providers/payment-provider';

const toView = (p: (typeof PLANS)[keyof typeof PLANS], pix: number | null): PlanView => ({ ...p, price: p.price_cents / 100, currency: PLAN_CURRENCY, pix_price_cents: pix });

/**
 * GET /api/plans: the plans of the contract (spec section 9), for every screen that shows prices,
 * and what the checkout dialog loads for the configured provider.
 */
@Controller('api/plans')
export class PlansController {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly prices: PlanPricesRepository,
  ) {}

  /** The Pix prices are the administrator's (billing.plan_prices); browsers keep the answer 60 s. */
  @Get()
  @Header('Cache-Control', 'public, max-age=60')
  async plans(): Promise<PlansResponse> {
    const pix = await this.prices.pixPrices();
    return {
      trial_days: TRIAL_DAYS,
      plans: [toView(PLANS.monthly, pix.monthly), toView(PLANS.annual, pix.annual)],
      checkout: { provider: this.provider.name, ...this.provider.client },
    };
  }
}
