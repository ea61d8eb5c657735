import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Financial-results filings from NSE's XBRL files, one row per file: the symbol, fiscal year, period and basis it
 * reports, `filed_at` (when NSE published it, the first moment the figures were known: point-in-time analysis counts
 * a filing only from then on), and the figures the fundamentals need as JSON (quarter, year to date, balance sheet).
 * The file's name identifies it, so importing the same file again adds nothing.
 */
export class CreateFilings1796169600000 implements MigrationInterface {
  name = 'CreateFilings1796169600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "market"."filings" (
        "source_file" varchar(200) PRIMARY KEY,
        "symbol" varchar(32) NOT NULL REFERENCES "market"."symbols" ("symbol") ON DELETE CASCADE,
        "fiscal_year" smallint NOT NULL CHECK ("fiscal_year" BETWEEN 1990 AND 2100),
        "period" varchar(2) NOT NULL CHECK ("period" IN ('Q1', 'H1', 'Q3', 'FY')),
        "basis" varchar(12) NOT NULL CHECK ("basis" IN ('standalone', 'consolidated')),
        "format" varchar(12) NOT NULL CHECK ("format" IN ('indas', 'banking', 'nbfc', 'insurance')),
        "filed_at" timestamptz NOT NULL,
        "quarter" jsonb NOT NULL,
        "year_to_date" jsonb NOT NULL,
        "balance" jsonb NOT NULL,
        "imported_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "filings_symbol_filed_at" ON "market"."filings" ("symbol", "filed_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "market"."filings"`);
  }
}
