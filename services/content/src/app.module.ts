import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ServicePlatformModule } from '@nivesh/platform';
import type { Config } from './config';
import { MIGRATIONS, SCHEMA } from './migrations';
import { ENTITIES } from './posts/post.entity';
import { PostsHandler } from './posts/posts.handler';
import { PostsRepository } from './posts/posts.repository';
import { PostsService } from './posts/posts.service';

@Module({})
export class AppModule {
  static register(config: Config): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServicePlatformModule.forService({ service: 'content', config, database: { schema: SCHEMA, migrations: MIGRATIONS, entities: ENTITIES } }),
        TypeOrmModule.forFeature(ENTITIES),
      ],
      controllers: [PostsHandler],
      providers: [PostsRepository, PostsService],
    };
  }
}
