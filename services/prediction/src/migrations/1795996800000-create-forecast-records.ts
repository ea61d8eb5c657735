import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * TrendVision's live record: every forecast served, one row per symbol, starting close, model and day ahead however
 * often it was asked for, and its score once the actual close of its day arrives. A row whose day had no close for the
 * symbol is closed with `scored_at` set and no actual, so it is not looked for again.
 */
export class CreateForecastRecords1795996800000 implements MigrationInterface {
  name = 'CreateForecastRecords1795996800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "prediction"."forecast_records" (
        "symbol" varchar(32) NOT NULL,
        "as_of" date NOT NULL,
        "model" varchar(16) NOT NULL,
        "target_date" date NOT NULL,
        "step" smallint NOT NULL CHECK ("step" > 0),
        "forecast" double precision NOT NULL,
        "lower80" double precision NOT NULL,
        "upper80" double precision NOT NULL,
        "lower95" double precision NOT NULL,
        "upper95" double precision NOT NULL,
        "last_close" double precision NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "actual" double precision,
        "inside80" boolean,
        "inside95" boolean,
        "abs_error" double precision,
        "naive_abs_error" double precision,
        "scored_at" timestamptz,
        CONSTRAINT "forecast_records_pkey" PRIMARY KEY ("symbol", "as_of", "model", "target_date", "step")
      )`);
    // The scoring job looks only at rows still waiting for their close.
    await queryRunner.query(`CREATE INDEX "forecast_records_unscored" ON "prediction"."forecast_records" ("symbol", "target_date") WHERE "scored_at" IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "prediction"."forecast_records"');
  }
}
