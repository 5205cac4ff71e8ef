import { DynamicModule, Module } from '@nestjs/common';
import { PlatformModule } from '@clima/common';
import { AuthConfig } from './config';
import { entities, migrations, SCHEMA } from './database';

@Module({})
export class AppModule {
  static forRoot(config: AuthConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [PlatformModule.forRoot({ config, schema: SCHEMA, entities, migrations })],
    };
  }
}
