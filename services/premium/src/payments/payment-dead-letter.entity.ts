import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Why a payment webhook was set aside instead of applied. */
export const DEAD_LETTER_REASONS = ['unreadable', 'unknown_subscription'] as const;
export type DeadLetterReason = (typeof DEAD_LETTER_REASONS)[number];

/**
 * A correctly signed payment webhook that could not be applied: its body is not an event we can read (a format
 * change at the provider, say), or it names a subscription we do not have. Kept with its raw body, so it can be
 * looked into and replayed; the admin status page counts and lists the unresolved ones.
 */
@Entity({ schema: 'premium', name: 'payment_dead_letters' })
export class PaymentDeadLetterEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  /** The provider's event id (or the body's hash), as on the queue; one row per event. */
  @Column({ type: 'text' })
  event_id!: string;

  @Column({ type: 'text' })
  reason!: DeadLetterReason;

  /** Why, in words: what did not parse, or which subscription is missing and how often it was tried. */
  @Column({ type: 'text' })
  detail!: string;

  /** The provider's event name when the body says one (e.g. 'subscription.halted'). */
  @Column({ type: 'text', nullable: true })
  event_type!: string | null;

  @Column({ type: 'text', nullable: true })
  provider_subscription_id!: string | null;

  /** The body exactly as it was signed; never shown on a page. */
  @Column({ type: 'text' })
  raw_body!: string;

  /** When the gateway received the webhook. */
  @Column({ type: 'timestamptz' })
  received_at!: Date;

  /** How many times it was tried (queue retries and later deliveries of the same event). */
  @Column({ type: 'integer' })
  attempts!: number;

  @Column({ type: 'timestamptz' })
  updated_at!: Date;

  /** When a later try applied it after all (an unknown subscription that was stored meanwhile); null while it waits. */
  @Column({ type: 'timestamptz', nullable: true })
  resolved_at!: Date | null;
}
