import { serviceRoot } from '@nivesh/platform';
import type { Config } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS, SCHEMA } from './migrations';
import { PostsHandler } from './posts/posts.handler';
import { PostsRepository } from './posts/posts.repository';
import { PostsService } from './posts/posts.service';

/** The content service: the blog's posts. */
export const AppModule = serviceRoot<Config>({
  service: 'content',
  database: { schema: SCHEMA, migrations: MIGRATIONS, entities: ENTITIES },
  controllers: [PostsHandler],
  providers: [PostsRepository, PostsService],
});
