import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CurrentUser, IdPipe, Public, Subscriber, UserIdentity, zod } from '@clima/common';
import { Manual, ManualDownloadAnswer, ManualsQuery, Manufacturer, Model, ModelsQuery } from '@clima/contract';
import { ManualsService } from './manuals.service';
import { ManufacturersService } from './manufacturers.service';
import { manualsError, ManualsError } from '../manuals.errors';

/** The manuals library of end users (spec 7.2). */
@Controller('api')
export class ManualsController {
  constructor(
    private readonly manuals: ManualsService,
    private readonly manufacturers: ManufacturersService,
  ) {}

  @Get('manuals')
  @Public()
  list(@Query(zod(ManualsQuery)) q: ManualsQuery): Promise<Manual[]> {
    return this.manuals.listPublished(q);
  }

  @Get('manufacturers')
  @Public()
  listManufacturers(): Promise<Manufacturer[]> {
    return this.manufacturers.listPublic();
  }

  @Get('models')
  @Public()
  listModels(@Query(zod(ModelsQuery)) q: ModelsQuery): Promise<Model[]> {
    return this.manufacturers.listModels(q.manufacturer);
  }

  @Post('manuals/:id/download')
  @Subscriber()
  @HttpCode(200)
  download(@Param('id', new IdPipe(() => manualsError(ManualsError.ManualNotFound))) id: number, @CurrentUser() user: UserIdentity): Promise<ManualDownloadAnswer> {
    return this.manuals.download(id, user.id);
  }
}
