import { Controller, Get, Header } from '@nestjs/common';

import type { AdminStats } from '@clima/contract';
import { AdminStatsService } from './admin-stats.service';

/** The admin dashboard's figures (spec 2.14, section 3). */
@Controller('api/admin/stats')
export class AdminStatsController {
  constructor(private readonly stats: AdminStatsService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  get(): Promise<AdminStats> {
    return this.stats.stats();
  }
}
