import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Market-wide reads (overview, sentiment, status) select every symbol's bars from a date on; the primary key
 * leads with the symbol, so without this index each of them scanned the whole table.
 */
export class DailyBarsDateIndex1764201600000 implements MigrationInterface {
  name = 'DailyBarsDateIndex1764201600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "daily_bars_date_idx" ON "market"."daily_bars" ("date")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX IF EXISTS "market"."daily_bars_date_idx"`);
  }
}
