import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Raw visitor events, one row per queued event (its id is the job id, so a replayed job is stored once). Nothing here
 * identifies a person: `visitor_id` is the gateway's hash under a salt that changes every day, the page address is kept
 * as its path only, the referrer as its host, the user agent as browser, system and device class. Rows are deleted
 * `TRACKING_RAW_RETENTION_DAYS` after their day, once the day is rolled up.
 */
export class CreateVisitorEvents1796083200000 implements MigrationInterface {
  name = 'CreateVisitorEvents1796083200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "tracking"."visitor_events" (
        "event_id" uuid NOT NULL,
        "kind" varchar(16) NOT NULL,
        "session_id" varchar(128) NOT NULL,
        "visitor_id" char(32) NOT NULL,
        "received_at" timestamptz NOT NULL,
        "day" date NOT NULL,
        "path" varchar(512),
        "referrer_host" varchar(253),
        "browser" varchar(64),
        "os" varchar(64),
        "device" varchar(16),
        "screen" varchar(16),
        "page_load_ms" integer,
        "session_duration_ms" bigint,
        "total_duration_ms" bigint,
        "pages_visited" integer,
        "total_page_views" integer,
        "stored_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "visitor_events_pkey" PRIMARY KEY ("event_id"),
        CONSTRAINT "visitor_events_kind_check" CHECK ("kind" IN ('pageview', 'heartbeat', 'session_end')),
        CONSTRAINT "visitor_events_device_check" CHECK ("device" IN ('desktop', 'mobile', 'tablet', 'bot', 'unknown')),
        CONSTRAINT "visitor_events_day_check" CHECK ("day" = ("received_at" AT TIME ZONE 'UTC')::date)
      )`);
    // The one secondary index: every dashboard query reads a time range (a day is [midnight, next midnight) in UTC),
    // and the live window is the last few minutes. Time-ordered inserts land on its right edge, which keeps writes cheap.
    await queryRunner.query('CREATE INDEX "visitor_events_received_at_idx" ON "tracking"."visitor_events" ("received_at")');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "tracking"."visitor_events"');
  }
}
