import { Body, Controller, Delete, Get, Param, PipeTransform, Put, Query, Req } from '@nestjs/common';
import { AdminIdentity, CurrentAdmin, zod } from '@clima/common';
import { AdminUsersQuery, AdminUserUpdateBody, AdminUserView } from '@clima/contract';
import type { HttpRequest as Request } from '@clima/common';
import { AdminUsersService } from './admin-users.service';
import { authError, AuthError } from '../auth.errors';

/** A user id of this platform ('email_<n>' or 'google_<subject>'); anything else cannot exist: 404. */
class UserIdPipe implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    const s = String(value);
    if (!/^(email|google)_[A-Za-z0-9._-]{1,290}$/.test(s)) throw authError(AuthError.UserNotFoundAdmin);
    return s;
  }
}

/** Users of the admin panel (spec 7.3). */
@Controller('api/admin/users')
export class AdminUsersController {
  constructor(private readonly adminUsers: AdminUsersService) {}

  @Get()
  list(@Query(zod(AdminUsersQuery)) q: AdminUsersQuery): Promise<AdminUserView[]> {
    return this.adminUsers.list(q);
  }

  @Put(':id')
  update(@Param('id', new UserIdPipe()) id: string, @Body(zod(AdminUserUpdateBody)) body: AdminUserUpdateBody, @Req() req: Request): Promise<AdminUserView> {
    return this.adminUsers.update(id, body, req.id);
  }

  @Delete(':id')
  async remove(@Param('id', new UserIdPipe()) id: string, @CurrentAdmin() actor: AdminIdentity, @Req() req: Request): Promise<{ success: true }> {
    await this.adminUsers.remove(id, actor, req.id);
    return { success: true };
  }
}
