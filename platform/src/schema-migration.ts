import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A TypeORM migration class, as a service's MIGRATIONS list holds them. */
export type MigrationClass = new () => MigrationInterface;

const SCHEMA_NAME = /^[a-z][a-z0-9_]*$/;

/**
 * Every service's first migration: its own PostgreSQL schema, which its feature migrations add tables to. `timestamp`
 * is the one the service first shipped it with: TypeORM records a migration by its name (`CreateSchema<timestamp>`),
 * so a database migrated before keeps it as run.
 */
export const createSchemaMigration = (schema: string, timestamp: number): MigrationClass => {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`A schema name is lower-case letters, digits and underscores: ${JSON.stringify(schema)}.`);
  const name = `CreateSchema${timestamp}`;
  return class CreateSchema implements MigrationInterface {
    name = name;

    async up(queryRunner: QueryRunner): Promise<void> {
      await queryRunner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    }

    async down(queryRunner: QueryRunner): Promise<void> {
      await queryRunner.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    }
  };
};
