import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { ProviderEvent } from './events';
import type { BillingPeriod, SubscriptionStatus } from './state-machine';

/** The payment adapters a subscription can be paid through. */
export const PAYMENT_PROVIDER_NAMES = ['razorpay', 'simulator'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDER_NAMES)[number];

/** A plan users can buy; `provider_plan_id` is the provider's plan (Razorpay `plan_...`) once created there. */
@Entity({ schema: 'premium', name: 'plans' })
export class PlanEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  /** Shown to people; carries 'Monthly' or 'Yearly', which the sidebar badge reads. */
  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'integer' })
  amount_paise!: number;

  @Column({ type: 'text' })
  currency!: string;

  @Column({ type: 'text' })
  period!: BillingPeriod['period'];

  @Column({ type: 'integer' })
  interval_count!: number;

  @Column({ type: 'boolean' })
  active!: boolean;

  @Column({ type: 'text', nullable: true })
  provider_plan_id!: string | null;
}

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

/** The one device per user that may use premium, and the one it was last moved away from. */
@Entity({ schema: 'premium', name: 'device_claims' })
export class DeviceClaimEntity {
  @PrimaryColumn({ type: 'text' })
  user_id!: string;

  /** deviceIdOf(fingerprint): an HMAC, never the fingerprint itself. */
  @Column({ type: 'text' })
  device_id!: string;

  @Column({ type: 'timestamptz' })
  claimed_at!: Date;

  /** The device premium moved away from; it is told so ('premium moved') at its next status check. */
  @Column({ type: 'text', nullable: true })
  previous_device_id!: string | null;

  /** The address the gateway saw the claiming request come from. */
  @Column({ type: 'text', nullable: true })
  connection_ip!: string | null;

  /** The address the browser reported (`ip_address`), kept only as supplied data. */
  @Column({ type: 'text', nullable: true })
  reported_ip!: string | null;
}

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

/** Every entity of the premium service's subscription domain, for TypeOrmModule and tests. */
export const SUBSCRIPTION_ENTITIES = [PlanEntity, SubscriptionEntity, SubscriptionEventEntity, ProviderEventEntity, DeviceClaimEntity, PaymentDeadLetterEntity];
