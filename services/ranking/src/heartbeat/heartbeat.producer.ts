import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { bullConnection, CONFIG, REDIS } from '@clima/common';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { RankingConfig } from '../config';
import { HEARTBEAT_JOB_OPTIONS, HeartbeatJobData, HeartbeatJobName, RankingQueue } from './heartbeat.queue';

/** The one producer of the heartbeat queue. */
@Injectable()
export class HeartbeatProducer implements OnModuleDestroy {
  private queue?: Queue<HeartbeatJobData>;

  constructor(
    @Inject(CONFIG) private readonly config: RankingConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  get heartbeats(): Queue<HeartbeatJobData> {
    this.queue ??= new Queue<HeartbeatJobData>(RankingQueue.Heartbeats, { connection: bullConnection(this.config.REDIS_URL), prefix: this.config.KEY_PREFIX });
    return this.queue;
  }

  /**
   * Queues a heartbeat. A user's heartbeats closer together than RANKING_HEARTBEAT_MIN_INTERVAL_MS (several tabs,
   * a client that retries) are accepted but not queued: they could not add a minute the queued one does not.
   * Returns whether it was queued.
   */
  async enqueue(data: HeartbeatJobData): Promise<boolean> {
    const gap = this.config.RANKING_HEARTBEAT_MIN_INTERVAL_MS;
    if (gap > 0) {
      const fresh = await this.redis.set(`${this.config.KEY_PREFIX}:ranking:hb-throttle:${data.userId}`, '1', 'PX', gap, 'NX');
      if (!fresh) return false;
    }
    await this.heartbeats.add(HeartbeatJobName.Heartbeat, data, HEARTBEAT_JOB_OPTIONS);
    return true;
  }

  async onModuleDestroy(): Promise<void> {
    await this.queue?.close();
  }
}
