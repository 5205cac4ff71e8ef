import { DynamicModule, Module, Provider } from '@nestjs/common';
import { EventConsumer, Outbox, PlatformModule } from '@clima/common';
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
import { ManualSearchService } from './search/manual-search.service';
import { ManualTextConsumer } from './search/manual-text.consumer';
import { ManualTextIndexer } from './search/manual-text.indexer';
import { ManualTextProducer } from './search/manual-text.producer';
import { ManualTextRepository } from './search/manual-text.repository';
import { ManualSearchCache } from './search/search-cache';
import { StatsController } from './stats/stats.controller';

/**
 * The background work, in the HTTP process (WORKERS_IN_PROCESS) or in the worker: the event consumer and the
 * reading of the PDFs' text (with what it needs: the storage, the manuals' files); the outbox relay (manual.opened)
 * runs in both (rows taken with FOR UPDATE SKIP LOCKED).
 */
const backgroundProviders = (config: ManualsConfig): Provider[] => [
  UserDataRepository,
  Outbox,
  ...EventConsumer.forService({ inject: [UserDataRepository], handlers: manualsEventHandlers }),
  { provide: MANUALS_STORAGE, useFactory: () => createStorage(config.storage) },
  ManualsRepository,
  ManualFilesService,
  ManualTextRepository,
  ManualTextProducer,
  ManualSearchCache,
  ManualTextIndexer,
  ManualTextConsumer,
];

@Module({})
export class AppModule {
  static forRoot(config: ManualsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot({ config, schema: SCHEMA, entities, migrations })],
      controllers: [ManualsController, AdminManualsController, ManualFilesController, StatsController, UserExportController],
      providers: [...backgroundProviders(config), ManufacturersRepository, ManualsService, ManufacturersService, ManualSearchService, UserExportService],
    };
  }
}

/** The worker process (src/worker.ts): the background work, no HTTP server. */
@Module({})
export class WorkerModule {
  static forRoot(config: ManualsConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [PlatformModule.forRoot({ config, schema: SCHEMA, entities, migrations })],
      providers: backgroundProviders(config),
    };
  }
}
