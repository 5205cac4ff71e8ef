import { Body, Controller, Get, Put, Req, Res } from '@nestjs/common';
import { CurrentIdentity, CurrentUser, Identity, UserIdentity, zod } from '@clima/common';
import { AUTH_MESSAGES, Me, PasswordBody, ProfileBody, SessionAnswer } from '@clima/contract';
import type { HttpReply as Response, HttpRequest as Request } from '@clima/common';
import { clientIp } from '../infra/client-ip';
import { COOKIES, readCookie } from '../infra/cookies';
import { SessionCookies } from '../sessions/session-cookies';
import { isSessionId, SessionStore } from '../sessions/session.store';
import { toAdminMe } from '../admin-auth/admin-auth.service';
import { toMe } from './user.mapper';
import { UsersService } from './users.service';
import { authError, AuthError } from '../auth.errors';

/** The signed-in user's own account (spec 7.1) and the session check of the web apps. */
@Controller('api')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionStore,
    private readonly cookies: SessionCookies,
  ) {}

  /** Public in the route table: anonymous callers get a 401 with `{ error }` (spec 7.1). */
  @Get('users/me')
  async me(@CurrentIdentity() identity: Identity, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<Me> {
    const me = await this.sessionUser(identity, req, res);
    if (!me) throw authError(AuthError.SignedOut);
    return me;
  }

  /** The same user as /users/me, and the admin of the panel, with nulls for an anonymous visitor. */
  @Get('session')
  async session(@CurrentIdentity() identity: Identity, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<SessionAnswer> {
    const user = await this.sessionUser(identity, req, res);
    return { user, admin: identity.admin ? toAdminMe(identity.admin) : null };
  }

  /** The signed-in user, or null; extends the session, since the web apps read it on every load. */
  private async sessionUser(identity: Identity, req: Request, res: Response): Promise<Me | null> {
    res.header('Cache-Control', 'no-store');
    if (!identity.user) return null;
    const sid = readCookie(req.headers.cookie, COOKIES.user);
    if (!isSessionId(sid)) return null;
    // the account (Postgres) and the session's renewal (Redis) at the same time
    const [user, renewed] = await Promise.all([this.users.findMe(identity.user.id), this.sessions.renew('user', sid, identity.user.id)]);
    if (!user) return null;
    if (renewed === false) return null;
    if (renewed) this.cookies.set(res, COOKIES.user, sid, renewed);
    return toMe(user);
  }

  @Put('users/profile')
  async profile(
    @CurrentUser() caller: UserIdentity,
    @Body(zod(ProfileBody)) body: ProfileBody,
    @Req() req: Request,
  ): Promise<{ success: true; message: string; user: Me }> {
    const { user, emailChangeRequested } = await this.users.updateProfile(caller.id, body, req.id);
    return { success: true, message: emailChangeRequested ? AUTH_MESSAGES.emailChangePending : AUTH_MESSAGES.profileUpdated, user: toMe(user) };
  }

  @Put('users/password')
  async password(
    @CurrentUser() caller: UserIdentity,
    @Body(zod(PasswordBody)) body: PasswordBody,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ success: true; message: string }> {
    const sid = await this.users.changePassword(caller.id, body, clientIp(req));
    this.cookies.set(res, COOKIES.user, sid, this.sessions.userTtlSeconds);
    return { success: true, message: AUTH_MESSAGES.passwordChanged };
  }
}
