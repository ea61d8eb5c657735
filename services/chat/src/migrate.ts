import { runMigrations } from '@nivesh/platform';
import { loadMigrationConfig } from './config';
import { MIGRATIONS, SCHEMA } from './migrations';

const config = loadMigrationConfig();

runMigrations({ databaseUrl: config.DATABASE_URL, schema: SCHEMA, migrations: MIGRATIONS }).then(
  (applied) => console.log(`chat: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`),
  (error: unknown) => {
    console.error('chat: migration failed', error);
    process.exit(1);
  },
);
