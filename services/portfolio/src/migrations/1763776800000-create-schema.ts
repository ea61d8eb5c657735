import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The portfolio service's own schema; feature migrations add its tables. */
export class CreateSchema1763776800000 implements MigrationInterface {
  name = 'CreateSchema1763776800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE SCHEMA IF NOT EXISTS "portfolio"');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP SCHEMA IF EXISTS "portfolio" CASCADE');
  }
}
