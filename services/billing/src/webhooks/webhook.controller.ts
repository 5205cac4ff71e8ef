import { type HttpRequest } from '@clima/common';
import { Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import { WebhookAnswer, WebhookService } from './webhook.service';

/** POST /api/billing/webhook: public, authenticated by the provider's signature. */
@Controller('api/billing/webhook')
export class WebhookController {
  constructor(private readonly webhooks: WebhookService) {}

  @Post()
  @HttpCode(200)
  receive(@Req() req: RawBodyRequest<HttpRequest>): Promise<WebhookAnswer> {
    return this.webhooks.handle(req.rawBody, req.headers);
  }
}
