import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ProviderEvent } from './events';

/** What became of a processed provider event; `stale`: it was older than the state it would have changed. */
export type ProviderEventOutcome = 'applied' | 'ignored' | 'stale';

/** A provider event already processed; its primary key is what makes a replay change nothing. */
@Entity({ schema: 'premium', name: 'provider_events' })
export class ProviderEventEntity {
  @PrimaryColumn({ type: 'text' })
  event_id!: string;

  @Column({ type: 'text' })
  event_type!: string;

  @Column({ type: 'text' })
  provider_subscription_id!: string;

  @Column({ type: 'text' })
  outcome!: ProviderEventOutcome;

  /** Why an ignored or stale event changed nothing. */
  @Column({ type: 'text', nullable: true })
  detail!: string | null;

  @Column({ type: 'timestamptz' })
  received_at!: Date;

  /** The provider-neutral event; it carries no card or payment-method data. */
  @Column({ type: 'jsonb' })
  payload!: ProviderEvent;
}
