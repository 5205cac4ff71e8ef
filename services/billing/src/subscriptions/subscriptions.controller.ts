import { CurrentUser, SignedIn, zod } from '@clima/common';
import type { UserIdentity } from '@clima/common';
import { BillingSubscription, CheckoutBody } from '@clima/contract';
import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { SubscriptionsService } from './subscriptions.service';

@Controller('api/billing')
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Get('subscription')
  @SignedIn()
  subscription(@CurrentUser() user: UserIdentity): Promise<BillingSubscription> {
    return this.subscriptions.summary(user.id);
  }

  @Post('checkout')
  @SignedIn()
  @HttpCode(200)
  checkout(@CurrentUser() user: UserIdentity, @Body(zod(CheckoutBody)) body: CheckoutBody): Promise<{ url: string }> {
    return this.subscriptions.checkout(user, body.plan);
  }

  @Post('portal')
  @SignedIn()
  @HttpCode(200)
  portal(@CurrentUser() user: UserIdentity): Promise<{ url: string }> {
    return this.subscriptions.portal(user.id);
  }
}
