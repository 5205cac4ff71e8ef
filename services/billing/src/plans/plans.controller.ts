import { Public } from '@clima/common';
import { PLAN_CURRENCY, PLANS, PlansResponse, PlanView, TRIAL_DAYS } from '@clima/contract';
import { Controller, Get, Header } from '@nestjs/common';

const toView = (p: (typeof PLANS)[keyof typeof PLANS]): PlanView => ({ ...p, price: p.price_cents / 100, currency: PLAN_CURRENCY });
const ANSWER: PlansResponse = { trial_days: TRIAL_DAYS, plans: [toView(PLANS.monthly), toView(PLANS.annual)] };

/** GET /api/plans: the plans of the contract (spec section 9), for every screen that shows prices. */
@Controller('api/plans')
export class PlansController {
  @Get()
  @Public()
  @Header('Cache-Control', 'public, max-age=300')
  plans(): PlansResponse {
    return ANSWER;
  }
}
