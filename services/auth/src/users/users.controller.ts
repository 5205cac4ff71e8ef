import { Body, Controller, Get, Put, Req, Res } from '@nestjs/common';
import { AppError, CurrentIdentity, CurrentUser, Identity, Public, SignedIn, UserIdentity, zod } from '@clima/common';
import { AUTH_MESSAGES, Me, PasswordBody, ProfileBody } from '@clima/contract';
import type { Request, Response } from 'express';
import { clientIp } from '../infra/client-ip';
import { COOKIES, readCookie } from '../infra/cookies';
import { SessionCookies } from '../sessions/session-cookies';
import { isSessionId, SessionStore } from '../sessions/session.store';
import { toMe } from './user.mapper';
import { UsersService } from './users.service';

/** The signed-in user's own account (spec 7.1). */
@Controller('api/users')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionStore,
    private readonly cookies: SessionCookies,
  ) {}

  /** Public in the route table: anonymous callers get a 401 with `{ error }`, as the web app expects. */
  @Get('me')
  @Public()
  async me(@CurrentIdentity() identity: Identity, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Me> {
    res.setHeader('Cache-Control', 'no-store');
    if (!identity.user) throw AppError.unauthorized(AUTH_MESSAGES.signedOut);
    const user = await this.users.findById(identity.user.id);
    if (!user) throw AppError.unauthorized(AUTH_MESSAGES.signedOut);
    // the app reads /me on every load: a good moment to extend an active session
    const sid = readCookie(req.headers.cookie, COOKIES.user);
    if (!isSessionId(sid)) throw AppError.unauthorized(AUTH_MESSAGES.signedOut);
    const renewed = await this.sessions.renew('user', sid, user.id);
    if (renewed === false) throw AppError.unauthorized(AUTH_MESSAGES.signedOut);
    if (renewed) this.cookies.set(res, COOKIES.user, sid, renewed);
    return toMe(user);
  }

  @Put('profile')
  @SignedIn()
  async profile(
    @CurrentUser() caller: UserIdentity,
    @Body(zod(ProfileBody)) body: ProfileBody,
    @Req() req: Request,
  ): Promise<{ success: true; message: string; user: Me }> {
    const { user, emailChangeRequested } = await this.users.updateProfile(caller.id, body, req.id);
    return { success: true, message: emailChangeRequested ? AUTH_MESSAGES.emailChangePending : AUTH_MESSAGES.profileUpdated, user: toMe(user) };
  }

  @Put('password')
  @SignedIn()
  async password(
    @CurrentUser() caller: UserIdentity,
    @Body(zod(PasswordBody)) body: PasswordBody,
    @Req() req: Request,
  ): Promise<{ success: true; message: string }> {
    await this.users.changePassword(caller.id, body, readCookie(req.headers.cookie, COOKIES.user), clientIp(req));
    return { success: true, message: AUTH_MESSAGES.passwordChanged };
  }
}
