import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * NSE's corporate-action announcements (`action_announcements`), kept as published (symbol, ex-date, subject, record
 * date) with what Nivesh read from the subject (kind, ratio, terms), when it was first seen and when it was stored as a
 * corporate action, and a sentence on its status. Actions stored from them carry source 'nse'.
 */
export class ActionAnnouncements1798100000000 implements MigrationInterface {
  name = 'ActionAnnouncements1798100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "market"."action_announcements" (
        "id" bigserial PRIMARY KEY,
        "symbol" varchar(32) NOT NULL,
        "isin" varchar(12) NULL,
        "ex_date" date NOT NULL,
        "record_date" date NULL,
        "subject" text NOT NULL,
        "kind" varchar(16) NULL CHECK ("kind" IN ('split', 'bonus', 'split_bonus', 'reverse_split', 'demerger', 'rights', 'special_dividend')),
        "ratio" numeric NULL CHECK ("ratio" > 0),
        "terms" jsonb NOT NULL DEFAULT '{}'::jsonb,
        "source" varchar(8) NOT NULL DEFAULT 'nse' CHECK ("source" = 'nse'),
        "source_url" text NULL,
        "announced_at" timestamptz NOT NULL,
        "applied_at" timestamptz NULL,
        "status" varchar(8) NOT NULL CHECK ("status" IN ('ignored', 'pending', 'applied', 'refused')),
        "note" text NOT NULL,
        CONSTRAINT "action_announcements_key" UNIQUE ("symbol", "ex_date", "subject"),
        CONSTRAINT "action_announcements_kind_status_check" CHECK (("kind" IS NULL) = ("status" = 'ignored')),
        CONSTRAINT "action_announcements_applied_check" CHECK (("applied_at" IS NOT NULL) = ("status" = 'applied'))
      )`);
    await queryRunner.query(`CREATE INDEX "action_announcements_pending_idx" ON "market"."action_announcements" ("ex_date") WHERE "status" = 'pending'`);
    await queryRunner.query(`ALTER TABLE "market"."corporate_actions" DROP CONSTRAINT "corporate_actions_source_check"`);
    await queryRunner.query(
      `ALTER TABLE "market"."corporate_actions" ADD CONSTRAINT "corporate_actions_source_check" CHECK ("source" IN ('dataset', 'detected', 'provider', 'operator', 'nse'))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "market"."corporate_actions" WHERE "source" = 'nse'`);
    await queryRunner.query(`ALTER TABLE "market"."corporate_actions" DROP CONSTRAINT "corporate_actions_source_check"`);
    await queryRunner.query(
      `ALTER TABLE "market"."corporate_actions" ADD CONSTRAINT "corporate_actions_source_check" CHECK ("source" IN ('dataset', 'detected', 'provider', 'operator'))`,
    );
    await queryRunner.query(`DROP TABLE IF EXISTS "market"."action_announcements"`);
  }
}
