import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Price alerts and the notifications they leave. An alert keeps its evaluation state (armed, the last market day
 * checked, the last day it fired) beside its rule, so "once per crossing" survives restarts. A notification is unique
 * per alert and market day: an evaluation that runs twice (a retried job) stores it once. Notifications outlive their
 * alert (alert_id set null), so deleting an alert does not rewrite history.
 */
export class CreateAlerts1796515200000 implements MigrationInterface {
  name = 'CreateAlerts1796515200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "portfolio"."alerts" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" varchar(128) NOT NULL,
        "symbol" varchar(32) NOT NULL,
        "kind" varchar(16) NOT NULL,
        "params" jsonb NOT NULL,
        "email" boolean NOT NULL DEFAULT true,
        "armed" boolean NOT NULL,
        "last_evaluated_date" date,
        "last_fired_date" date,
        "paused" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "alerts_user" ON "portfolio"."alerts" ("user_id", "created_at")`);
    await queryRunner.query(`CREATE INDEX "alerts_symbol" ON "portfolio"."alerts" ("symbol")`);
    await queryRunner.query(`
      CREATE TABLE "portfolio"."notifications" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" varchar(128) NOT NULL,
        "alert_id" uuid REFERENCES "portfolio"."alerts" ("id") ON DELETE SET NULL,
        "symbol" varchar(32) NOT NULL,
        "kind" varchar(16) NOT NULL,
        "date" date NOT NULL,
        "message" text NOT NULL,
        "email" boolean NOT NULL,
        "emailed_at" timestamptz,
        "read_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        UNIQUE ("alert_id", "date")
      )`);
    await queryRunner.query(`CREATE INDEX "notifications_user" ON "portfolio"."notifications" ("user_id", "created_at" DESC, "id")`);
    await queryRunner.query(`CREATE INDEX "notifications_unread" ON "portfolio"."notifications" ("user_id") WHERE "read_at" IS NULL`);
    await queryRunner.query(`CREATE INDEX "notifications_mail_pending" ON "portfolio"."notifications" ("created_at") WHERE "email" AND "emailed_at" IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "portfolio"."notifications"`);
    await queryRunner.query(`DROP TABLE "portfolio"."alerts"`);
  }
}
