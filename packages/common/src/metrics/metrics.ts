import { Controller, Get, Header } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { Public } from '../identity/access';

export const registry = new Registry();
let started = false;

export function startMetrics(service: string): void {
  if (started) return;
  started = true;
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
}

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP request duration by route and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const httpErrors = new Counter({
  name: 'http_request_errors_total',
  help: 'HTTP answers with status 5xx',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const queueDepth = new Gauge({
  name: 'queue_jobs',
  help: 'Jobs in a BullMQ queue by state',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
});

export const jobLag = new Histogram({
  name: 'queue_job_lag_seconds',
  help: 'Time between a job being queued and its processing start',
  labelNames: ['queue'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
  registers: [registry],
});

/** GET /metrics in the Prometheus text format (not routed by the gateway). */
@Controller()
export class MetricsController {
  @Get('metrics')
  @Public()
  @Header('Content-Type', 'text/plain; version=0.0.4')
  metrics(): Promise<string> {
    return registry.metrics();
  }
}
