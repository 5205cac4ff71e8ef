import { Body, Controller, Delete, Get, Param, Post, Put, Query, Req } from '@nestjs/common';
import { AdminIdentity, CurrentAdmin, IdPipe, zod } from '@clima/common';
import {
  Administrator,
  AdministratorCreateBody,
  AdministratorsQuery,
  AdministratorUpdateBody,
} from '@clima/contract';
import type { HttpRequest as Request } from '@clima/common';
import { COOKIES, readCookie } from '../infra/cookies';
import { authError, AuthError } from '../auth.errors';
import { AdministratorsService } from './administrators.service';

const administratorId = new IdPipe(() => authError(AuthError.AdministratorNotFound));

/** Administrators CRUD of the panel (spec 7.3). */
@Controller('api/admin/administrators')
export class AdministratorsController {
  constructor(private readonly administrators: AdministratorsService) {}

  @Get()
  list(@Query(zod(AdministratorsQuery)) q: { search?: string }): Promise<Administrator[]> {
    return this.administrators.list(q.search || undefined);
  }

  @Post()
  create(@Body(zod(AdministratorCreateBody)) body: AdministratorCreateBody): Promise<Administrator> {
    return this.administrators.create(body);
  }

  @Put(':id')
  update(
    @Param('id', administratorId) id: number,
    @Body(zod(AdministratorUpdateBody)) body: AdministratorUpdateBody,
    @CurrentAdmin() actor: AdminIdentity,
    @Req() req: Request,
  ): Promise<Administrator> {
    const own = actor.id === String(id) ? readCookie(req.headers.cookie, COOKIES.admin) : undefined;
    return this.administrators.update(id, body, own);
  }

  @Delete(':id')
  async remove(@Param('id', administratorId) id: number, @CurrentAdmin() actor: AdminIdentity): Promise<{ success: true }> {
    await this.administrators.remove(id, actor);
    return { success: true };
  }
}
