import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The plans users can buy, seeded with the one SPEC section 9 prices: Nivesh Premium Monthly at ₹200 a
 * month. Amounts are in paise, as Razorpay takes them.
 */
export class CreatePlans1795478400000 implements MigrationInterface {
  name = 'CreatePlans1795478400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "premium"."plans" (
        "id" text NOT NULL,
        "name" text NOT NULL,
        "amount_paise" integer NOT NULL,
        "currency" text NOT NULL DEFAULT 'INR',
        "period" text NOT NULL,
        "interval_count" integer NOT NULL DEFAULT 1,
        "active" boolean NOT NULL DEFAULT true,
        "provider_plan_id" text,
        CONSTRAINT "plans_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "plans_amount_positive" CHECK ("amount_paise" > 0),
        CONSTRAINT "plans_currency_code" CHECK ("currency" ~ '^[A-Z]{3}$'),
        CONSTRAINT "plans_period_known" CHECK ("period" IN ('monthly', 'yearly')),
        CONSTRAINT "plans_interval_positive" CHECK ("interval_count" > 0)
      )`);
    await queryRunner.query(`
      INSERT INTO "premium"."plans" ("id", "name", "amount_paise", "currency", "period", "interval_count", "active")
      VALUES ('premium_monthly', 'Nivesh Premium Monthly', 20000, 'INR', 'monthly', 1, true)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "premium"."plans"');
  }
}
