import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Warren AI's conversations: a context per started chat (its type, ticker and session) and its messages. Nothing here
 * names an account: the chat is open to visitors and sends no auth header. Rows are deleted by the retention job
 * `CHAT_RETENTION_DAYS` after a conversation's last message.
 */
export class CreateConversations1764720000000 implements MigrationInterface {
  name = 'CreateConversations1764720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "chat"."contexts" (
        "id" uuid NOT NULL,
        "session_id" uuid NOT NULL,
        "chat_type" varchar(16) NOT NULL,
        "ticker" varchar(32),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_active_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "contexts_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "contexts_chat_type_check" CHECK ("chat_type" IN ('sentiment', 'technical'))
      )`);
    await queryRunner.query('CREATE INDEX "contexts_last_active_at_idx" ON "chat"."contexts" ("last_active_at")');
    await queryRunner.query(`
      CREATE TABLE "chat"."messages" (
        "id" bigserial NOT NULL,
        "context_id" uuid NOT NULL,
        "role" varchar(16) NOT NULL,
        "content" text NOT NULL,
        "blocked" boolean NOT NULL DEFAULT false,
        "category" varchar(32),
        "engine" varchar(16),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "messages_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "messages_role_check" CHECK ("role" IN ('user', 'assistant')),
        CONSTRAINT "messages_context_fkey" FOREIGN KEY ("context_id") REFERENCES "chat"."contexts" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query('CREATE INDEX "messages_context_id_idx" ON "chat"."messages" ("context_id", "id")');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "chat"."messages"');
    await queryRunner.query('DROP TABLE "chat"."contexts"');
  }
}
