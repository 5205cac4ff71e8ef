import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@clima/common';
import { createStorage } from '@clima/storage';
import { ManualsConfig } from './config';
import { entities, migrations, SCHEMA } from './database';
import { EventsWorkerService } from './events/events-worker.service';
import { ManualFilesController } from './files/manual-files.controller';
import { MANUALS_STORAGE, ManualFilesService } from './files/manual-files.service';
import { AdminManualsController } from './manuals/admin-manuals.controller';
import { ManualsController } from './manuals/manuals.controller';
import { ManualsService } from './manuals/manuals.service';
import { ManufacturersService } from './manuals/manufacturers.service';
import { UserExportController } from './privacy/user-export.controller';
import { UserExportService } from './privacy/user-export.service';
import { StatsController } from './stats/stats.controller';

@Module({})
export class AppModule {
  static forRoot(config: ManualsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot({ config, schema: SCHEMA, entities, migrations })],
      controllers: [ManualsController, AdminManualsController, ManualFilesController, StatsController, UserExportController],
      providers: [
        { provide: MANUALS_STORAGE, useFactory: () => createStorage(config.storage) },
        ManualsService,
        ManufacturersService,
        ManualFilesService,
        UserExportService,
        EventsWorkerService,
      ],
    };
  }
}
