import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Blog posts: the Markdown an admin wrote beside the sanitised HTML it renders to (rendered once, on save, so a
 * reader never waits for Markdown), with the derived excerpt and reading time. `published_at` is the first
 * publication and survives an unpublish, so publishing again keeps the post's date (and its place in feeds).
 */
export class CreatePosts1795651260000 implements MigrationInterface {
  name = 'CreatePosts1795651260000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "content"."posts" (
        "id" uuid PRIMARY KEY,
        "slug" varchar(80) NOT NULL,
        "title" varchar(160) NOT NULL,
        "markdown" text NOT NULL,
        "html" text NOT NULL,
        "summary" text,
        "excerpt" text NOT NULL,
        "tags" text[] NOT NULL DEFAULT '{}',
        "author" varchar(64) NOT NULL,
        "status" varchar(16) NOT NULL DEFAULT 'draft' CHECK ("status" IN ('draft', 'published')),
        "published_at" timestamptz,
        "reading_minutes" integer NOT NULL CHECK ("reading_minutes" >= 1),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "posts_slug_key" UNIQUE ("slug"),
        CONSTRAINT "posts_published_dated" CHECK ("status" = 'draft' OR "published_at" IS NOT NULL)
      )`);
    await queryRunner.query(`CREATE INDEX "posts_published_idx" ON "content"."posts" ("published_at" DESC) WHERE "status" = 'published'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE IF EXISTS "content"."posts"');
  }
}
