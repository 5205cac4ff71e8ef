import { Controller, Get, Inject, Optional, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServiceName } from '../config/config';
import { AppError } from '../errors/app-error';
import { EventBus } from '../events/event-bus';
import { EVENT_SUBSCRIBERS } from '../events/events';

import { CONFIG } from '../platform.tokens';
import { METRICS_MESSAGES, metricsTokenMatches, refreshQueueGauges, registry } from './metrics';

/**
 * GET /metrics in the Prometheus text format (not routed by the gateway), only for a scraper sending
 * `Authorization: Bearer <METRICS_TOKEN>`; 404 while no token is configured. A service that hears events
 * refreshes the depth (queue_jobs) and backlog age (queue_oldest_waiting_seconds) of its event queue at
 * each scrape, also when its consumers run in another process.
 */
@Controller()
export class MetricsController {
  constructor(
    @Optional() private readonly bus?: EventBus,
    @Optional() @Inject(CONFIG) private readonly config?: { SERVICE?: ServiceName; METRICS_TOKEN?: string },
  ) {}

  @Get('metrics')
  async metrics(@Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<string> {
    const token = this.config?.METRICS_TOKEN;
    if (!token) throw AppError.notFound();
    if (!metricsTokenMatches(req.headers.authorization, token)) {
      res.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw AppError.unauthorized(METRICS_MESSAGES.unauthorized);
    }
    const service = this.config?.SERVICE;
    if (this.bus && service && Object.values(EVENT_SUBSCRIBERS).some((list) => list.includes(service))) {
      await refreshQueueGauges(this.bus.queue(service));
    }
    const text = await registry.metrics();
    // set here rather than with @Header, which would also label the JSON refusals as text
    res.header('Content-Type', registry.contentType);
    return text;
  }
}
