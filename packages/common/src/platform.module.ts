import { DynamicModule, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Redis } from 'ioredis';
import type { ServiceConfig } from './config/config';
import { dataSourceOptions, DatabaseOptions } from './database/data-source';
import { createRedis } from './database/redis';
import { EventBus } from './events/event-bus';
import { HealthController } from './health/health.controller';
import { MetricsController } from './metrics/metrics.controller';
import { CONFIG, REDIS } from './platform.tokens';
import { AuditTrail } from './audit/audit-trail';
import { SharedAnswers } from './http/shared-answers';

@Injectable()
class RedisLifecycle implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

/**
 * What every service has: validated config, its own Postgres schema through TypeORM, a Redis client,
 * the event bus, the audit trail, the shared answers (http/shared-answers.ts), /health and /metrics.
 */
@Module({})
export class PlatformModule {
  static forRoot(o: {
    config: ServiceConfig;
    schema: string;
    entities: DatabaseOptions['entities'];
    migrations: DatabaseOptions['migrations'];
  }): DynamicModule {
    const { config } = o;
    return {
      global: true,
      module: PlatformModule,
      imports: [
        DiscoveryModule,
        TypeOrmModule.forRoot(
          dataSourceOptions({
            url: config.DATABASE_URL,
            schema: o.schema,
            entities: o.entities,
            migrations: o.migrations,
            poolSize: config.DATABASE_POOL_SIZE,
          }),
        ),
      ],
      controllers: [HealthController, MetricsController],
      providers: [
        { provide: CONFIG, useValue: config },
        { provide: REDIS, useFactory: () => createRedis(config.REDIS_URL) },
        RedisLifecycle,
        { provide: EventBus, useFactory: () => new EventBus({ redisUrl: config.REDIS_URL, prefix: config.KEY_PREFIX }) },
        AuditTrail,
        SharedAnswers,
      ],
      exports: [CONFIG, REDIS, EventBus, AuditTrail, SharedAnswers, TypeOrmModule],
    };
  }
}
