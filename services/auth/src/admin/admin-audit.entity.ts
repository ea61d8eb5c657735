import type { AdminAuditAction } from '@nivesh/proto';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One change an admin made to an account; usernames are copied at the time, and rows are kept for good. */
@Entity({ name: 'admin_audit' })
export class AdminAuditEntity {
  /** bigint, so the driver hands it over as a string; it also orders the log. */
  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at!: Date;

  @Column({ name: 'actor_user_id', type: 'uuid' })
  actorUserId!: string;

  @Column({ name: 'actor_username', type: 'varchar', length: 32 })
  actorUsername!: string;

  @Column({ name: 'target_user_id', type: 'uuid' })
  targetUserId!: string;

  @Column({ name: 'target_username', type: 'varchar', length: 32 })
  targetUsername!: string;

  @Column({ type: 'varchar', length: 16 })
  action!: AdminAuditAction;

  @Column({ type: 'text' })
  summary!: string;
}
