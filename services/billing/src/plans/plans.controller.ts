import { Public } from '@clima/common';
import { PLAN_CURRENCY, PLANS, PlansResponse, PlanView, TRIAL_DAYS } from '@clima/contract';
import { Controller, Get, Header, Inject } from '@nestjs/common';
import { PAYMENT_PROVIDER, PaymentProvider } from '../providers/payment-provider';

const toView = (p: (typeof PLANS)[keyof typeof PLANS]): PlanView => ({ ...p, price: p.price_cents / 100, currency: PLAN_CURRENCY });

/**
 * GET /api/plans: the plans of the contract (spec section 9), for every screen that shows prices,
 * and what the checkout dialog loads for the configured provider.
 */
@Controller('api/plans')
export class PlansController {
  private readonly answer: PlansResponse;

  constructor(@Inject(PAYMENT_PROVIDER) provider: PaymentProvider) {
    this.answer = {
      trial_days: TRIAL_DAYS,
      plans: [toView(PLANS.monthly), toView(PLANS.annual)],
      checkout: { provider: provider.name, ...provider.client },
    };
  }

  @Get()
  @Public()
  @Header('Cache-Control', 'public, max-age=300')
  plans(): PlansResponse {
    return this.answer;
  }
}
