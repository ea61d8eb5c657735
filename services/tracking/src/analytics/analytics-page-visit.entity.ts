import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A page the user opened during an analytics session. */
@Entity({ schema: 'tracking', name: 'analytics_page_visits' })
export class AnalyticsPageVisitEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'uuid' })
  session_id!: string;

  @Column({ type: 'varchar', length: 128, nullable: true })
  user_id!: string | null;

  @Column({ type: 'varchar', length: 200 })
  page_name!: string;

  @Column({ type: 'varchar', length: 2_048, nullable: true })
  referrer_page!: string | null;

  @Column({ type: 'timestamptz' })
  visited_at!: Date;
}
