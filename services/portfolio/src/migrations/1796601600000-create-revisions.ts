import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each user's transactions revision: raised in the same database transaction as every write to their transactions,
 * so a summary computed for one revision (and one market data version) can be kept and served again until either
 * changes, by any instance.
 */
export class CreateRevisions1796601600000 implements MigrationInterface {
  name = 'CreateRevisions1796601600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "portfolio"."revisions" (
        "user_id" varchar(128) PRIMARY KEY,
        "revision" bigint NOT NULL
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "portfolio"."revisions"`);
  }
}
