import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

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

export const queueOldestWaiting = new Gauge({
  name: 'queue_oldest_waiting_seconds',
  help: 'Age of the oldest job waiting in a BullMQ queue (how far its consumers lag)',
  labelNames: ['queue'] as const,
  registers: [registry],
});

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed', 'prioritized'] as const;

/** Refreshes depth and backlog age of a queue; bounded in time so a scrape never hangs on Redis. */
export async function refreshQueueGauges(queue: import('bullmq').Queue, timeoutMs = 500): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const work = (async () => {
    const counts = await queue.getJobCounts(...QUEUE_STATES);
    for (const state of QUEUE_STATES) queueDepth.set({ queue: queue.name, state }, counts[state] ?? 0);
    const [oldest] = await queue.getJobs(['wait'], 0, 0, true);
    queueOldestWaiting.set({ queue: queue.name }, oldest ? Math.max(0, (Date.now() - oldest.timestamp) / 1000) : 0);
  })();
  try {
    await Promise.race([work, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), timeoutMs)))]);
  } catch {
    // Redis unavailable: the gauges keep their last values; /health says why
  } finally {
    clearTimeout(timer);
  }
}

const digest = (v: string) => createHash('sha256').update(v).digest();

/** Compares digests of equal length, so the time taken says nothing about how much of the token matched. */
export function metricsTokenMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

export const METRICS_MESSAGES = {
  unauthorized: 'Token de métricas ausente ou inválido',
};
