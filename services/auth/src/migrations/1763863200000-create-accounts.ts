import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Users, registrations waiting for their code, and one-time-code challenges. */
export class CreateAccounts1763863200000 implements MigrationInterface {
  name = 'CreateAccounts1763863200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "auth"."users" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "username" varchar(32) NOT NULL,
        "email" varchar(254) NOT NULL,
        "password_hash" text NOT NULL,
        "is_admin" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "users_email_lower_check" CHECK ("email" = lower("email"))
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_username_lower_key" ON "auth"."users" (lower("username"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "users_email_key" ON "auth"."users" ("email")`);

    await queryRunner.query(`
      CREATE TABLE "auth"."pending_registrations" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "username" varchar(32) NOT NULL,
        "email" varchar(254) NOT NULL,
        "password_hash" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        CONSTRAINT "pending_registrations_email_key" UNIQUE ("email"),
        CONSTRAINT "pending_registrations_email_lower_check" CHECK ("email" = lower("email"))
      )`);
    await queryRunner.query(`CREATE INDEX "pending_registrations_expires_at_idx" ON "auth"."pending_registrations" ("expires_at")`);

    await queryRunner.query(`
      CREATE TABLE "auth"."otp_challenges" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "purpose" varchar(16) NOT NULL,
        "email" varchar(254) NOT NULL,
        "user_id" uuid NULL REFERENCES "auth"."users" ("id") ON DELETE CASCADE,
        "code_hash" bytea NOT NULL,
        "attempts" integer NOT NULL DEFAULT 0,
        "expires_at" timestamptz NOT NULL,
        "consumed_at" timestamptz NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "otp_challenges_purpose_check" CHECK ("purpose" IN ('registration', 'login', 'password_reset')),
        CONSTRAINT "otp_challenges_attempts_check" CHECK ("attempts" >= 0),
        CONSTRAINT "otp_challenges_code_hash_check" CHECK (octet_length("code_hash") = 32)
      )`);
    // One live challenge per (purpose, email): a new code replaces the old one.
    await queryRunner.query(
      `CREATE UNIQUE INDEX "otp_challenges_live_key" ON "auth"."otp_challenges" ("purpose", "email") WHERE "consumed_at" IS NULL`,
    );
    await queryRunner.query(`CREATE INDEX "otp_challenges_expires_at_idx" ON "auth"."otp_challenges" ("expires_at")`);
    await queryRunner.query(`CREATE INDEX "otp_challenges_user_id_idx" ON "auth"."otp_challenges" ("user_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "auth"."otp_challenges"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "auth"."pending_registrations"`);
    await queryRunner.query(`DROP TABLE IF EXISTS "auth"."users"`);
  }
}
