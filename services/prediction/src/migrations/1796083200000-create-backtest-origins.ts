import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The back-tests' origins: each fitted model's forecasts at one origin, with a fingerprint of the closes they depend on,
 * so the next back-test after a new day fits only the origin that day adds. A row per origin rather than one value per
 * back-test: a day writes one small row, not the whole back-test again.
 */
export class CreateBacktestOrigins1796083200000 implements MigrationInterface {
  name = 'CreateBacktestOrigins1796083200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "prediction"."backtest_origins" (
        "symbol" varchar(32) NOT NULL,
        "horizon" smallint NOT NULL,
        "origin" date NOT NULL,
        "fingerprint" varchar(32) NOT NULL,
        "points" bytea NOT NULL,
        "fell_back" text[] NOT NULL DEFAULT '{}',
        CONSTRAINT "backtest_origins_pkey" PRIMARY KEY ("symbol", "horizon", "origin")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "prediction"."backtest_origins"');
  }
}
