import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';

export type ServiceDatabase = {
  databaseUrl: string;
  /** The service's own PostgreSQL schema; it touches no other. */
  schema: string;
  /** Its entity classes: the data source maps them, and each gets an injectable repository. */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities?: Array<Function | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
};

/** TypeORM options for a service: its own schema, explicit migrations, never `synchronize`. */
export const serviceDataSourceOptions = (db: ServiceDatabase): DataSourceOptions => ({
  type: 'postgres',
  url: db.databaseUrl,
  schema: db.schema,
  entities: db.entities ?? [],
  migrations: db.migrations,
  migrationsTableName: 'migrations',
  synchronize: false,
  migrationsRun: false,
  extra: { max: 10, connectionTimeoutMillis: 5_000 },
});

/** Applies pending migrations of one service, each in its own transaction; returns their names. */
export const runMigrations = async (db: ServiceDatabase): Promise<string[]> => {
  const dataSource = new DataSource(serviceDataSourceOptions(db));
  await dataSource.initialize();
  try {
    // The migrations table lives in the service's schema, so the schema must exist before TypeORM looks.
    await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${db.schema}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
  }
};
