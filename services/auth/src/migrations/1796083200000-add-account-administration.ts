import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Account administration: disabled accounts, the last login, and the log of what admins changed. */
export class AddAccountAdministration1796083200000 implements MigrationInterface {
  name = 'AddAccountAdministration1796083200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "auth"."users"
        ADD COLUMN "disabled_at" timestamptz NULL,
        ADD COLUMN "last_login_at" timestamptz NULL`);
    // The admin's list: newest accounts first, a page at a time.
    await queryRunner.query(`CREATE INDEX "users_created_at_idx" ON "auth"."users" ("created_at" DESC, "id" DESC)`);
    // The last-admin rule locks the enabled admins; there are few, and this finds them without a scan.
    await queryRunner.query(`CREATE INDEX "users_active_admins_idx" ON "auth"."users" ("id") WHERE "is_admin" AND "disabled_at" IS NULL`);

    // Usernames are copied so the log still reads the same if an account is renamed; no foreign keys, so it is kept for good.
    await queryRunner.query(`
      CREATE TABLE "auth"."admin_audit" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "at" timestamptz NOT NULL DEFAULT now(),
        "actor_user_id" uuid NOT NULL,
        "actor_username" varchar(32) NOT NULL,
        "target_user_id" uuid NOT NULL,
        "target_username" varchar(32) NOT NULL,
        "action" varchar(16) NOT NULL,
        "summary" text NOT NULL,
        CONSTRAINT "admin_audit_action_check" CHECK ("action" IN ('grant_admin', 'revoke_admin', 'disable', 'enable'))
      )`);
    await queryRunner.query(`CREATE INDEX "admin_audit_target_user_id_idx" ON "auth"."admin_audit" ("target_user_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS "auth"."admin_audit"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "auth"."users_active_admins_idx"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "auth"."users_created_at_idx"`);
    await queryRunner.query(`ALTER TABLE "auth"."users" DROP COLUMN IF EXISTS "last_login_at", DROP COLUMN IF EXISTS "disabled_at"`);
  }
}
