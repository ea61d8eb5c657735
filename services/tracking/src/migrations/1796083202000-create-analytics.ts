import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Opt-in analytics (off unless the user turns it on in /profile): sessions, their page visits and their actions.
 * `user_id` is null when the caller was not signed in.
 */
export class CreateAnalytics1796083202000 implements MigrationInterface {
  name = 'CreateAnalytics1796083202000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "tracking"."analytics_sessions" (
        "id" uuid NOT NULL,
        "user_id" varchar(128),
        "started_at" timestamptz NOT NULL,
        "last_seen_at" timestamptz NOT NULL,
        "ended_at" timestamptz,
        "entry_page" varchar(200) NOT NULL,
        "last_page" varchar(200) NOT NULL,
        CONSTRAINT "analytics_sessions_pkey" PRIMARY KEY ("id")
      )`);
    // The caller's latest open session (calls without a session id).
    await queryRunner.query('CREATE INDEX "analytics_sessions_open_by_user_idx" ON "tracking"."analytics_sessions" ("user_id", "started_at" DESC) WHERE "ended_at" IS NULL');
    // Who is on the site now.
    await queryRunner.query('CREATE INDEX "analytics_sessions_open_last_seen_idx" ON "tracking"."analytics_sessions" ("last_seen_at") WHERE "ended_at" IS NULL');
    await queryRunner.query('CREATE INDEX "analytics_sessions_started_at_idx" ON "tracking"."analytics_sessions" ("started_at")');
    await queryRunner.query(`
      CREATE TABLE "tracking"."analytics_page_visits" (
        "id" bigserial NOT NULL,
        "session_id" uuid NOT NULL,
        "user_id" varchar(128),
        "page_name" varchar(200) NOT NULL,
        "referrer_page" varchar(2048),
        "visited_at" timestamptz NOT NULL,
        CONSTRAINT "analytics_page_visits_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "analytics_page_visits_session_fkey" FOREIGN KEY ("session_id") REFERENCES "tracking"."analytics_sessions" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query('CREATE INDEX "analytics_page_visits_visited_at_idx" ON "tracking"."analytics_page_visits" ("visited_at")');
    await queryRunner.query('CREATE INDEX "analytics_page_visits_session_idx" ON "tracking"."analytics_page_visits" ("session_id")');
    await queryRunner.query(`
      CREATE TABLE "tracking"."analytics_actions" (
        "id" bigserial NOT NULL,
        "session_id" uuid NOT NULL,
        "user_id" varchar(128),
        "action_type" varchar(64) NOT NULL,
        "action_category" varchar(64),
        "action_target" varchar(256),
        "page_name" varchar(200),
        "action_data" jsonb,
        "response_time_ms" integer,
        "success" boolean NOT NULL,
        "error_message" varchar(2000),
        "created_at" timestamptz NOT NULL,
        CONSTRAINT "analytics_actions_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "analytics_actions_session_fkey" FOREIGN KEY ("session_id") REFERENCES "tracking"."analytics_sessions" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query('CREATE INDEX "analytics_actions_created_at_idx" ON "tracking"."analytics_actions" ("created_at")');
    await queryRunner.query('CREATE INDEX "analytics_actions_session_idx" ON "tracking"."analytics_actions" ("session_id")');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "tracking"."analytics_actions"');
    await queryRunner.query('DROP TABLE "tracking"."analytics_page_visits"');
    await queryRunner.query('DROP TABLE "tracking"."analytics_sessions"');
  }
}
