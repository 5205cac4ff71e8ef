import { Body, Controller, Delete, Get, HttpCode, Req, Res } from '@nestjs/common';
import { Audited, CurrentUser, UserIdentity, zod } from '@clima/common';
import { DeleteAccountBody } from '@clima/contract';
import type { HttpReply as Response, HttpRequest as Request } from '@clima/common';
import { clientIp } from '../infra/client-ip';
import { COOKIES, readCookie } from '../infra/cookies';
import { SessionCookies } from '../sessions/session-cookies';
import { streamExportArchive } from './export-archive';
import { SelfDeletion } from './self-deletion.service';
import { UserExportService } from './user-export.service';

/** LGPD self-service of the signed-in user: a copy of their data, and the deletion of their account. */
@Controller('api/users/me')
export class PrivacyController {
  constructor(
    private readonly exports: UserExportService,
    private readonly deletion: SelfDeletion,
    private readonly cookies: SessionCookies,
  ) {}

  /** A ZIP of every service's part; 503 `{error}` before any byte when one of them does not answer. */
  @Get('export')
  @Audited({ entity: 'users', action: 'export', actor: 'user' })
  async export(@CurrentUser() caller: UserIdentity, @Req() req: Request, @Res() res: Response): Promise<void> {
    const bundle = await this.exports.gather(caller.id, readCookie(req.headers.cookie, COOKIES.user));
    await streamExportArchive(res, bundle);
  }

  @Delete()
  @Audited({ entity: 'users', action: 'delete', actor: 'user' })
  @HttpCode(200)
  async remove(
    @CurrentUser() caller: UserIdentity,
    @Body(zod(DeleteAccountBody)) body: DeleteAccountBody,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<{ success: true }> {
    await this.deletion.deleteOwnAccount(caller.id, body, readCookie(req.headers.cookie, COOKIES.user), clientIp(req), req.id);
    this.cookies.clear(res, COOKIES.user);
    res.header('Cache-Control', 'no-store');
    return { success: true };
  }
}
