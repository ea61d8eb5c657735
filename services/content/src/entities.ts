import { PostEntity } from './posts/post.entity';

/** Every TypeORM entity of the content schema. */
export const ENTITIES = [PostEntity];
