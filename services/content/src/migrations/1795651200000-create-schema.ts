import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The content service's own schema; feature migrations add its tables. */
export class CreateSchema1795651200000 implements MigrationInterface {
  name = 'CreateSchema1795651200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE SCHEMA IF NOT EXISTS "content"');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP SCHEMA IF EXISTS "content" CASCADE');
  }
}
