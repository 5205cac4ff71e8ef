import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { AUDIENCE, CurrentUser, IdPipe, SharedAnswer, UserIdentity, zod } from '@clima/common';
import { Manual, ManualDownloadAnswer, ManualPagesAnswer, ManualSearchAnswer, ManualSearchQuery, ManualsQuery, Manufacturer, Model, ModelsQuery } from '@clima/contract';
import { ManualSearchService } from '../search/manual-search.service';
import { MANUALS_ANSWERS } from './manual.mapper';
import { ManualsService } from './manuals.service';
import { ManufacturersService } from './manufacturers.service';
import { manualsError, ManualsError } from '../manuals.errors';

const manualId = () => new IdPipe(() => manualsError(ManualsError.ManualNotFound));

/** The manuals library of end users (spec 7.2). */
@Controller('api')
export class ManualsController {
  constructor(
    private readonly manuals: ManualsService,
    private readonly manufacturers: ManufacturersService,
    private readonly search: ManualSearchService,
  ) {}

  @Get('manuals')
  @SharedAnswer({ scopes: [MANUALS_ANSWERS], audience: AUDIENCE.everyone })
  list(@Query(zod(ManualsQuery)) q: ManualsQuery): Promise<Manual[]> {
    return this.manuals.listPublished(q);
  }

  @Get('manufacturers')
  @SharedAnswer({ scopes: [MANUALS_ANSWERS], audience: AUDIENCE.everyone })
  listManufacturers(): Promise<Manufacturer[]> {
    return this.manufacturers.listPublic();
  }

  @Get('models')
  @SharedAnswer({ scopes: [MANUALS_ANSWERS], audience: AUDIENCE.everyone })
  listModels(@Query(zod(ModelsQuery)) q: ModelsQuery): Promise<Model[]> {
    return this.manufacturers.listModels(q.manufacturer);
  }

  /** Codes and words inside the manuals' text: pages for every signed-in user, snippets for subscribers. */
  @Get('manuals/search')
  searchText(@Query(zod(ManualSearchQuery)) q: ManualSearchQuery, @CurrentUser() user: UserIdentity): Promise<ManualSearchAnswer> {
    return this.search.search(q, user);
  }

  /** The text of every page of a published manual, for the offline copy. */
  @Get('manuals/:id/pages')
  pages(@Param('id', manualId()) id: number): Promise<ManualPagesAnswer> {
    return this.search.pages(id);
  }

  @Post('manuals/:id/download')
  @HttpCode(200)
  download(@Param('id', manualId()) id: number, @CurrentUser() user: UserIdentity): Promise<ManualDownloadAnswer> {
    return this.manuals.download(id, user.id);
  }
}
