import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Corporate actions beyond splits and bonus issues: kinds split_bonus, reverse_split (ratio below 1), demerger, rights
 * and special_dividend (no ratio); a `factor` every earlier price is multiplied by (backfilled as 1/ratio), a short
 * `note` and `source_url`; source 'operator' for actions an operator classified. `price_anomalies` holds the
 * overnight moves the importer could not explain, for an operator to classify or dismiss.
 */
export class CorporateActionFactors1764374400000 implements MigrationInterface {
  name = 'CorporateActionFactors1764374400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "market"."corporate_actions" DROP CONSTRAINT "corporate_actions_kind_check"`);
    await queryRunner.query(`ALTER TABLE "market"."corporate_actions" DROP CONSTRAINT "corporate_actions_ratio_check"`);
    await queryRunner.query(`ALTER TABLE "market"."corporate_actions" DROP CONSTRAINT "corporate_actions_source_check"`);
    await queryRunner.query(`
      ALTER TABLE "market"."corporate_actions"
        ALTER COLUMN "kind" TYPE varchar(16),
        ALTER COLUMN "ratio" DROP NOT NULL,
        ADD COLUMN "factor" numeric NULL,
        ADD COLUMN "note" text NULL,
        ADD COLUMN "source_url" text NULL`);
    await queryRunner.query(`UPDATE "market"."corporate_actions" SET "factor" = 1 / "ratio"`);
    await queryRunner.query(`ALTER TABLE "market"."corporate_actions" ALTER COLUMN "factor" SET NOT NULL`);
    await queryRunner.query(`
      ALTER TABLE "market"."corporate_actions"
        ADD CONSTRAINT "corporate_actions_kind_check"
          CHECK ("kind" IN ('split', 'bonus', 'split_bonus', 'reverse_split', 'demerger', 'rights', 'special_dividend')),
        ADD CONSTRAINT "corporate_actions_ratio_check" CHECK (
          CASE
            WHEN "kind" IN ('split', 'bonus', 'split_bonus') THEN "ratio" > 1
            WHEN "kind" = 'reverse_split' THEN "ratio" > 0 AND "ratio" < 1
            ELSE "ratio" IS NULL
          END),
        ADD CONSTRAINT "corporate_actions_factor_check" CHECK ("factor" > 0 AND ("kind" = 'reverse_split' OR "factor" < 1)),
        ADD CONSTRAINT "corporate_actions_source_check" CHECK ("source" IN ('dataset', 'detected', 'provider', 'operator'))`);
    await queryRunner.query(`
      CREATE TABLE "market"."price_anomalies" (
        "symbol" varchar(32) NOT NULL REFERENCES "market"."symbols" ("symbol") ON DELETE CASCADE,
        "date" date NOT NULL,
        "previous_close" numeric NOT NULL,
        "open" numeric NOT NULL,
        "close" numeric NOT NULL,
        "index_change" numeric NULL,
        "status" varchar(12) NOT NULL DEFAULT 'unreviewed',
        "kind" varchar(16) NULL,
        "flagged_at" timestamptz NOT NULL DEFAULT now(),
        "reviewed_at" timestamptz NULL,
        PRIMARY KEY ("symbol", "date"),
        CONSTRAINT "price_anomalies_status_check" CHECK ("status" IN ('unreviewed', 'classified', 'dismissed')),
        CONSTRAINT "price_anomalies_kind_check" CHECK (("status" = 'classified') = ("kind" IS NOT NULL))
      )`);
    await queryRunner.query(`CREATE INDEX "price_anomalies_status_idx" ON "market"."price_anomalies" ("status", "date")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "market"."price_anomalies"`);
    // What the earlier schema cannot hold goes: price-only actions, consolidations, operators' actions.
    await queryRunner.query(`DELETE FROM "market"."corporate_actions" WHERE "kind" NOT IN ('split', 'bonus', 'split_bonus') OR "source" = 'operator'`);
    await queryRunner.query(`UPDATE "market"."corporate_actions" SET "kind" = 'bonus' WHERE "kind" = 'split_bonus'`);
    await queryRunner.query(`ALTER TABLE "market"."corporate_actions" DROP CONSTRAINT "corporate_actions_kind_check"`);
    await queryRunner.query(`ALTER TABLE "market"."corporate_actions" DROP CONSTRAINT "corporate_actions_ratio_check"`);
    await queryRunner.query(`ALTER TABLE "market"."corporate_actions" DROP CONSTRAINT "corporate_actions_factor_check"`);
    await queryRunner.query(`ALTER TABLE "market"."corporate_actions" DROP CONSTRAINT "corporate_actions_source_check"`);
    await queryRunner.query(`
      ALTER TABLE "market"."corporate_actions"
        DROP COLUMN "factor",
        DROP COLUMN "note",
        DROP COLUMN "source_url",
        ALTER COLUMN "ratio" SET NOT NULL,
        ALTER COLUMN "kind" TYPE varchar(8)`);
    await queryRunner.query(`
      ALTER TABLE "market"."corporate_actions"
        ADD CONSTRAINT "corporate_actions_kind_check" CHECK ("kind" IN ('split', 'bonus')),
        ADD CONSTRAINT "corporate_actions_ratio_check" CHECK ("ratio" > 1),
        ADD CONSTRAINT "corporate_actions_source_check" CHECK ("source" IN ('dataset', 'detected', 'provider'))`);
  }
}
