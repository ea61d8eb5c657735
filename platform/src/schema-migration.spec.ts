import type { QueryRunner } from 'typeorm';
import { createSchemaMigration } from './schema-migration';

describe('createSchemaMigration', () => {
  const run = async (direction: 'up' | 'down') => {
    const queries: string[] = [];
    const runner = { query: async (sql: string) => void queries.push(sql) } as unknown as QueryRunner;
    const Migration = createSchemaMigration('market', 1763776800000);
    await new Migration()[direction](runner);
    return { queries, name: new Migration().name };
  };

  it('keeps the name TypeORM recorded the service’s first migration under, so a migrated database does not run it again', async () => {
    expect((await run('up')).name).toBe('CreateSchema1763776800000');
  });

  it('creates the schema if it is missing, and drops it with everything in it on the way down', async () => {
    expect((await run('up')).queries).toEqual(['CREATE SCHEMA IF NOT EXISTS "market"']);
    expect((await run('down')).queries).toEqual(['DROP SCHEMA IF EXISTS "market" CASCADE']);
  });

  it('refuses a schema name that would need quoting', () => {
    expect(() => createSchemaMigration('market"; DROP', 1)).toThrow('A schema name is lower-case letters, digits and underscores');
  });
});
