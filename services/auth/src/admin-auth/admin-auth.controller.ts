import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { Audited, auditActor, CurrentIdentity, Identity, zod } from '@clima/common';
import { AdminLoginBody, AdminMe } from '@clima/contract';
import type { HttpReply as Response, HttpRequest as Request } from '@clima/common';
import { clientIp } from '../infra/client-ip';
import { COOKIES, readCookie } from '../infra/cookies';
import { SessionCookies } from '../sessions/session-cookies';
import { SessionStore } from '../sessions/session.store';
import { AdminAuthService, toAdminMe } from './admin-auth.service';
import { authError, AuthError } from '../auth.errors';

/** Admin panel sign-in (spec 7.1): separate sessions in the `clima_asid` cookie. */
@Controller('api/admin/auth')
export class AdminAuthController {
  constructor(
    private readonly adminAuth: AdminAuthService,
    private readonly sessions: SessionStore,
    private readonly cookies: SessionCookies,
  ) {}

  /** Recorded in the audit log, an attempt with wrong credentials too. */
  @Post('login')
  @HttpCode(200)
  @Audited({ entity: 'administrators', action: 'login', failure: { action: 'login_failed' } })
  async login(@Body(zod(AdminLoginBody)) body: AdminLoginBody, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<AdminMe> {
    auditActor({ id: null, name: body.username });
    await this.sessions.destroy('admin', readCookie(req.headers.cookie, COOKIES.admin));
    const { admin, sid } = await this.adminAuth.login(body, clientIp(req));
    auditActor({ id: admin.id, name: admin.username });
    this.cookies.set(res, COOKIES.admin, sid, this.sessions.adminTtlSeconds);
    return admin;
  }

  /** The admin of this request: an administrator session, or an end user with the is_admin flag. */
  @Get('me')
  me(@CurrentIdentity() identity: Identity, @Res({ passthrough: true }) res: Response): AdminMe {
    res.header('Cache-Control', 'no-store');
    if (!identity.admin) throw authError(AuthError.AdminSignedOut);
    return toAdminMe(identity.admin);
  }

  /**
   * Ends the administrator session. An end user using the panel through the is_admin flag has no
   * administrator session: their own session ends, otherwise the panel could never sign them out.
   */
  @Post('logout')
  @HttpCode(200)
  async logout(@CurrentIdentity() identity: Identity, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<{ success: true }> {
    const ended = await this.sessions.destroy('admin', readCookie(req.headers.cookie, COOKIES.admin));
    this.cookies.clear(res, COOKIES.admin);
    if (!ended && identity.admin?.id.startsWith('user:')) {
      await this.sessions.destroy('user', readCookie(req.headers.cookie, COOKIES.user));
      this.cookies.clear(res, COOKIES.user);
    }
    return { success: true };
  }
}
