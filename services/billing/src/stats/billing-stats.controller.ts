import { statsPattern } from '@clima/common';
import type { BillingStats } from '@clima/contract';
import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { BillingStatsService } from './billing-stats.service';

/** Answers the admin dashboard's question for this service's figures (over Redis). */
@Controller()
export class BillingStatsController {
  constructor(private readonly stats: BillingStatsService) {}

  @MessagePattern(statsPattern('billing'))
  figures(): Promise<BillingStats> {
    return this.stats.stats();
  }
}
