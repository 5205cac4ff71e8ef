import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@clima/common';
import { CatalogConfig } from './config';
import { entities, migrations, SCHEMA } from './database';
import { CategoriesController } from './categories/categories.controller';
import { CategoriesService } from './categories/categories.service';
import { AdminContentsController, ContentsController } from './contents/contents.controller';
import { ContentsService } from './contents/contents.service';
import { InProcessWorker } from './events/catalog-events';
import { UserExportController } from './privacy/user-export.controller';
import { UserExportService } from './privacy/user-export.service';
import { StatsController } from './stats/stats.controller';
import { StatsService } from './stats/stats.service';
import { InProcessOrphanUploadsCleanup } from './videos/orphan-uploads.queue';
import { OrphanUploadsService } from './videos/orphan-uploads.service';
import { storageProvider } from './videos/storage.provider';
import { VideoReferencesService } from './videos/video-references.service';
import { VideosController } from './videos/videos.controller';
import { VideosService } from './videos/videos.service';

@Module({})
export class AppModule {
  static forRoot(config: CatalogConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot({ config, schema: SCHEMA, entities, migrations })],
      controllers: [ContentsController, AdminContentsController, CategoriesController, VideosController, StatsController, UserExportController],
      providers: [
        ContentsService,
        CategoriesService,
        VideosService,
        VideoReferencesService,
        OrphanUploadsService,
        StatsService,
        UserExportService,
        InProcessWorker,
        InProcessOrphanUploadsCleanup,
        storageProvider(config),
      ],
    };
  }
}
