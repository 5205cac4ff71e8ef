import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { zod } from '@clima/common';
import { AUTH_MESSAGES, PasswordResetCheckBody, PasswordResetConfirmBody, PasswordResetRequestBody, type PasswordResetCheckAnswer } from '@clima/contract';
import type { HttpRequest as Request } from '@clima/common';
import { clientIp } from '../infra/client-ip';
import { PasswordResetService } from './password-reset.service';

/** 'Esqueci minha senha' (issue 14): ask for a link, then set a new password with it. */
@Controller('api/auth/password-reset')
export class PasswordResetController {
  constructor(private readonly resets: PasswordResetService) {}

  /** 202 with the same answer whether or not an account has this e-mail. */
  @Post()
  @HttpCode(202)
  async request(@Body(zod(PasswordResetRequestBody)) body: PasswordResetRequestBody, @Req() req: Request): Promise<{ message: string }> {
    await this.resets.request(body.email, clientIp(req));
    return { message: AUTH_MESSAGES.passwordResetRequested };
  }

  /** The reset page asks when it opens: a used or expired link says so before any password is typed. */
  @Post('check')
  @HttpCode(200)
  async check(@Body(zod(PasswordResetCheckBody)) body: PasswordResetCheckBody): Promise<PasswordResetCheckAnswer> {
    await this.resets.check(body.token);
    return { valid: true };
  }

  @Post('confirm')
  @HttpCode(200)
  async confirm(@Body(zod(PasswordResetConfirmBody)) body: PasswordResetConfirmBody, @Req() req: Request): Promise<{ success: true; message: string }> {
    await this.resets.confirm(body, clientIp(req));
    return { success: true, message: AUTH_MESSAGES.passwordResetDone };
  }
}
