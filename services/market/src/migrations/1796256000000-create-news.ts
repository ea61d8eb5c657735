import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * AI News's press: `news_feeds` keeps per configured feed what a conditional GET needs (ETag, Last-Modified), how the
 * last fetch went and when the feed is due again (failures back off); `news_articles` keeps each article once, by its
 * canonical address, with its headline, link, source, date and the feed's short description (never the article's
 * text), the stocks its headline names and the tone of its words.
 */
export class CreateNews1796256000000 implements MigrationInterface {
  name = 'CreateNews1796256000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "market"."news_feeds" (
        "url" text PRIMARY KEY,
        "title" text NULL,
        "etag" text NULL,
        "last_modified" text NULL,
        "last_fetched_at" timestamptz NULL,
        "last_status" varchar(16) NULL CHECK ("last_status" IN ('fetched', 'not_modified', 'failed', 'malformed')),
        "last_error" text NULL,
        "failures" integer NOT NULL DEFAULT 0,
        "next_fetch_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE "market"."news_articles" (
        "id" bigserial PRIMARY KEY,
        "canonical_url" text NOT NULL UNIQUE,
        "url" text NOT NULL,
        "title" text NOT NULL CHECK (length("title") <= 300),
        "title_key" text NOT NULL,
        "source" text NOT NULL,
        "feed_url" text NOT NULL,
        "published_at" timestamptz NOT NULL,
        "description" text NULL CHECK (length("description") <= 300),
        "symbols" text[] NOT NULL DEFAULT '{}',
        "tone" varchar(8) NOT NULL CHECK ("tone" IN ('positive', 'neutral', 'negative')),
        "tone_score" real NOT NULL,
        "tone_words" text[] NOT NULL DEFAULT '{}',
        "fetched_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "news_articles_published_at" ON "market"."news_articles" ("published_at" DESC, "id" DESC)`);
    await queryRunner.query(`CREATE INDEX "news_articles_symbols" ON "market"."news_articles" USING gin ("symbols")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "market"."news_articles"`);
    await queryRunner.query(`DROP TABLE "market"."news_feeds"`);
  }
}
