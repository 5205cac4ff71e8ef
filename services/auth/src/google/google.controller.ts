import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { zod } from '@clima/common';
import { Me, RedirectUrlAnswer, SessionExchangeBody, type SignInProvidersAnswer } from '@clima/contract';
import type { HttpReply as Response, HttpRequest as Request } from '@clima/common';
import { COOKIES, readCookie } from '../infra/cookies';
import { GoogleReauth } from '../privacy/google-reauth';
import { SessionCookies } from '../sessions/session-cookies';
import { SessionStore } from '../sessions/session.store';
import { toMe } from '../users/user.mapper';
import { GoogleOidc } from './google-oidc';
import { GoogleSignInService, PENDING_TTL_SECONDS } from './google-sign-in.service';

/** Google sign-in (spec 7.1): the redirect address, then the code exchange from /auth/callback. */
@Controller('api')
export class GoogleController {
  constructor(
    private readonly signIn: GoogleSignInService,
    private readonly cookies: SessionCookies,
    private readonly sessions: SessionStore,
    private readonly googleReauth: GoogleReauth,
    private readonly google: GoogleOidc,
  ) {}

  /** Which sign-in methods work here: the web app offers 'Continuar com Google' only when it is configured. */
  @Get('auth/providers')
  providers(): SignInProvidersAnswer {
    return { google: this.google.enabled };
  }

  @Get('oauth/google/redirect_url')
  async redirectUrl(@Res({ passthrough: true }) res: Response): Promise<RedirectUrlAnswer> {
    const { redirectUrl, pendingKey } = await this.signIn.start();
    this.cookies.set(res, COOKIES.oauth, pendingKey, PENDING_TTL_SECONDS);
    res.header('Cache-Control', 'no-store');
    return { redirectUrl };
  }

  @Post('sessions')
  @HttpCode(200)
  async exchange(@Body(zod(SessionExchangeBody)) body: SessionExchangeBody, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Me> {
    const pendingKey = readCookie(req.headers.cookie, COOKIES.oauth);
    // the pending request is single-use, whatever the outcome
    this.cookies.clear(res, COOKIES.oauth);
    const user = await this.signIn.complete(pendingKey, body.code, body.state, req.id);
    await this.sessions.destroy('user', readCookie(req.headers.cookie, COOKIES.user));
    const sid = await this.sessions.create('user', user.id);
    // a fresh Google sign-in is how an account without a password proves itself (account deletion)
    await this.googleReauth.record(sid, user.id);
    this.cookies.set(res, COOKIES.user, sid, this.sessions.userTtlSeconds);
    return toMe(user);
  }
}
