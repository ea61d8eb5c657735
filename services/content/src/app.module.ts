import { type DynamicModule, Module } from '@nestjs/common';
import { serviceModule } from '@nivesh/platform';
import type { Config } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS, SCHEMA } from './migrations';
import { PostsHandler } from './posts/posts.handler';
import { PostsRepository } from './posts/posts.repository';
import { PostsService } from './posts/posts.service';

@Module({})
export class AppModule {
  static register(config: Config): DynamicModule {
    return serviceModule(AppModule, {
      service: 'content',
      config,
      database: { schema: SCHEMA, migrations: MIGRATIONS, entities: ENTITIES },
      controllers: [PostsHandler],
      providers: [PostsRepository, PostsService],
    });
  }
}
