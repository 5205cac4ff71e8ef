import { CurrentUser, zod } from '@clima/common';
import type { UserIdentity } from '@clima/common';
import { BillingSubscription, CheckoutBody, ReceiptsResponse } from '@clima/contract';
import { Body, Controller, Get, HttpCode, Param, Post, StreamableFile } from '@nestjs/common';
import { SubscriptionsService } from './subscriptions.service';

@Controller('api/billing')
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Get('subscription')
  subscription(@CurrentUser() user: UserIdentity): Promise<BillingSubscription> {
    return this.subscriptions.summary(user.id);
  }

  @Post('checkout')
  @HttpCode(200)
  checkout(@CurrentUser() user: UserIdentity, @Body(zod(CheckoutBody)) body: CheckoutBody): Promise<{ url: string }> {
    return this.subscriptions.checkout(user, body);
  }

  @Get('receipts')
  async receipts(@CurrentUser() user: UserIdentity): Promise<ReceiptsResponse> {
    return { receipts: await this.subscriptions.receipts(user.id) };
  }

  @Get('receipts/:number/pdf')
  async receiptPdf(@CurrentUser() user: UserIdentity, @Param('number') number: string): Promise<StreamableFile> {
    const pdf = await this.subscriptions.receiptPdf(user.id, number);
    return new StreamableFile(pdf, { type: 'application/pdf', disposition: `attachment; filename="recibo-${number}.pdf"`, length: pdf.byteLength });
  }

  @Post('portal')
  @HttpCode(200)
  portal(@CurrentUser() user: UserIdentity): Promise<{ url: string }> {
    return this.subscriptions.portal(user.id);
  }
}
