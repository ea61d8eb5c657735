import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * AI News summaries: the one line the chat service's language model wrote for a press article, after the compliance
 * guard's output rail. `ai_summary_engine` says whether one was asked for and written ('llm') or not ('none'; null:
 * never answered, the chat service was down or slow); `ai_summary_withheld` marks a line the rail stopped.
 */
export class NewsAiSummaries1796688000000 implements MigrationInterface {
  name = 'NewsAiSummaries1796688000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "market"."news_articles"
        ADD COLUMN "ai_summary" text NULL CHECK (length("ai_summary") <= 200),
        ADD COLUMN "ai_summary_engine" varchar(8) NULL CHECK ("ai_summary_engine" IN ('llm', 'none')),
        ADD COLUMN "ai_summary_withheld" boolean NOT NULL DEFAULT false`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "market"."news_articles" DROP COLUMN "ai_summary_withheld", DROP COLUMN "ai_summary_engine", DROP COLUMN "ai_summary"`);
  }
}
