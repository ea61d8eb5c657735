import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One stored back-test per symbol: the walk-forward evaluation of the latest data and the forecast made from it, keyed by
 * the series they were computed on, so both are served until the prices change.
 */
export class CreateEvaluations1764547200000 implements MigrationInterface {
  name = 'CreateEvaluations1764547200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "prediction"."evaluations" (
        "symbol" varchar(32) NOT NULL,
        "horizon" smallint NOT NULL,
        "series_key" varchar(80) NOT NULL,
        "company" text NOT NULL,
        "as_of" date NOT NULL,
        "evaluation" jsonb NOT NULL,
        "forecast" jsonb NOT NULL,
        "computed_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "evaluations_pkey" PRIMARY KEY ("symbol", "horizon")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "prediction"."evaluations"');
  }
}
