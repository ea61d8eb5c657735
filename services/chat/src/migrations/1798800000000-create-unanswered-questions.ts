import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Questions Warren AI had no guide for, kept without personal data (no session, no context, identifying numbers
 * removed) so the knowledge base can grow where people ask.
 */
export class CreateUnansweredQuestions1798800000000 implements MigrationInterface {
  name = 'CreateUnansweredQuestions1798800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "chat"."unanswered_questions" (
        "id" bigserial PRIMARY KEY,
        "question" text NOT NULL,
        "chat_type" varchar(16) NOT NULL,
        "nearest" text[] NOT NULL DEFAULT '{}',
        "asked_at" timestamptz NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX "unanswered_questions_asked_at" ON "chat"."unanswered_questions" ("asked_at")');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "chat"."unanswered_questions"');
  }
}
