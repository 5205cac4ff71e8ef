import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { statsPattern } from '@clima/common';
import type { AuthStats } from '@clima/contract';
import { AuthStatsService } from './auth-stats.service';

/** Answers the dashboard's figures query over Redis (no HTTP route). */
@Controller()
export class AuthStatsController {
  constructor(private readonly stats: AuthStatsService) {}

  @MessagePattern(statsPattern('auth'))
  answer(): Promise<AuthStats> {
    return this.stats.stats();
  }
}
