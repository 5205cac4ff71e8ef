import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { statsPattern } from '@clima/common';
import type { ManualsStats } from '@clima/contract';
import { ManualsService } from '../manuals/manuals.service';

/** The manuals figures of the admin dashboard, asked over Redis by the auth service. */
@Controller()
export class StatsController {
  constructor(private readonly manuals: ManualsService) {}

  @MessagePattern(statsPattern('manuals'))
  stats(): Promise<ManualsStats> {
    return this.manuals.stats();
  }
}
