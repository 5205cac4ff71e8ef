import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { statsPattern } from '@clima/common';
import type { CatalogStats } from '@clima/contract';
import { StatsService } from './stats.service';

/** Answers the admin dashboard's question over Redis (no HTTP route). */
@Controller()
export class StatsController {
  constructor(private readonly statsService: StatsService) {}

  @MessagePattern(statsPattern('catalog'))
  stats(): Promise<CatalogStats> {
    return this.statsService.stats();
  }
}
