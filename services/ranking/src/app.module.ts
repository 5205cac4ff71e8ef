import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@clima/common';
import { ActivityService } from './activity/activity.service';
import { RankingConfig } from './config';
import { entities, migrations, SCHEMA } from './database';
import { HeartbeatController } from './heartbeat/heartbeat.controller';
import { HeartbeatProducer } from './heartbeat/heartbeat.producer';
import { QueueMetrics } from './heartbeat/queue-metrics';
import { LeaderboardService } from './leaderboard/leaderboard.service';
import { UserExportController } from './privacy/user-export.controller';
import { UserExportService } from './privacy/user-export.service';
import { RankingController } from './ranking/ranking.controller';
import { RankingService } from './ranking/ranking.service';
import { StatsController } from './stats/stats.controller';
import { StatsService } from './stats/stats.service';
import { HeartbeatProcessor } from './worker/heartbeat.processor';

/**
 * One codebase, two processes: 'http' serves the routes and only queues heartbeats; 'worker' serves nothing
 * and computes points (see worker.ts).
 */
@Module({})
export class AppModule {
  static forRoot(config: RankingConfig, role: 'http' | 'worker' = 'http'): DynamicModule {
    const shared = [ActivityService, LeaderboardService, HeartbeatProcessor];
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot({ config, schema: SCHEMA, entities, migrations })],
      controllers: role === 'http' ? [HeartbeatController, RankingController, StatsController, UserExportController] : [],
      providers: role === 'http' ? [...shared, HeartbeatProducer, QueueMetrics, RankingService, StatsService, UserExportService] : shared,
    };
  }
}
