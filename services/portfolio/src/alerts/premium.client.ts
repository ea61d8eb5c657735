import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { PREMIUM } from '@nivesh/proto';
import { RpcClient, SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';

/** Ids asked per entitlements call (the premium call's own maximum). */
const BATCH = 100;

/**
 * Accounts' premium, as the premium service knows it: the alerts' limit and whether RSI alerts run. Premium owns
 * subscriptions; the portfolio asks rather than keeping a copy that could drift.
 */
@Injectable()
export class PremiumClient implements OnApplicationShutdown {
  private readonly logger = new Logger(PremiumClient.name);
  private readonly client: RpcClient;

  constructor(@Inject(SERVICE_CONFIG) config: Config) {
    this.client = new RpcClient({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  }

  /** Whether the account is premium now; false when premium cannot be asked (the free limit is the safe answer). */
  async isPremium(userId: string): Promise<boolean> {
    try {
      return (await this.client.call(PREMIUM.entitlement, { user_id: userId })).is_premium;
    } catch (error) {
      this.logger.warn(`premium entitlement unavailable, answering without premium: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  /** Which of the accounts are premium now; null when premium cannot be asked (then nothing should change). */
  async premiumOf(userIds: readonly string[]): Promise<Set<string> | null> {
    const premium = new Set<string>();
    try {
      for (let i = 0; i < userIds.length; i += BATCH) {
        const { entitlements } = await this.client.call(PREMIUM.entitlements, { user_ids: userIds.slice(i, i + BATCH) });
        for (const entry of entitlements) if (entry.is_premium) premium.add(entry.user_id);
      }
      return premium;
    } catch (error) {
      this.logger.warn(`premium entitlements unavailable, RSI alerts keep their state: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
