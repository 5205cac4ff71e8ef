import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { statsPattern } from '@clima/common';
import type { CoursesStats } from '@clima/contract';
import { StatsService } from './stats.service';

/** Answers the admin dashboard's question over Redis (not reachable through the gateway). */
@Controller()
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @MessagePattern(statsPattern('courses'))
  answer(): Promise<CoursesStats> {
    return this.stats.stats();
  }
}
