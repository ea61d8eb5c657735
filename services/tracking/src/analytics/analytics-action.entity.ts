import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Something the user did during an analytics session, and whether it worked. */
@Entity({ schema: 'tracking', name: 'analytics_actions' })
export class AnalyticsActionEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'uuid' })
  session_id!: string;

  @Column({ type: 'varchar', length: 128, nullable: true })
  user_id!: string | null;

  @Column({ type: 'varchar', length: 64 })
  action_type!: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  action_category!: string | null;

  @Column({ type: 'varchar', length: 256, nullable: true })
  action_target!: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  page_name!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  action_data!: Record<string, unknown> | null;

  @Column({ type: 'integer', nullable: true })
  response_time_ms!: number | null;

  @Column({ type: 'boolean' })
  success!: boolean;

  @Column({ type: 'varchar', length: 2_000, nullable: true })
  error_message!: string | null;

  @Column({ type: 'timestamptz' })
  created_at!: Date;
}
