import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Symbols, raw daily bars as published, and corporate actions (splits, bonus issues). */
export class CreateMarketData1763949600000 implements MigrationInterface {
  name = 'CreateMarketData1763949600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "market"."symbols" (
        "symbol" varchar(32) PRIMARY KEY,
        "file" varchar(64) NOT NULL,
        "company" text NOT NULL,
        "industry" text NOT NULL,
        "isin" varchar(12) NULL,
        "first_date" date NOT NULL,
        "last_date" date NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE "market"."daily_bars" (
        "symbol" varchar(32) NOT NULL REFERENCES "market"."symbols" ("symbol") ON DELETE CASCADE,
        "date" date NOT NULL,
        "open" numeric NOT NULL,
        "high" numeric NOT NULL,
        "low" numeric NOT NULL,
        "close" numeric NOT NULL,
        "volume" bigint NULL,
        PRIMARY KEY ("symbol", "date"),
        CONSTRAINT "daily_bars_range_check" CHECK ("high" >= "low" AND "low" > 0)
      )`);
    await queryRunner.query(`
      CREATE TABLE "market"."corporate_actions" (
        "symbol" varchar(32) NOT NULL REFERENCES "market"."symbols" ("symbol") ON DELETE CASCADE,
        "ex_date" date NOT NULL,
        "kind" varchar(8) NOT NULL,
        "ratio" numeric NOT NULL,
        "source" varchar(8) NOT NULL,
        PRIMARY KEY ("symbol", "ex_date"),
        CONSTRAINT "corporate_actions_kind_check" CHECK ("kind" IN ('split', 'bonus')),
        CONSTRAINT "corporate_actions_source_check" CHECK ("source" IN ('dataset', 'detected')),
        CONSTRAINT "corporate_actions_ratio_check" CHECK ("ratio" > 1)
      )`);
    await queryRunner.query(`CREATE INDEX "symbols_company_lower_idx" ON "market"."symbols" (lower("company"))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "market"."corporate_actions"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "market"."daily_bars"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "market"."symbols"`);
  }
}
