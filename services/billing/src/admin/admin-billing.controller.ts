import { Audited, zod } from '@clima/common';
import { AdminPaymentsResponse, AdminPlanPricesResponse, PixPriceBody } from '@clima/contract';
import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { AdminBillingService } from './admin-billing.service';

/** The admin panel's billing: a user's payment history and the plans' Pix prices (changes recorded in the audit log). */
@Controller('api/admin/billing')
export class AdminBillingController {
  constructor(private readonly billing: AdminBillingService) {}

  @Get('users/:id/payments')
  payments(@Param('id') id: string): Promise<AdminPaymentsResponse> {
    return this.billing.payments(id);
  }

  @Get('plans')
  plans(): Promise<AdminPlanPricesResponse> {
    return this.billing.plans();
  }

  @Put('plans/:plan')
  @Audited({ entity: 'plans', action: 'update' })
  setPixPrice(@Param('plan') plan: string, @Body(zod(PixPriceBody)) body: PixPriceBody): Promise<AdminPlanPricesResponse> {
    return this.billing.setPixPrice(plan, body.pix_price_cents);
  }
}
