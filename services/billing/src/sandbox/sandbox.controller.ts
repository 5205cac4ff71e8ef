import { CurrentUser } from '@clima/common';
import type { HttpReply, HttpRequest, UserIdentity } from '@clima/common';
import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { PAGE_HEADERS } from './sandbox-pages';
import { CardForm, Page, SandboxService } from './sandbox.service';

/** This process's own webhook route, as the request reached it (works behind nginx and in tests). */
export function ownWebhookUrl(req: HttpRequest): string {
  let host = req.raw.socket.localAddress ?? '127.0.0.1';
  if (host.startsWith('::ffff:')) host = host.slice(7);
  if (host === '::' || host === '0.0.0.0') host = '127.0.0.1';
  if (host.includes(':')) host = `[${host}]`;
  return `http://${host}:${req.raw.socket.localPort}/api/billing/webhook`;
}

function send(res: HttpReply, page: Page): void {
  if (page.redirect) {
    res.redirect(page.redirect, 303);
    return;
  }
  res.code(page.status).headers(PAGE_HEADERS).send(page.html);
}

/** The sandbox provider's hosted pages (only mounted in sandbox mode). */
@Controller('api/billing/sandbox')
export class SandboxController {
  constructor(private readonly sandbox: SandboxService) {}

  @Get('checkout/:id')
  async checkout(@Param('id') id: string, @CurrentUser() user: UserIdentity, @Res() res: HttpReply): Promise<void> {
    send(res, await this.sandbox.checkoutPage(id, user));
  }

  @Post('checkout/:id/complete')
  async complete(@Param('id') id: string, @CurrentUser() user: UserIdentity, @Body() body: unknown, @Req() req: HttpRequest, @Res() res: HttpReply): Promise<void> {
    const form = (body && typeof body === 'object' ? body : {}) as CardForm;
    send(res, await this.sandbox.completeCheckout(id, user, form, ownWebhookUrl(req)));
  }

  @Get('charge/:id')
  async charge(@Param('id') id: string, @Query('ok') ok: unknown, @CurrentUser() user: UserIdentity, @Res() res: HttpReply): Promise<void> {
    send(res, await this.sandbox.chargePage(id, user, typeof ok === 'string' ? ok : undefined));
  }

  @Get('charge/:id/boleto.pdf')
  async boleto(@Param('id') id: string, @CurrentUser() user: UserIdentity, @Res() res: HttpReply): Promise<void> {
    const answer = await this.sandbox.boleto(id, user);
    if (!answer.pdf) return send(res, { status: answer.status, html: answer.html });
    res.code(200).headers({ 'Content-Type': 'application/pdf', 'Content-Disposition': 'inline; filename="boleto-clima-pro.pdf"', 'Cache-Control': 'private, no-store' }).send(answer.pdf);
  }

  @Post('charge/:id/:action')
  async chargeAction(@Param('id') id: string, @Param('action') action: string, @CurrentUser() user: UserIdentity, @Req() req: HttpRequest, @Res() res: HttpReply): Promise<void> {
    send(res, await this.sandbox.chargeAction(id, user, action, ownWebhookUrl(req)));
  }

  @Get('portal/:id')
  async portal(@Param('id') id: string, @Query('ok') ok: unknown, @CurrentUser() user: UserIdentity, @Res() res: HttpReply): Promise<void> {
    send(res, await this.sandbox.portalPage(id, user, typeof ok === 'string' ? ok : undefined));
  }

  @Post('portal/:id/:action')
  async action(@Param('id') id: string, @Param('action') action: string, @CurrentUser() user: UserIdentity, @Req() req: HttpRequest, @Res() res: HttpReply): Promise<void> {
    send(res, await this.sandbox.portalAction(id, user, action, ownWebhookUrl(req)));
  }
}
