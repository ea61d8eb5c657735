import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { SubscriptionStatus } from './state-machine';

/** The fields a state change set, as JSON. */
export type AuditChanges = Record<string, string | boolean | null>;

/** The audit trail: one row per state change of a subscription (renewals included), with its cause. */
@Entity({ schema: 'premium', name: 'subscription_events' })
export class SubscriptionEventEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'uuid' })
  subscription_id!: string;

  /** Null on the row that records the subscription's creation. */
  @Column({ type: 'text', nullable: true })
  from_status!: SubscriptionStatus | null;

  @Column({ type: 'text' })
  to_status!: SubscriptionStatus;

  /** Why: 'user subscribe', 'webhook charged', 'user cancel', 'expiry job', ... */
  @Column({ type: 'text' })
  cause!: string;

  @Column({ type: 'text', nullable: true })
  provider_event_id!: string | null;

  /** The fields that changed, dates as ISO-8601 (a renewal changes the period, not the status). */
  @Column({ type: 'jsonb' })
  changes!: AuditChanges;

  @Column({ type: 'timestamptz' })
  at!: Date;
}
