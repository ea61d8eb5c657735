import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DeviceCheck } from '@nivesh/proto';
import { type DataSource, type EntityManager, In, QueryFailedError } from 'typeorm';
import { type ClaimResult, deviceCheckFor } from './device-check';
import { type ProviderEvent, providerEventCause } from './events';
import { DEVICE_MESSAGES } from './messages';
import {
  LIVE_STATUSES,
  type MachineEvent,
  paymentEventOf,
  RENEWAL_GRACE_MS,
  type SubscriptionState,
  type SubscriptionStatus,
  transition,
} from './state-machine';
import { DeviceClaimEntity } from './device-claim.entity';
import { PlanEntity } from './plan.entity';
import { ProviderEventEntity } from './provider-event.entity';
import { type PaymentProviderName, SubscriptionEntity } from './subscription.entity';
import { type AuditChanges, SubscriptionEventEntity } from './subscription-event.entity';

/** The partial unique index that allows one live subscription per user (see the migration). */
export const ONE_LIVE_PER_USER_INDEX = 'subscriptions_one_live_per_user';

/** What applying an event to a subscription did. */
export type ApplyResult =
  | { outcome: 'applied'; subscription: SubscriptionEntity; from: SubscriptionStatus }
  /** `stale`: the event was older than the state it would have changed (recorded, so a replay still deduplicates). */
  | { outcome: 'ignored'; subscription: SubscriptionEntity; reason: string; stale?: boolean };

/** What applying a provider event did; `duplicate` and `unknown_subscription` leave everything untouched. */
export type ProviderEventResult =
  | ApplyResult
  /** This event id was processed before (a replay or a retry). */
  | { outcome: 'duplicate' }
  /** No subscription has this provider id (yet); nothing was recorded, so a later retry can still apply it. */
  | { outcome: 'unknown_subscription' };

export type CreateResult = { outcome: 'created' | 'already_live'; subscription: SubscriptionEntity };

export type ClaimOptions = {
  /** Move premium here from another device (the 'Use premium on this device' action); otherwise only a free or own claim succeeds. */
  takeOver: boolean;
  now: Date;
  /** The address the gateway saw. */
  connectionIp?: string | null;
  /** The address the browser reported, kept only as supplied data. */
  reportedIp?: string | null;
};

const uniqueViolation = (error: unknown): string | undefined => {
  if (!(error instanceof QueryFailedError)) return undefined;
  const driver = error.driverError as { code?: string; constraint?: string };
  return driver.code === '23505' ? (driver.constraint ?? '') : undefined;
};

const isLive = (status: SubscriptionStatus) => (LIVE_STATUSES as readonly SubscriptionStatus[]).includes(status);

/** Thrown inside a transaction to roll it back when the event's subscription is unknown. */
class UnknownSubscription extends Error {}

const stateOf = (sub: SubscriptionEntity): SubscriptionState => ({
  status: sub.status,
  current_period_start: sub.current_period_start,
  current_period_end: sub.current_period_end,
  cancel_at_period_end: sub.cancel_at_period_end,
  provider_event_at: sub.provider_event_at,
});

/** The changed fields as JSON for the audit row, dates as ISO-8601. */
const changesJson = (changes: Partial<SubscriptionState>): AuditChanges =>
  Object.fromEntries(Object.entries(changes).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]));

/** The one reader and writer of the premium tables: plans, subscriptions, their audit trail, provider events and device claims. */
@Injectable()
export class SubscriptionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  findPlan(planId: string): Promise<PlanEntity | null> {
    return this.dataSource.getRepository(PlanEntity).findOneBy({ id: planId });
  }

  findById(id: string): Promise<SubscriptionEntity | null> {
    return this.dataSource.getRepository(SubscriptionEntity).findOneBy({ id });
  }

  findByProviderSubscriptionId(providerSubscriptionId: string): Promise<SubscriptionEntity | null> {
    return this.dataSource.getRepository(SubscriptionEntity).findOneBy({ provider_subscription_id: providerSubscriptionId });
  }

  /** The user's live subscription, else the most recent one, else null: what the status call shows. */
  findCurrent(userId: string): Promise<SubscriptionEntity | null> {
    return this.dataSource
      .getRepository(SubscriptionEntity)
      .createQueryBuilder('s')
      .where('s.user_id = :userId', { userId })
      .orderBy(`CASE WHEN s.status IN (:...live) THEN 0 ELSE 1 END`)
      .addOrderBy('s.created_at', 'DESC')
      .setParameter('live', [...LIVE_STATUSES])
      .limit(1)
      .getOne();
  }

  /** The audit trail of a subscription, oldest first. */
  auditTrail(subscriptionId: string): Promise<SubscriptionEventEntity[]> {
    return this.dataSource.getRepository(SubscriptionEventEntity).find({ where: { subscription_id: subscriptionId }, order: { id: 'ASC' } });
  }

  /** Subscriptions still awaiting their first payment since before `createdBefore`, for the reconciliation job. */
  listAwaitingPayment(createdBefore: Date, limit = 100): Promise<SubscriptionEntity[]> {
    return this.dataSource
      .getRepository(SubscriptionEntity)
      .createQueryBuilder('s')
      .where('s.status = :status', { status: 'pending_payment' })
      .andWhere('s.provider_subscription_id IS NOT NULL')
      .andWhere('s.created_at < :createdBefore', { createdBefore })
      .orderBy('s.created_at', 'ASC')
      .limit(limit)
      .getMany();
  }

  /**
   * Starts a subscription in `created`, with its first audit row. A user who already has a live
   * subscription gets that one back instead (`already_live`): the database allows only one. (`retried`
   * is internal: the one retry when the live subscription ended while we looked.)
   */
  async create(input: { userId: string; planId: string; provider: PaymentProviderName; now: Date; cause?: string }, retried = false): Promise<CreateResult> {
    const subscription: SubscriptionEntity = {
      id: randomUUID(),
      user_id: input.userId,
      plan_id: input.planId,
      status: 'created',
      provider: input.provider,
      provider_subscription_id: null,
      current_period_start: null,
      current_period_end: null,
      cancel_at_period_end: false,
      provider_event_at: null,
      created_at: input.now,
      updated_at: input.now,
    };
    try {
      await this.dataSource.transaction(async (manager) => {
        await manager.insert(SubscriptionEntity, subscription);
        await this.audit(manager, subscription.id, null, 'created', input.cause ?? 'user subscribe', null, {}, input.now);
      });
      return { outcome: 'created', subscription };
    } catch (error) {
      if (uniqueViolation(error) !== ONE_LIVE_PER_USER_INDEX) throw error;
      const live = await this.dataSource.getRepository(SubscriptionEntity).findOneBy({ user_id: input.userId, status: In([...LIVE_STATUSES]) });
      // The live one may have ended between the failed insert and this read; then one more try is right.
      if (!live) {
        if (retried) throw error;
        return this.create(input, true);
      }
      return { outcome: 'already_live', subscription: live };
    }
  }

  /** The provider made its subscription and the payment page is handed out: created → pending_payment. */
  startCheckout(subscriptionId: string, providerSubscriptionId: string, now: Date): Promise<ApplyResult> {
    return this.applyInternal(subscriptionId, { type: 'checkout_started' }, 'checkout started', now, { provider_subscription_id: providerSubscriptionId });
  }

  /** The provider refused to start the payment, or the checkout was abandoned: → failed. */
  failCheckout(subscriptionId: string, cause: string, now: Date): Promise<ApplyResult> {
    return this.applyInternal(subscriptionId, { type: 'checkout_failed' }, cause, now);
  }

  /** The user cancels: the live subscription stops renewing and stays premium to its period end; null when there is none. */
  async cancelAtPeriodEnd(userId: string, now: Date): Promise<ApplyResult | null> {
    return this.dataSource.transaction(async (manager) => {
      const sub = await manager.findOne(SubscriptionEntity, {
        where: { user_id: userId, status: In([...LIVE_STATUSES]) },
        lock: { mode: 'pessimistic_write' },
      });
      return sub ? this.applyLocked(manager, sub, { type: 'user_cancel' }, 'user cancel', now, null) : null;
    });
  }

  /**
   * Applies one provider event exactly once, in one transaction: records its id (a duplicate id means it
   * was processed before, and nothing changes), locks the subscription row, runs the state machine, and
   * writes the subscription with its audit row. An event older than the state it would change is recorded
   * as `stale` with the reason, and changes nothing.
   */
  async applyProviderEvent(event: ProviderEvent, now: Date): Promise<ProviderEventResult> {
    try {
      return await this.dataSource.transaction(async (manager): Promise<ProviderEventResult> => {
        const inserted = await manager
          .createQueryBuilder()
          .insert()
          .into(ProviderEventEntity)
          .values({
            event_id: event.id,
            event_type: event.type,
            provider_subscription_id: event.provider_subscription_id,
            outcome: 'ignored',
            detail: null,
            received_at: now,
            payload: event,
          })
          .orIgnore()
          .returning(['event_id'])
          .execute();
        if ((inserted.raw as unknown[]).length === 0) return { outcome: 'duplicate' };

        const sub = await manager.findOne(SubscriptionEntity, {
          where: { provider_subscription_id: event.provider_subscription_id },
          lock: { mode: 'pessimistic_write' },
        });
        if (!sub) throw new UnknownSubscription();

        const result = await this.applyLocked(manager, sub, paymentEventOf(event), providerEventCause(event), now, event.id);
        await manager.update(
          ProviderEventEntity,
          { event_id: event.id },
          result.outcome === 'applied' ? { outcome: 'applied', detail: null } : { outcome: result.stale ? 'stale' : 'ignored', detail: result.reason },
        );
        return result;
      });
    } catch (error) {
      if (error instanceof UnknownSubscription) return { outcome: 'unknown_subscription' };
      throw error;
    }
  }

  /**
   * The repeatable expiry job: ends cancelled subscriptions whose period is over and active ones left
   * unrenewed past the grace, at most `limit` per call; returns the ones it ended. Rows another worker
   * holds are skipped, so two runs never block each other.
   */
  async expireDue(now: Date, options: { renewalGraceMs?: number; limit?: number } = {}): Promise<SubscriptionEntity[]> {
    const renewalGraceMs = options.renewalGraceMs ?? RENEWAL_GRACE_MS;
    return this.dataSource.transaction(async (manager) => {
      const due = await manager
        .createQueryBuilder(SubscriptionEntity, 's')
        .where(`(s.status = 'cancelled_at_period_end' AND s.current_period_end <= :now)`, { now })
        .orWhere(`(s.status = 'active' AND s.current_period_end <= :graceEnd)`, { graceEnd: new Date(now.getTime() - renewalGraceMs) })
        .orderBy('s.current_period_end', 'ASC')
        .limit(options.limit ?? 500)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      const expired: SubscriptionEntity[] = [];
      for (const sub of due) {
        const result = await this.applyLocked(manager, sub, { type: 'expire', renewal_grace_ms: renewalGraceMs }, 'expiry job', now, null);
        if (result.outcome === 'applied') expired.push(result.subscription);
      }
      return expired;
    });
  }

  /**
   * Claims premium for `deviceId`. Without `takeOver` it succeeds only when no device or this one holds
   * it; with `takeOver` it moves premium here from the device that held it when the claim started. Of
   * several devices claiming at once exactly one wins: each write is conditional on the holder it saw.
   */
  async claimDevice(userId: string, deviceId: string, options: ClaimOptions): Promise<ClaimResult> {
    const claims = this.dataSource.getRepository(DeviceClaimEntity);
    const seen = await claims.findOneBy({ user_id: userId });
    if (seen?.device_id === deviceId) return { won: true, outcome: 'already_held', previous_device_id: seen.previous_device_id };
    if (seen && !options.takeOver) return { won: false, outcome: 'held_by_other', message: DEVICE_MESSAGES.inUseElsewhere };

    const ips = { connection_ip: options.connectionIp ?? null, reported_ip: options.reportedIp ?? null };
    if (!seen) {
      const inserted = await claims
        .createQueryBuilder()
        .insert()
        .values({ user_id: userId, device_id: deviceId, claimed_at: options.now, previous_device_id: null, ...ips })
        .orIgnore()
        .returning(['user_id'])
        .execute();
      if ((inserted.raw as unknown[]).length > 0) return { won: true, outcome: 'claimed', previous_device_id: null };
    } else {
      const moved = await claims
        .createQueryBuilder()
        .update()
        .set({ device_id: deviceId, previous_device_id: seen.device_id, claimed_at: options.now, ...ips })
        .where('user_id = :userId AND device_id = :seen', { userId, seen: seen.device_id })
        .returning(['user_id'])
        .execute();
      if ((moved.raw as unknown[]).length > 0) return { won: true, outcome: 'moved', previous_device_id: seen.device_id };
    }
    // Another claim wrote first. The same device claiming twice at once still holds it.
    const holder = await claims.findOneBy({ user_id: userId });
    if (holder?.device_id === deviceId) return { won: true, outcome: 'already_held', previous_device_id: holder.previous_device_id };
    return { won: false, outcome: 'lost_race', message: DEVICE_MESSAGES.lostRace };
  }

  /** The one-device check of a status call (see deviceCheckFor). */
  async checkDevice(userId: string, deviceId: string): Promise<DeviceCheck> {
    return deviceCheckFor(await this.dataSource.getRepository(DeviceClaimEntity).findOneBy({ user_id: userId }), deviceId);
  }

  /** Runs one of our own events on a subscription under a row lock. */
  private applyInternal(
    subscriptionId: string,
    event: MachineEvent,
    cause: string,
    now: Date,
    extra: Partial<Pick<SubscriptionEntity, 'provider_subscription_id'>> = {},
  ): Promise<ApplyResult> {
    return this.dataSource.transaction(async (manager) => {
      const sub = await manager.findOne(SubscriptionEntity, { where: { id: subscriptionId }, lock: { mode: 'pessimistic_write' } });
      if (!sub) throw new Error(`Subscription ${subscriptionId} does not exist.`);
      return this.applyLocked(manager, sub, event, cause, now, null, extra);
    });
  }

  /** Runs the state machine on a subscription whose row this transaction has locked; writes it and its audit row when it changes. */
  private async applyLocked(
    manager: EntityManager,
    sub: SubscriptionEntity,
    event: MachineEvent,
    cause: string,
    now: Date,
    providerEventId: string | null,
    extra: Partial<Pick<SubscriptionEntity, 'provider_subscription_id'>> = {},
  ): Promise<ApplyResult> {
    const plan = await manager.findOneByOrFail(PlanEntity, { id: sub.plan_id });
    const result = transition(stateOf(sub), event, now, plan);
    if (result.ignored) return { outcome: 'ignored', subscription: sub, reason: result.reason, ...(result.stale ? { stale: true } : {}) };
    if (!isLive(sub.status) && isLive(result.next.status) && (await this.hasOtherLive(manager, sub))) {
      // A payment revived an ended subscription while the user already has a new one; both cannot be live.
      return { outcome: 'ignored', subscription: sub, reason: 'The payment is for an ended subscription and the user already has another one; it needs a refund.' };
    }
    const updated: SubscriptionEntity = { ...sub, ...result.next, ...extra, updated_at: now };
    await manager.update(SubscriptionEntity, { id: sub.id }, { ...result.next, ...extra, updated_at: now });
    await this.audit(manager, sub.id, sub.status, result.next.status, cause, providerEventId, { ...changesJson(result.changes), ...extra }, now);
    return { outcome: 'applied', subscription: updated, from: sub.status };
  }

  private async hasOtherLive(manager: EntityManager, sub: SubscriptionEntity): Promise<boolean> {
    const other = await manager
      .createQueryBuilder(SubscriptionEntity, 's')
      .where('s.user_id = :userId AND s.id <> :id AND s.status IN (:...live)', { userId: sub.user_id, id: sub.id, live: [...LIVE_STATUSES] })
      .getExists();
    return other;
  }

  private async audit(
    manager: EntityManager,
    subscriptionId: string,
    from: SubscriptionStatus | null,
    to: SubscriptionStatus,
    cause: string,
    providerEventId: string | null,
    changes: AuditChanges,
    at: Date,
  ): Promise<void> {
    await manager.insert(SubscriptionEventEntity, {
      subscription_id: subscriptionId,
      from_status: from,
      to_status: to,
      cause,
      provider_event_id: providerEventId,
      changes,
      at,
    });
  }
}
