import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule, PLATFORM_ROUTES } from '@clima/common';
import { ActivityRepository } from './activity/activity.repository';
import { ActivityService } from './activity/activity.service';
import { LeaderboardRepository } from './leaderboard/leaderboard.repository';
import { RankingConfig } from './config';
import { entities, migrations, SCHEMA } from './database';
import { HeartbeatEndpoint } from './heartbeat/heartbeat.endpoint';
import { HeartbeatProducer } from './heartbeat/heartbeat.producer';
import { QueueMetrics } from './heartbeat/queue-metrics';
import { LeaderboardService } from './leaderboard/leaderboard.service';
import { UserExportController } from './privacy/user-export.controller';
import { UserDataRepository } from './privacy/user-data.repository';
import { UserExportService } from './privacy/user-export.service';
import { RankingController } from './ranking/ranking.controller';
import { RankingRepository } from './ranking/ranking.repository';
import { RankingService } from './ranking/ranking.service';
import { StatsController } from './stats/stats.controller';
import { StatsRepository } from './stats/stats.repository';
import { StatsService } from './stats/stats.service';
import { RankingConsumers } from './points/ranking-workers';
import { WeeklyRepository } from './weekly/weekly.repository';
import { WeeklyService } from './weekly/weekly.service';

const shared = [ActivityRepository, ActivityService, LeaderboardRepository, LeaderboardService, WeeklyRepository, WeeklyService];

/**
 * One codebase, two processes: AppModule serves the routes and only queues heartbeats (its consumers
 * exist but start only when a test asks); WorkerModule serves nothing and computes points (see worker.ts).
 */
@Module({})
export class AppModule {
  static forRoot(config: RankingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot({ config, schema: SCHEMA, entities, migrations })],
      controllers: [RankingController, StatsController, UserExportController],
      providers: [
        ...shared,
        ...RankingConsumers.providers(false),
        HeartbeatProducer,
        HeartbeatEndpoint,
        // the firehose, a Fastify route of the one pipeline (see heartbeat.endpoint.ts)
        { provide: PLATFORM_ROUTES, useFactory: (heartbeat: HeartbeatEndpoint) => [heartbeat], inject: [HeartbeatEndpoint] },
        QueueMetrics,
        RankingRepository,
        RankingService,
        StatsRepository,
        StatsService,
        UserDataRepository,
        UserExportService,
      ],
    };
  }
}

@Module({})
export class WorkerModule {
  static forRoot(config: RankingConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [PlatformModule.forRoot({ config, schema: SCHEMA, entities, migrations })],
      providers: [...shared, ...RankingConsumers.providers(true)],
    };
  }
}
