import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An opt-in analytics session; `user_id` is null when it was started without signing in. */
@Entity({ schema: 'tracking', name: 'analytics_sessions' })
export class AnalyticsSessionEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 128, nullable: true })
  user_id!: string | null;

  @Column({ type: 'timestamptz' })
  started_at!: Date;

  @Column({ type: 'timestamptz' })
  last_seen_at!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  ended_at!: Date | null;

  @Column({ type: 'varchar', length: 200 })
  entry_page!: string;

  @Column({ type: 'varchar', length: 200 })
  last_page!: string;
}
