import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each user's watchlists and the stocks on them; a watchlist's stocks go with it. */
export class CreateWatchlists1796428800000 implements MigrationInterface {
  name = 'CreateWatchlists1796428800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "portfolio"."watchlists" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" varchar(128) NOT NULL,
        "name" varchar(60) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "watchlists_user" ON "portfolio"."watchlists" ("user_id", "created_at")`);
    await queryRunner.query(`
      CREATE TABLE "portfolio"."watchlist_items" (
        "watchlist_id" uuid NOT NULL REFERENCES "portfolio"."watchlists" ("id") ON DELETE CASCADE,
        "symbol" varchar(32) NOT NULL,
        "added_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("watchlist_id", "symbol")
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "portfolio"."watchlist_items"`);
    await queryRunner.query(`DROP TABLE "portfolio"."watchlists"`);
  }
}
