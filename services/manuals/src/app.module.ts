import { DynamicModule, Module, Provider } from '@nestjs/common';
import { EventConsumer, PlatformModule } from '@clima/common';
import { createStorage } from '@clima/storage';
import { ManualsConfig } from './config';
import { entities, migrations, SCHEMA } from './database';
import { manualsEventHandlers } from './events/manuals-event-handlers';
import { ManualFilesController } from './files/manual-files.controller';
import { MANUALS_STORAGE, ManualFilesService } from './files/manual-files.service';
import { AdminManualsController } from './manuals/admin-manuals.controller';
import { ManualsController } from './manuals/manuals.controller';
import { ManualsRepository } from './manuals/manuals.repository';
import { ManualsService } from './manuals/manuals.service';
import { ManufacturersRepository } from './manuals/manufacturers.repository';
import { ManufacturersService } from './manuals/manufacturers.service';
import { UserExportController } from './privacy/user-export.controller';
import { UserDataRepository } from './privacy/user-data.repository';
import { UserExportService } from './privacy/user-export.service';
import { StatsController } from './stats/stats.controller';

/** The event consumer, in the HTTP process (WORKERS_IN_PROCESS) or in the worker. */
const backgroundProviders: Provider[] = [UserDataRepository, ...EventConsumer.forService({ inject: [UserDataRepository], handlers: manualsEventHandlers })];

@Module({})
export class AppModule {
  static forRoot(config: ManualsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot({ config, schema: SCHEMA, entities, migrations })],
      controllers: [ManualsController, AdminManualsController, ManualFilesController, StatsController, UserExportController],
      providers: [
        { provide: MANUALS_STORAGE, useFactory: () => createStorage(config.storage) },
        ManualsRepository,
        ManufacturersRepository,
        ManualsService,
        ManufacturersService,
        ManualFilesService,
        UserExportService,
        ...backgroundProviders,
      ],
    };
  }
}

/** The worker process (src/worker.ts): the event consumer, no HTTP server. */
@Module({})
export class WorkerModule {
  static forRoot(config: ManualsConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [PlatformModule.forRoot({ config, schema: SCHEMA, entities, migrations })],
      providers: backgroundProviders,
    };
  }
}
