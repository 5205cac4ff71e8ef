import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { IdPipe, Invalidates, zod } from '@clima/common';
import { AdminManualsQuery, Manual, ManualCreateBody, ManualUpdateBody } from '@clima/contract';
import { MANUALS_ANSWERS } from './manual.mapper';
import { ManualsService } from './manuals.service';
import { manualsError, ManualsError } from '../manuals.errors';

const id = () => new IdPipe(() => manualsError(ManualsError.ManualNotFound));

/** Admin panel's manuals (spec 7.3). */
@Controller('api/admin/manuals')
export class AdminManualsController {
  constructor(private readonly manuals: ManualsService) {}

  @Get()
  list(@Query(zod(AdminManualsQuery)) q: AdminManualsQuery): Promise<Manual[]> {
    return this.manuals.listAll(q);
  }

  @Post()
  @Invalidates(MANUALS_ANSWERS)
  create(@Body(zod(ManualCreateBody)) body: ManualCreateBody): Promise<Manual> {
    return this.manuals.create(body);
  }

  @Put(':id')
  @Invalidates(MANUALS_ANSWERS)
  update(@Param('id', id()) manualId: number, @Body(zod(ManualUpdateBody)) body: ManualUpdateBody): Promise<Manual> {
    return this.manuals.update(manualId, body);
  }

  @Delete(':id')
  @Invalidates(MANUALS_ANSWERS)
  @HttpCode(200)
  async remove(@Param('id', id()) manualId: number): Promise<{ success: true }> {
    await this.manuals.remove(manualId);
    return { success: true };
  }
}
