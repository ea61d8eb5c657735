import { Column, Entity, PrimaryColumn } from 'typeorm';

/** How the last fetch of a feed went. */
export type FeedStatus = 'fetched' | 'not_modified' | 'failed' | 'malformed';

/** A configured press feed and what the next fetch needs: its validators, its failures and when it is due. */
@Entity({ schema: 'market', name: 'news_feeds' })
export class NewsFeedEntity {
  @PrimaryColumn({ type: 'text' })
  url!: string;

  /** The feed's own title, shown as the articles' source. */
  @Column({ type: 'text', nullable: true })
  title!: string | null;

  @Column({ type: 'text', nullable: true })
  etag!: string | null;

  @Column({ type: 'text', nullable: true })
  last_modified!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  last_fetched_at!: Date | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  last_status!: FeedStatus | null;

  @Column({ type: 'text', nullable: true })
  last_error!: string | null;

  /** Failures in a row; each doubles the wait before the next try. */
  @Column({ type: 'integer', default: 0 })
  failures!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  next_fetch_at!: Date;
}
