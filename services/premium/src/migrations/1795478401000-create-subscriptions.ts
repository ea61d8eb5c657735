import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Subscriptions, their audit trail and the provider events already processed.
 *
 * - At most one live subscription (created, pending_payment, active or cancelled_at_period_end) per user.
 * - `provider_events.event_id` is the deduplication key: it is inserted in the same transaction as the
 *   state change it causes, so a replayed event finds it and changes nothing.
 */
export class CreateSubscriptions1795478401000 implements MigrationInterface {
  name = 'CreateSubscriptions1795478401000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const statuses = `'created', 'pending_payment', 'active', 'cancelled_at_period_end', 'expired', 'failed'`;
    await queryRunner.query(`
      CREATE TABLE "premium"."subscriptions" (
        "id" uuid NOT NULL,
        "user_id" text NOT NULL,
        "plan_id" text NOT NULL,
        "status" text NOT NULL,
        "provider" text NOT NULL,
        "provider_subscription_id" text,
        "current_period_start" timestamptz,
        "current_period_end" timestamptz,
        "cancel_at_period_end" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "subscriptions_plan_fkey" FOREIGN KEY ("plan_id") REFERENCES "premium"."plans" ("id"),
        CONSTRAINT "subscriptions_provider_subscription_id_key" UNIQUE ("provider_subscription_id"),
        CONSTRAINT "subscriptions_status_known" CHECK ("status" IN (${statuses})),
        CONSTRAINT "subscriptions_provider_known" CHECK ("provider" IN ('razorpay', 'simulator')),
        CONSTRAINT "subscriptions_period_ordered" CHECK ("current_period_end" IS NULL OR "current_period_start" IS NULL OR "current_period_end" > "current_period_start")
      )`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX "subscriptions_one_live_per_user" ON "premium"."subscriptions" ("user_id")
      WHERE "status" IN ('created', 'pending_payment', 'active', 'cancelled_at_period_end')`);
    await queryRunner.query(`CREATE INDEX "subscriptions_user_created" ON "premium"."subscriptions" ("user_id", "created_at" DESC)`);
    // The expiry job and the reconciliation job each read one status range.
    await queryRunner.query(`
      CREATE INDEX "subscriptions_paid_period_end" ON "premium"."subscriptions" ("current_period_end")
      WHERE "status" IN ('active', 'cancelled_at_period_end')`);
    await queryRunner.query(`
      CREATE INDEX "subscriptions_awaiting_payment" ON "premium"."subscriptions" ("created_at")
      WHERE "status" IN ('created', 'pending_payment')`);

    await queryRunner.query(`
      CREATE TABLE "premium"."provider_events" (
        "event_id" text NOT NULL,
        "event_type" text NOT NULL,
        "provider_subscription_id" text NOT NULL,
        "outcome" text NOT NULL,
        "detail" text,
        "received_at" timestamptz NOT NULL DEFAULT now(),
        "payload" jsonb NOT NULL,
        CONSTRAINT "provider_events_pkey" PRIMARY KEY ("event_id"),
        CONSTRAINT "provider_events_outcome_known" CHECK ("outcome" IN ('applied', 'ignored'))
      )`);
    await queryRunner.query(`CREATE INDEX "provider_events_subscription" ON "premium"."provider_events" ("provider_subscription_id", "received_at")`);

    await queryRunner.query(`
      CREATE TABLE "premium"."subscription_events" (
        "id" bigint GENERATED ALWAYS AS IDENTITY,
        "subscription_id" uuid NOT NULL,
        "from_status" text,
        "to_status" text NOT NULL,
        "cause" text NOT NULL,
        "provider_event_id" text,
        "changes" jsonb NOT NULL DEFAULT '{}',
        "at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "subscription_events_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "subscription_events_subscription_fkey" FOREIGN KEY ("subscription_id") REFERENCES "premium"."subscriptions" ("id") ON DELETE CASCADE,
        CONSTRAINT "subscription_events_provider_event_fkey" FOREIGN KEY ("provider_event_id") REFERENCES "premium"."provider_events" ("event_id"),
        CONSTRAINT "subscription_events_from_known" CHECK ("from_status" IS NULL OR "from_status" IN (${statuses})),
        CONSTRAINT "subscription_events_to_known" CHECK ("to_status" IN (${statuses}))
      )`);
    await queryRunner.query(`CREATE INDEX "subscription_events_subscription" ON "premium"."subscription_events" ("subscription_id", "id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "premium"."subscription_events"');
    await queryRunner.query('DROP TABLE "premium"."provider_events"');
    await queryRunner.query('DROP TABLE "premium"."subscriptions"');
  }
}
