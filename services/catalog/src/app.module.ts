import { DynamicModule, Module, Provider } from '@nestjs/common';
import { EventConsumer, Outbox, PlatformModule } from '@clima/common';
import { CatalogConfig } from './config';
import { entities, migrations, SCHEMA } from './database';
import { CategoriesController } from './categories/categories.controller';
import { CategoriesRepository } from './categories/categories.repository';
import { CategoriesService } from './categories/categories.service';
import { AdminContentsController, ContentsController } from './contents/contents.controller';
import { ContentsRepository } from './contents/contents.repository';
import { ContentsService } from './contents/contents.service';
import { catalogEventHandlers } from './events/catalog-event-handlers';
import { PositionsRepository } from './positions/positions.repository';
import { PositionsService } from './positions/positions.service';
import { UserDataRepository } from './privacy/user-data.repository';
import { UserExportController } from './privacy/user-export.controller';
import { UserExportService } from './privacy/user-export.service';
import { StatsController } from './stats/stats.controller';
import { StatsRepository } from './stats/stats.repository';
import { StatsService } from './stats/stats.service';
import { InProcessOrphanUploadsCleanup } from './videos/orphan-uploads.queue';
import { OrphanUploadsService } from './videos/orphan-uploads.service';
import { storageProvider } from './videos/storage.provider';
import { VideoReferencesService } from './videos/video-references.service';
import { VideoUploadsRepository } from './videos/video-uploads.repository';
import { VideosController } from './videos/videos.controller';
import { VideosService } from './videos/videos.service';
import { VideoTranscodeConsumer } from './videos/transcode/video-transcode.consumer';
import { VideoTranscodeProducer } from './videos/transcode/video-transcode.queue';
import { VideoTranscoder } from './videos/transcode/video-transcoder';

/**
 * The background work, in the HTTP process (WORKERS_IN_PROCESS) or in the worker: events, the upload sweep and the
 * video conversions; the outbox relay (video.uploaded) runs in both (rows taken with FOR UPDATE SKIP LOCKED).
 */
const backgroundProviders = (config: CatalogConfig): Provider[] => [
  Outbox,
  UserDataRepository,
  VideoUploadsRepository,
  VideoReferencesService,
  OrphanUploadsService,
  InProcessOrphanUploadsCleanup,
  storageProvider(config),
  VideoTranscodeProducer,
  VideoTranscoder,
  VideoTranscodeConsumer,
  ...EventConsumer.forService({ inject: [UserDataRepository], handlers: catalogEventHandlers }),
];

@Module({})
export class AppModule {
  static forRoot(config: CatalogConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot({ config, schema: SCHEMA, entities, migrations })],
      controllers: [ContentsController, AdminContentsController, CategoriesController, VideosController, StatsController, UserExportController],
      providers: [
        ...backgroundProviders(config),
        ContentsRepository,
        ContentsService,
        CategoriesRepository,
        CategoriesService,
        PositionsRepository,
        PositionsService,
        VideosService,
        StatsRepository,
        StatsService,
        UserExportService,
      ],
    };
  }
}

/** The worker process (src/worker.ts): the background work, no HTTP server. */
@Module({})
export class WorkerModule {
  static forRoot(config: CatalogConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [PlatformModule.forRoot({ config, schema: SCHEMA, entities, migrations })],
      providers: backgroundProviders(config),
    };
  }
}
