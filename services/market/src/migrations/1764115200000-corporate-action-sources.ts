import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Splits reported by the live provider (Yahoo Finance) are stored with source 'provider'. */
export class CorporateActionSources1764115200000 implements MigrationInterface {
  name = 'CorporateActionSources1764115200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "market"."corporate_actions" DROP CONSTRAINT "corporate_actions_source_check"`);
    await queryRunner.query(
      `ALTER TABLE "market"."corporate_actions" ADD CONSTRAINT "corporate_actions_source_check" CHECK ("source" IN ('dataset', 'detected', 'provider'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "market"."corporate_actions" WHERE "source" = 'provider'`);
    await queryRunner.query(`ALTER TABLE "market"."corporate_actions" DROP CONSTRAINT "corporate_actions_source_check"`);
    await queryRunner.query(
      `ALTER TABLE "market"."corporate_actions" ADD CONSTRAINT "corporate_actions_source_check" CHECK ("source" IN ('dataset', 'detected'))`,
    );
  }
}
