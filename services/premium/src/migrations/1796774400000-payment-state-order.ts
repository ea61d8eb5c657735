import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payment state that never goes backwards, and payment webhooks that are never dropped.
 *
 * - `subscriptions.provider_event_at`: the provider's time of the newest provider event that changed the
 *   subscription. An ending event (halt, cancellation, completion, failed payment) sent before it is out of date
 *   and changes nothing. Existing subscriptions take it from the provider events already applied to them.
 * - `provider_events.outcome` may be `stale`: recorded, so a replay still deduplicates, and ignored.
 * - `payment_dead_letters`: correctly signed webhooks that could not be applied (a body we cannot read, or a
 *   subscription we do not have), with their raw body and the reason; unresolved ones show on the admin status page.
 */
export class PaymentStateOrder1796774400000 implements MigrationInterface {
  name = 'PaymentStateOrder1796774400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "premium"."subscriptions" ADD COLUMN "provider_event_at" timestamptz`);
    await queryRunner.query(`
      UPDATE "premium"."subscriptions" AS s SET "provider_event_at" = applied.latest
      FROM (
        SELECT "provider_subscription_id", max(("payload"->>'occurred_at')::timestamptz) AS latest
        FROM "premium"."provider_events"
        WHERE "outcome" = 'applied'
        GROUP BY "provider_subscription_id"
      ) AS applied
      WHERE s."provider_subscription_id" = applied."provider_subscription_id"`);

    await queryRunner.query(`ALTER TABLE "premium"."provider_events" DROP CONSTRAINT "provider_events_outcome_known"`);
    await queryRunner.query(`ALTER TABLE "premium"."provider_events" ADD CONSTRAINT "provider_events_outcome_known" CHECK ("outcome" IN ('applied', 'ignored', 'stale'))`);

    await queryRunner.query(`
      CREATE TABLE "premium"."payment_dead_letters" (
        "id" bigint GENERATED ALWAYS AS IDENTITY,
        "event_id" text NOT NULL,
        "reason" text NOT NULL,
        "detail" text NOT NULL,
        "event_type" text,
        "provider_subscription_id" text,
        "raw_body" text NOT NULL,
        "received_at" timestamptz NOT NULL,
        "attempts" integer NOT NULL DEFAULT 1,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "resolved_at" timestamptz,
        CONSTRAINT "payment_dead_letters_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "payment_dead_letters_event_id_key" UNIQUE ("event_id"),
        CONSTRAINT "payment_dead_letters_reason_known" CHECK ("reason" IN ('unreadable', 'unknown_subscription')),
        CONSTRAINT "payment_dead_letters_attempts_positive" CHECK ("attempts" > 0)
      )`);
    // The admin status page reads the newest unresolved ones and counts them.
    await queryRunner.query(`
      CREATE INDEX "payment_dead_letters_unresolved" ON "premium"."payment_dead_letters" ("received_at" DESC)
      WHERE "resolved_at" IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "premium"."payment_dead_letters"');
    await queryRunner.query(`UPDATE "premium"."provider_events" SET "outcome" = 'ignored' WHERE "outcome" = 'stale'`);
    await queryRunner.query(`ALTER TABLE "premium"."provider_events" DROP CONSTRAINT "provider_events_outcome_known"`);
    await queryRunner.query(`ALTER TABLE "premium"."provider_events" ADD CONSTRAINT "provider_events_outcome_known" CHECK ("outcome" IN ('applied', 'ignored'))`);
    await queryRunner.query(`ALTER TABLE "premium"."subscriptions" DROP COLUMN "provider_event_at"`);
  }
}
