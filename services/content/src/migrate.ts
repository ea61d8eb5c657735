import { runMigrations } from '@nivesh/platform';
import { loadDatabaseConfig } from './config';
import { MIGRATIONS, SCHEMA } from './migrations';

const config = loadDatabaseConfig();

runMigrations({ databaseUrl: config.DATABASE_URL, schema: SCHEMA, migrations: MIGRATIONS }).then(
  (applied) => console.log(`content: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`),
  (error: unknown) => {
    console.error('content: migration failed', error);
    process.exit(1);
  },
);
