import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { CONFIG, queueDepth, registry, rootLogger } from '@clima/common';
import { Gauge } from 'prom-client';
import type { RankingConfig } from '../config';
import { HeartbeatProducer } from './heartbeat.producer';
import { RankingQueue } from './heartbeat.queue';

/** Age of the oldest heartbeat still waiting: how far the points lag behind, seen from the HTTP process. */
export const heartbeatBacklogAge = new Gauge({
  name: 'ranking_heartbeat_oldest_waiting_seconds',
  help: 'Age of the oldest waiting heartbeat job',
  registers: [registry],
});

const STATES = ['waiting', 'active', 'delayed', 'failed', 'prioritized'] as const;

/** Refreshes the heartbeat queue's depth gauge (queue_jobs) and backlog age in the HTTP process. */
@Injectable()
export class QueueMetrics implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(CONFIG) private readonly config: RankingConfig,
    private readonly producer: HeartbeatProducer,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.refresh().catch((err) => rootLogger().warn({ err }, 'queue metrics failed')), this.config.RANKING_QUEUE_METRICS_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async refresh(): Promise<void> {
    const q = this.producer.heartbeats;
    const counts = await q.getJobCounts(...STATES);
    for (const state of STATES) queueDepth.set({ queue: RankingQueue.Heartbeats, state }, counts[state] ?? 0);
    const [oldest] = await q.getJobs(['wait'], 0, 0, true);
    heartbeatBacklogAge.set(oldest ? Math.max(0, (Date.now() - oldest.timestamp) / 1000) : 0);
  }
}
