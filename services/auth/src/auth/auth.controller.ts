import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { zod } from '@clima/common';
import { Me, RegisterBody, SignInBody } from '@clima/contract';
import type { HttpReply as Response, HttpRequest as Request } from '@clima/common';
import { clientIp } from '../infra/client-ip';
import { COOKIES, readCookie } from '../infra/cookies';
import { SessionCookies } from '../sessions/session-cookies';
import { SessionStore } from '../sessions/session.store';
import { toMe } from '../users/user.mapper';
import { UsersService } from '../users/users.service';
import { AuthService } from './auth.service';

/** E-mail registration, sign-in and logout (spec 7.1). */
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly users: UsersService,
    private readonly cookies: SessionCookies,
    private readonly sessions: SessionStore,
  ) {}

  @Post('api/auth/register')
  async register(@Body(zod(RegisterBody)) body: RegisterBody, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Me> {
    const user = await this.users.register(body, clientIp(req), req.id);
    await this.openSession(req, res, user.id);
    return toMe(user);
  }

  @Post('api/auth/signin')
  @HttpCode(200)
  async signIn(@Body(zod(SignInBody)) body: SignInBody, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Me> {
    const user = await this.auth.signIn(body, clientIp(req), req.id);
    await this.openSession(req, res, user.id);
    return toMe(user);
  }

  /** Ends the server-side session and clears the cookie; answers the same whether or not one existed. */
  @Get('api/logout')
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ success: true }> {
    await this.auth.endSession(readCookie(req.headers.cookie, COOKIES.user));
    this.cookies.clear(res, COOKIES.user);
    res.header('Cache-Control', 'no-store');
    return { success: true };
  }

  /** A new session replaces the one the browser had (no session fixation). */
  private async openSession(req: Request, res: Response, userId: string): Promise<void> {
    await this.auth.endSession(readCookie(req.headers.cookie, COOKIES.user));
    const sid = await this.auth.startSession(userId);
    this.cookies.set(res, COOKIES.user, sid, this.sessions.userTtlSeconds);
  }
}
