import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The daily pipeline's tables:
 * - `ingest_runs`: every run of the pipeline for one trading day and source — what it found, the checks it made, how
 *   long it took and why it failed (the admin status page shows the last 30; `market_ingest_*` metrics read them);
 * - `former_isins`: an ISIN a symbol had before NSE gave it a new one (a split or bonus), kept so rows under the old
 *   ISIN still match, with the trading day the new one first appeared;
 * - `history_backfills`: stocks that joined the universe from NSE's files (MARKET_UNIVERSE nifty500 or all) and whether
 *   their history has been fetched from the provider yet (a few per run, within its rate limit);
 * - `daily_bars.source`: who a bar came from. Bars of the dataset and NSE's files are 'nse'; a day NSE had not published
 *   by the deadline is filled from the provider as 'provider', and NSE's file replaces it when it arrives.
 */
export class DailyIngest1798000000000 implements MigrationInterface {
  name = 'DailyIngest1798000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "market"."ingest_runs" (
        "id" bigserial PRIMARY KEY,
        "trading_day" date NOT NULL,
        "source" varchar(16) NOT NULL CHECK ("source" IN ('nse', 'provider')),
        "status" varchar(16) NOT NULL CHECK ("status" IN ('imported', 'unchanged', 'waiting', 'refused', 'failed')),
        "trigger" varchar(16) NOT NULL CHECK ("trigger" IN ('schedule', 'manual', 'replay')),
        "rows" integer NOT NULL DEFAULT 0 CHECK ("rows" >= 0),
        "new_bars" integer NOT NULL DEFAULT 0 CHECK ("new_bars" >= 0),
        "checks" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "error" text NULL CHECK (length("error") <= 2000),
        "started_at" timestamptz NOT NULL,
        "duration_ms" integer NOT NULL CHECK ("duration_ms" >= 0)
      )`);
    await queryRunner.query(`CREATE INDEX "ingest_runs_started" ON "market"."ingest_runs" ("started_at" DESC, "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "ingest_runs_day" ON "market"."ingest_runs" ("trading_day", "source", "status")`);
    await queryRunner.query(`
      CREATE TABLE "market"."former_isins" (
        "isin" varchar(12) PRIMARY KEY,
        "symbol" varchar(32) NOT NULL,
        "replaced_by" varchar(12) NOT NULL,
        "replaced_on" date NOT NULL
      )`);
    await queryRunner.query(`
      CREATE TABLE "market"."history_backfills" (
        "symbol" varchar(32) PRIMARY KEY REFERENCES "market"."symbols" ("symbol") ON DELETE CASCADE,
        "listed_on" date NOT NULL,
        "status" varchar(8) NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'done', 'failed')),
        "attempts" integer NOT NULL DEFAULT 0 CHECK ("attempts" >= 0),
        "new_bars" integer NOT NULL DEFAULT 0 CHECK ("new_bars" >= 0),
        "error" text NULL CHECK (length("error") <= 2000),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "history_backfills_pending" ON "market"."history_backfills" ("listed_on") WHERE "status" = 'pending'`);
    await queryRunner.query(`ALTER TABLE "market"."daily_bars" ADD COLUMN "source" varchar(8) NOT NULL DEFAULT 'nse' CHECK ("source" IN ('nse', 'provider'))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "market"."daily_bars" DROP COLUMN "source"`);
    await queryRunner.query(`DROP TABLE "market"."history_backfills"`);
    await queryRunner.query(`DROP TABLE "market"."former_isins"`);
    await queryRunner.query(`DROP TABLE "market"."ingest_runs"`);
  }
}
