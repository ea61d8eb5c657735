import { type DynamicModule, Module } from '@nestjs/common';
import { ServicePlatformModule } from '@nivesh/proto/node';
import type { Config } from './config';
import { MIGRATIONS, SCHEMA } from './migrations';

@Module({})
export class AppModule {
  static register(config: Config): DynamicModule {
    return {
      module: AppModule,
      imports: [ServicePlatformModule.forService({ service: 'chat', config, database: { schema: SCHEMA, migrations: MIGRATIONS } })],
    };
  }
}
