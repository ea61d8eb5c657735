/**
 * Loads the blog posts written as Markdown files into content.posts, published at the date of their front matter:
 *
 *   node services/content/dist/cli/load-posts.js [dir]      (dir: services/content/posts unless given)
 *
 * Idempotent by slug: a post whose slug is in the table already is left as it is (an admin may have edited or
 * unpublished it), so running it again adds only new files. `npm start` and the end-to-end stack run it on the
 * first start, as they load the market data. Every file is read and checked before anything is stored.
 *
 * Reads DATABASE_URL. Prints one summary line. Exit codes: 0 done, 64 no such folder, 65 a malformed file
 * (nothing stored), 1 failed.
 */
import 'reflect-metadata';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { serviceDataSourceOptions } from '@nivesh/platform';
import { DataSource } from 'typeorm';
import { loadDatabaseConfig } from '../config';
import { MIGRATIONS, SCHEMA } from '../migrations';
import { ENTITIES } from '../entities';
import { PostEntity } from '../posts/post.entity';
import { parsePostFile, PostFileError, postOfFile } from '../posts/post-file';
import { PostsRepository } from '../posts/posts.repository';

const EXIT = { ok: 0, failed: 1, usage: 64, malformed: 65 } as const;
/** The posts that come with Nivesh, beside the service's compiled code (dist/cli → posts). */
export const DEFAULT_POSTS_DIR = path.resolve(__dirname, '../../posts');

const main = async (): Promise<number> => {
  const dir = path.resolve(process.argv[2] ?? DEFAULT_POSTS_DIR);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    console.error(`content: ${dir} is not a folder of posts`);
    return EXIT.usage;
  }
  let posts: PostEntity[];
  try {
    const files = readdirSync(dir).filter((name) => name.endsWith('.md') && name.toLowerCase() !== 'readme.md').sort();
    posts = files.map((name) => postOfFile(parsePostFile(readFileSync(path.join(dir, name), 'utf8'), name)));
  } catch (error) {
    if (!(error instanceof PostFileError)) throw error;
    console.error(`content: ${error.message} (no post loaded)`);
    return EXIT.malformed;
  }
  const config = loadDatabaseConfig();
  const dataSource = new DataSource(serviceDataSourceOptions({ databaseUrl: config.DATABASE_URL, schema: SCHEMA, migrations: MIGRATIONS, entities: ENTITIES }));
  await dataSource.initialize();
  try {
    const added = await dataSource.transaction(async (manager) => {
      const repository = new PostsRepository(manager.getRepository(PostEntity));
      let count = 0;
      for (const post of posts) if (await repository.insertIfNewSlug(post)) count += 1;
      return count;
    });
    console.log(`content: ${added} of ${posts.length} posts loaded from ${dir} (${posts.length - added} were there already)`);
    return EXIT.ok;
  } finally {
    await dataSource.destroy();
  }
};

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('content: loading the posts failed', error);
    process.exit(EXIT.failed);
  },
);
