import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The one device per user that may use premium. `previous_device_id` is the device premium was last moved
 * away from, so that device can be told at its next status check; `claimed_at` is when it moved.
 */
export class CreateDeviceClaims1795478402000 implements MigrationInterface {
  name = 'CreateDeviceClaims1795478402000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "premium"."device_claims" (
        "user_id" text NOT NULL,
        "device_id" text NOT NULL,
        "claimed_at" timestamptz NOT NULL DEFAULT now(),
        "previous_device_id" text,
        "connection_ip" text,
        "reported_ip" text,
        CONSTRAINT "device_claims_pkey" PRIMARY KEY ("user_id"),
        CONSTRAINT "device_claims_moved_away" CHECK ("previous_device_id" IS NULL OR "previous_device_id" <> "device_id")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "premium"."device_claims"');
  }
}
