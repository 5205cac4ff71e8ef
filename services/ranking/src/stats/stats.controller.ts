import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { statsPattern } from '@clima/common';
import type { RankingStats } from '@clima/contract';
import { StatsService } from './stats.service';

/** Answers the admin dashboard's query for this service's figures (service-to-service, over Redis). */
@Controller()
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @MessagePattern(statsPattern('ranking'))
  figures(): Promise<RankingStats> {
    return this.stats.stats();
  }
}
