import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { ask, CONFIG, createRpcClient, REDIS, statsPattern } from '@clima/common';
import type { AdminStats, BillingStats, CatalogStats, RankingStats } from '@clima/contract';
import { Redis } from 'ioredis';
import type { AuthConfig } from '../config';
import { RedisKeys } from '../infra/redis-keys';
import { assembleAdminStats } from './admin-stats.assemble';
import { AuthStatsService } from './auth-stats.service';

/**
 * GET /api/admin/stats: this service's own figures read locally, the others' asked over Redis RPC in
 * parallel, each with RPC_TIMEOUT_MS. The assembled answer is cached for ADMIN_STATS_CACHE_SECONDS
 * (shared by the replicas through Redis); concurrent misses in one process share one computation.
 */
@Injectable()
export class AdminStatsService implements OnModuleInit, OnApplicationShutdown {
  private readonly log = new Logger(AdminStatsService.name);
  private readonly client: ClientProxy;
  private inFlight: Promise<AdminStats> | null = null;
  private readonly cacheKey: string;

  constructor(
    private readonly own: AuthStatsService,
    keys: RedisKeys,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG) private readonly config: AuthConfig,
  ) {
    this.client = createRpcClient(config.REDIS_URL);
    this.cacheKey = `${keys.base}:admin-stats`;
  }

  onModuleInit(): void {
    // connect ahead of the first dashboard load; a failure here is retried on the first ask
    this.client.connect().catch((err: unknown) => this.log.warn(`RPC client: ${err instanceof Error ? err.message : String(err)}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.resolve(this.client.close()).catch(() => undefined);
  }

  async stats(): Promise<AdminStats> {
    const ttl = this.config.ADMIN_STATS_CACHE_SECONDS;
    if (ttl > 0) {
      const cached = await this.redis.get(this.cacheKey).catch(() => null);
      if (cached) return JSON.parse(cached) as AdminStats;
    }
    if (!this.inFlight) {
      this.inFlight = this.compute(ttl).finally(() => {
        this.inFlight = null;
      });
    }
    return this.inFlight;
  }

  private async compute(ttl: number): Promise<AdminStats> {
    const timeout = this.config.RPC_TIMEOUT_MS;
    const [auth, catalog, ranking, billing] = await Promise.all([
      this.own.stats(),
      ask<CatalogStats>(this.client, statsPattern('catalog'), {}, timeout),
      ask<RankingStats>(this.client, statsPattern('ranking'), {}, timeout),
      ask<BillingStats>(this.client, statsPattern('billing'), {}, timeout),
    ]);
    const answer = assembleAdminStats({ auth, catalog, ranking, billing });
    if (answer.missing?.length) this.log.warn(`painel sem resposta de: ${answer.missing.join(', ')}`);
    // a partial answer is kept only briefly, so a service that comes back shows up at once
    const keep = answer.missing?.length ? Math.min(ttl, 1) : ttl;
    if (keep > 0) await this.redis.set(this.cacheKey, JSON.stringify(answer), 'EX', keep).catch(() => undefined);
    return answer;
  }
}
