import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Daily rollups of the visitor events, kept for good. A day's row exists from its first event; it is `stale` until the
 * day is over and rolled up, and again when an event of that day arrives late. Rolling a day up replaces its
 * rankings and histograms. Rankings keep each dimension's most frequent keys; histograms have fixed buckets (named by
 * their lower bound), so percentiles over many days come from their sum.
 */
export class CreateDailyRollups1796083201000 implements MigrationInterface {
  name = 'CreateDailyRollups1796083201000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "tracking"."daily_rollups" (
        "day" date NOT NULL,
        "visitors" integer NOT NULL DEFAULT 0,
        "sessions" integer NOT NULL DEFAULT 0,
        "page_views" integer NOT NULL DEFAULT 0,
        "bounces" integer NOT NULL DEFAULT 0,
        "page_load_samples" integer NOT NULL DEFAULT 0,
        "page_load_total_ms" bigint NOT NULL DEFAULT 0,
        "stale" boolean NOT NULL DEFAULT true,
        "rolled_up_at" timestamptz,
        CONSTRAINT "daily_rollups_pkey" PRIMARY KEY ("day")
      )`);
    await queryRunner.query('CREATE INDEX "daily_rollups_stale_idx" ON "tracking"."daily_rollups" ("day") WHERE "stale"');
    await queryRunner.query(`
      CREATE TABLE "tracking"."daily_rankings" (
        "day" date NOT NULL,
        "dimension" varchar(16) NOT NULL,
        "key" varchar(512) NOT NULL,
        "count" integer NOT NULL,
        CONSTRAINT "daily_rankings_pkey" PRIMARY KEY ("day", "dimension", "key"),
        CONSTRAINT "daily_rankings_dimension_check" CHECK ("dimension" IN ('page', 'entry_page', 'exit_page', 'referrer', 'screen', 'device', 'browser')),
        CONSTRAINT "daily_rankings_day_fkey" FOREIGN KEY ("day") REFERENCES "tracking"."daily_rollups" ("day") ON DELETE CASCADE
      )`);
    await queryRunner.query(`
      CREATE TABLE "tracking"."daily_histograms" (
        "day" date NOT NULL,
        "metric" varchar(32) NOT NULL,
        "bucket_min" integer NOT NULL,
        "count" integer NOT NULL,
        CONSTRAINT "daily_histograms_pkey" PRIMARY KEY ("day", "metric", "bucket_min"),
        CONSTRAINT "daily_histograms_metric_check" CHECK ("metric" IN ('page_load_ms', 'session_duration_s')),
        CONSTRAINT "daily_histograms_day_fkey" FOREIGN KEY ("day") REFERENCES "tracking"."daily_rollups" ("day") ON DELETE CASCADE
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "tracking"."daily_histograms"');
    await queryRunner.query('DROP TABLE "tracking"."daily_rankings"');
    await queryRunner.query('DROP TABLE "tracking"."daily_rollups"');
  }
}
