import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CurrentUser, UserIdentity, zod } from '@clima/common';
import { AUTH_MESSAGES, VerifyEmailAnswer, VerifyEmailBody } from '@clima/contract';
import type { HttpRequest as Request } from '@clima/common';
import { EmailVerificationService } from './email-verification.service';

/** The verification link's page calls the first; the banner and the profile call the second. */
@Controller()
export class EmailVerificationController {
  constructor(private readonly verification: EmailVerificationService) {}

  /** Public: the link alone proves the address, from any browser. */
  @Post('api/auth/verify-email')
  @HttpCode(200)
  async verify(@Body(zod(VerifyEmailBody)) body: VerifyEmailBody, @Req() req: Request): Promise<VerifyEmailAnswer> {
    const { email } = await this.verification.verify(body.token, req.id);
    return { success: true, message: AUTH_MESSAGES.emailVerified, email };
  }

  @Post('api/users/me/verification-email')
  @HttpCode(202)
  async resend(@CurrentUser() caller: UserIdentity): Promise<{ message: string; email: string }> {
    const { email } = await this.verification.resend(caller.id);
    return { message: AUTH_MESSAGES.verificationSent, email };
  }
}
