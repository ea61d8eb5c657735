import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { SubscriptionStatus } from './state-machine';

/** The payment adapters a subscription can be paid through. */
export const PAYMENT_PROVIDER_NAMES = ['razorpay', 'simulator'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];

/** One purchase of a plan by a user, through one provider. */
@Entity({ schema: 'premium', name: 'subscriptions' })
export class SubscriptionEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'text' })
  user_id!: string;

  @Column({ type: 'text' })
  plan_id!: string;

  @Column({ type: 'text' })
  status!: SubscriptionStatus;

  @Column({ type: 'text' })
  provider!: PaymentProviderName;

  @Column({ type: 'text', nullable: true })
  provider_subscription_id!: string | null;

  @Column({ type: 'timestamptz', nullable: true })
  current_period_start!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  current_period_end!: Date | null;

  @Column({ type: 'boolean' })
  cancel_at_period_end!: boolean;

  /** The provider's time of the newest provider event that changed this subscription; ending events sent before it are stale. */
  @Column({ type: 'timestamptz', nullable: true })
  provider_event_at!: Date | null;

  @Column({ type: 'timestamptz' })
  created_at!: Date;

  @Column({ type: 'timestamptz' })
  updated_at!: Date;
}
