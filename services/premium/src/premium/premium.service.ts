import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  type CancelPayload,
  type CancelResponse,
  DomainError,
  type Entitlement,
  type Entitlements,
  type PaymentDeadLetters,
  PREMIUM_TOOLS,
  type PremiumDevicePayload,
  type PremiumStatusPayload,
  type PremiumStatusResponse,
  type SubscribePayload,
  type SubscribeResponse,
  type ToolAccess,
  type ToolAccessPayload,
} from '@nivesh/proto';
import { SERVICE_CONFIG } from '@nivesh/platform';
import type { Repository } from 'typeorm';
import type { Config } from '../config';
import { PAYMENTS_NOT_SET_UP } from '../payments/no-provider';
import { PAYMENT_PROVIDER, type PaymentProvider, ProviderRejected, ProviderUnavailable } from '../payments/provider';
import { deviceIdOf } from '../subscriptions/device-id';
import { DEVICE_MESSAGES, PREMIUM_MESSAGES, TOOL_MESSAGES } from '../subscriptions/messages';
import { PaymentDeadLettersRepository } from '../payments/payment-dead-letters.repository';
import { isPremium, LIVE_STATUSES, publicStatus } from '../subscriptions/state-machine';
import { PAYMENT_PROVIDER_NAMES, type PaymentProviderName, SubscriptionEntity } from '../subscriptions/subscription.entity';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { PremiumJobs } from './premium-jobs';

const isPaymentProviderName = (name: string): name is PaymentProviderName => (PAYMENT_PROVIDER_NAMES as readonly string[]).includes(name);

const ALLOWED = { allowed: true, reason: null, logout_message: null } as const;

/** Premium paid for and not yet over, from the account's current subscription. */
const entitlementOf = (current: SubscriptionEntity | null, now: Date): Entitlement => {
  const premium = current !== null && isPremium(current, now);
  return { is_premium: premium, premium_expires_at: premium ? current.current_period_end!.toISOString() : null };
};

/** The premium calls: status with the one-device rule, subscribe, cancel, moving premium to a device, and the entitlement auth shows. */
@Injectable()
export class PremiumService {
  private readonly logger = new Logger(PremiumService.name);
  /** Plan names by id: plans change only with a migration, so status (called on every page load) asks once. */
  private readonly planNames = new Map<string, string>();

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: Config,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly jobs: PremiumJobs,
    @InjectRepository(SubscriptionEntity) private readonly subscriptionRows: Repository<SubscriptionEntity>,
    private readonly deadLetters: PaymentDeadLettersRepository,
  ) {}

  /**
   * The account's premium and whether this device may use it. The first device to ask while nobody holds
   * premium claims it; every other device gets the reason, and the one premium was moved away from a logout message.
   */
  async status(payload: PremiumStatusPayload): Promise<PremiumStatusResponse> {
    const now = new Date();
    const userId = payload.caller.user_id;
    const deviceId = this.deviceId(payload.device_fingerprint);
    const current = await this.subscriptions.findCurrent(userId);
    const premium = current !== null && isPremium(current, now);
    const check = premium ? await this.deviceCheck(userId, deviceId, now, payload.client_ip, payload.ip_address) : ALLOWED;
    return this.statusAnswer(payload, current, premium, check, now);
  }

  /**
   * The gateway's gate of the premium tools: premium on this device, with the one-device rule of status (the first
   * device to ask while none holds premium claims it).
   */
  async toolAccess(payload: ToolAccessPayload): Promise<ToolAccess> {
    const now = new Date();
    const tool = PREMIUM_TOOLS[payload.tool].name;
    const userId = payload.caller.user_id;
    const current = await this.subscriptions.findCurrent(userId);
    if (current === null || !isPremium(current, now)) return { allowed: false, reason: TOOL_MESSAGES.notPremium(tool) };
    if (payload.device_fingerprint === undefined) return { allowed: false, reason: TOOL_MESSAGES.noDevice(tool) };
    const check = await this.deviceCheck(userId, this.deviceId(payload.device_fingerprint), now, payload.client_ip);
    return check.allowed ? { allowed: true, reason: null } : { allowed: false, reason: TOOL_MESSAGES.otherDevice(tool, check.reason ?? DEVICE_MESSAGES.inUseElsewhere) };
  }

  /** 'Use premium on this device': moves the account's premium here; the device that held it learns at its next status check. */
  async claimDevice(payload: PremiumDevicePayload): Promise<PremiumStatusResponse> {
    const now = new Date();
    const userId = payload.caller.user_id;
    const current = await this.subscriptions.findCurrent(userId);
    if (!current || !isPremium(current, now)) throw new DomainError('forbidden', PREMIUM_MESSAGES.noPremiumToMove);
    const claim = await this.subscriptions.claimDevice(userId, this.deviceId(payload.device_fingerprint), {
      takeOver: true,
      now,
      connectionIp: payload.client_ip,
      reportedIp: payload.ip_address,
    });
    if (!claim.won) throw new DomainError('conflict', claim.message);
    this.logger.log(`premium of user ${userId} ${claim.outcome === 'moved' ? 'moved to another device' : 'claimed by this device'}`);
    return this.statusAnswer(payload, current, true, ALLOWED, now);
  }

  /**
   * Starts a subscription and hands out the provider's payment page. The subscribing device holds premium
   * from then on. An unfinished checkout is replaced by the new one; a paid one is not sold twice.
   */
  async subscribe(payload: SubscribePayload): Promise<SubscribeResponse> {
    const now = new Date();
    const userId = payload.caller.user_id;
    const plan = await this.subscriptions.findPlan(payload.plan_id);
    if (!plan?.active) throw new DomainError('not_found', PREMIUM_MESSAGES.unknownPlan);
    if (!isPaymentProviderName(this.provider.name)) throw new DomainError('service_unavailable', PAYMENTS_NOT_SET_UP);
    const provider = this.provider.name;
    const deviceId = this.deviceId(payload.device_fingerprint);

    let created = await this.subscriptions.create({ userId, planId: plan.id, provider, now });
    if (created.outcome === 'already_live') {
      const live = created.subscription;
      if (isPremium(live, now)) return { success: false, payment_url: null, order_id: null, error: PREMIUM_MESSAGES.alreadyPremium(live.current_period_end!) };
      await this.abandon(live, now);
      created = await this.subscriptions.create({ userId, planId: plan.id, provider, now });
      if (created.outcome === 'already_live') throw new DomainError('conflict', 'Another payment for this account started a moment ago. Please try again.');
    }
    const subscription = created.subscription;
    try {
      const checkout = await this.provider.createSubscription({
        subscriptionId: subscription.id,
        planId: plan.id,
        amountPaise: plan.amount_paise,
        customer: { userId },
        // Back to the address the browser opened (the gateway vouches for it), so its stored session is there.
        returnUrl: new URL('/payment/success', payload.site_origin ?? this.config.PUBLIC_URL).toString(),
        ...(payload.site_origin ? { siteOrigin: payload.site_origin } : {}),
      });
      await this.subscriptions.startCheckout(subscription.id, checkout.providerSubscriptionId, now);
      await this.subscriptions.claimDevice(userId, deviceId, { takeOver: true, now, connectionIp: payload.client_ip, reportedIp: payload.ip_address });
      return { success: true, payment_url: checkout.paymentUrl, order_id: subscription.id, error: null };
    } catch (error) {
      const cause = error instanceof ProviderRejected ? `provider refused: ${error.providerCode}` : error instanceof ProviderUnavailable ? 'provider unreachable' : 'checkout error';
      await this.subscriptions.failCheckout(subscription.id, cause, new Date());
      throw error;
    }
  }

  /** Stops renewal; premium lasts to the end of the paid period. The provider is told through a retried job. */
  async cancel(payload: CancelPayload): Promise<CancelResponse> {
    const now = new Date();
    const result = await this.subscriptions.cancelAtPeriodEnd(payload.caller.user_id, now);
    if (!result) return { success: false, message: PREMIUM_MESSAGES.nothingToCancel, premium_expires_at: null };
    const sub = result.subscription;
    if (sub.provider_subscription_id) await this.jobs.cancelAtProvider(sub.provider_subscription_id);
    if (result.outcome === 'ignored') {
      return isPremium(sub, now)
        ? { success: true, message: PREMIUM_MESSAGES.alreadyCancelled(sub.current_period_end!), premium_expires_at: sub.current_period_end!.toISOString() }
        : { success: false, message: PREMIUM_MESSAGES.nothingToCancel, premium_expires_at: null };
    }
    if (!isPremium(sub, now)) return { success: true, message: PREMIUM_MESSAGES.cancelledUnpaid, premium_expires_at: null };
    return { success: true, message: PREMIUM_MESSAGES.cancelled(sub.current_period_end!), premium_expires_at: sub.current_period_end!.toISOString() };
  }

  /** Premium paid for and not yet over, for auth's login and /me answers. */
  async entitlement(userId: string): Promise<Entitlement> {
    return entitlementOf(await this.subscriptions.findCurrent(userId), new Date());
  }

  /** The same for many accounts at once (the admin's user list), one entry per id in the order asked, from one query. */
  async entitlements(userIds: readonly string[]): Promise<Entitlements> {
    const now = new Date();
    const current = await this.findCurrentOfMany(userIds);
    return { entitlements: userIds.map((userId) => ({ user_id: userId, ...entitlementOf(current.get(userId) ?? null, now) })) };
  }

  /** The administrators' system status: how many payment webhooks are set aside unapplied, and the newest of them. */
  paymentDeadLetters(limit: number): Promise<PaymentDeadLetters> {
    return this.deadLetters.unresolved(limit);
  }

  /** An unfinished checkout the user walked away from: failed here, closed at the provider (best effort). */
  private async abandon(live: SubscriptionEntity, now: Date): Promise<void> {
    await this.subscriptions.failCheckout(live.id, 'replaced by a new checkout', now);
    if (live.provider_subscription_id) await this.jobs.cancelAtProvider(live.provider_subscription_id);
  }

  /**
   * findCurrent for many users in one query (DISTINCT ON keeps each user's first row in findCurrent's order: the live
   * subscription, else the latest). It belongs beside findCurrent in SubscriptionsRepository.
   */
  private async findCurrentOfMany(userIds: readonly string[]): Promise<Map<string, SubscriptionEntity>> {
    const asked = [...new Set(userIds)];
    if (!asked.length) return new Map();
    const rows = await this.subscriptionRows
      .createQueryBuilder('s')
      .distinctOn(['s.user_id'])
      .where('s.user_id IN (:...asked)', { asked })
      .orderBy('s.user_id')
      .addOrderBy(`CASE WHEN s.status IN (:...live) THEN 0 ELSE 1 END`)
      .addOrderBy('s.created_at', 'DESC')
      .setParameter('live', [...LIVE_STATUSES])
      .getMany();
    return new Map(rows.map((row) => [row.user_id, row]));
  }

  private async planName(planId: string): Promise<string | null> {
    const known = this.planNames.get(planId);
    if (known) return known;
    const plan = await this.subscriptions.findPlan(planId);
    if (plan) this.planNames.set(planId, plan.name);
    return plan?.name ?? null;
  }

  /** Whether this device may use the account's premium, claiming it when no device holds it. */
  private async deviceCheck(userId: string, deviceId: string, now: Date, connectionIp?: string, reportedIp?: string): Promise<PremiumStatusResponse['device_check']> {
    const claim = await this.subscriptions.claimDevice(userId, deviceId, { takeOver: false, now, connectionIp, reportedIp });
    return claim.won ? ALLOWED : this.subscriptions.checkDevice(userId, deviceId);
  }

  private deviceId(fingerprint: string): string {
    return deviceIdOf(fingerprint, this.config.DEVICE_ID_SECRET);
  }

  private async statusAnswer(
    payload: { caller: { user_id: string; username?: string } },
    current: SubscriptionEntity | null,
    premium: boolean,
    check: PremiumStatusResponse['device_check'],
    now: Date,
  ): Promise<PremiumStatusResponse> {
    const planName = current ? await this.planName(current.plan_id) : null;
    const expiresAt = premium ? current!.current_period_end!.toISOString() : null;
    return {
      success: true,
      is_premium: premium,
      device_allowed: check.allowed,
      device_check_reason: check.reason,
      device_check: check,
      subscription: current
        ? {
            subscription_id: current.id,
            plan_id: current.plan_id,
            plan_name: planName ?? current.plan_id,
            status: publicStatus(current, now),
            expires_at: current.current_period_end?.toISOString() ?? null,
          }
        : null,
      user: { user_id: payload.caller.user_id, username: payload.caller.username ?? '', is_premium: premium, premium_expires_at: expiresAt },
    };
  }
}
