import type { NewsSummaryEngine, NewsTone } from '@nivesh/proto';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A press article from a feed: headline, link, source, date and the feed's short description; never its text. */
@Entity({ schema: 'market', name: 'news_articles' })
export class NewsArticleEntity {
  /** bigint: pg sends it as text. */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  /** The address that identifies the story across feeds (see `canonicalUrl`). */
  @Column({ type: 'text', unique: true })
  canonical_url!: string;

  @Column({ type: 'text' })
  url!: string;

  @Column({ type: 'text' })
  title!: string;

  /** The title's words, for finding the same story under a slightly different title (see `titleKey`). */
  @Column({ type: 'text' })
  title_key!: string;

  @Column({ type: 'text' })
  source!: string;

  @Column({ type: 'text' })
  feed_url!: string;

  @Column({ type: 'timestamptz' })
  published_at!: Date;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  /** The stocks its headline (then its description) names. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  symbols!: string[];

  @Column({ type: 'varchar', length: 8 })
  tone!: NewsTone;

  @Column({ type: 'real' })
  tone_score!: number;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  tone_words!: string[];

  @Column({ type: 'timestamptz', default: () => 'now()' })
  fetched_at!: Date;

  /** The language model's one line from the headline and description, passed by the output rail; shown over `description`. */
  @Column({ type: 'text', nullable: true })
  ai_summary!: string | null;

  /** 'llm': a line was written (shown, or withheld); 'none': none was; null: the chat service never answered. */
  @Column({ type: 'varchar', length: 8, nullable: true })
  ai_summary_engine!: NewsSummaryEngine | null;

  @Column({ type: 'boolean', default: false })
  ai_summary_withheld!: boolean;
}
