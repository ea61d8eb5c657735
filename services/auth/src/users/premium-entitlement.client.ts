import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { type Entitlement, PREMIUM } from '@nivesh/proto';
import { type Logger, RpcClient, SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';
import { LOGGER } from '../tokens';

/** What the answers say when premium cannot be asked: no premium. The web re-checks premium status after login anyway. */
export const NO_PREMIUM: Entitlement = { is_premium: false, premium_expires_at: null };
const CACHE_MS = 10_000;

/**
 * The account's premium as the premium service knows it, for the login and /me answers. Premium owns
 * subscriptions; auth asks rather than keeping a copy that could drift. Answers are kept ten seconds, and
 * when premium is unreachable the answer is "no premium" rather than a failed login.
 */
@Injectable()
export class PremiumEntitlementClient implements OnApplicationShutdown {
  private readonly client: RpcClient;
  private readonly cache = new Map<string, { at: number; entitlement: Entitlement }>();

  constructor(
    @Inject(SERVICE_CONFIG) config: Config,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.client = new RpcClient({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  }

  async of(userId: string): Promise<Entitlement> {
    const cached = this.cache.get(userId);
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.entitlement;
    try {
      const entitlement = await this.client.call(PREMIUM.entitlement, { user_id: userId });
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(userId, { at: Date.now(), entitlement });
      return entitlement;
    } catch (error) {
      this.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'premium entitlement unavailable; answering without premium');
      return NO_PREMIUM;
    }
  }

  /**
   * Many accounts' entitlements in one call (the admin's user list), fresh rather than cached; null when premium
   * could not be asked, so the list can say it does not know instead of saying "no premium".
   */
  async many(userIds: readonly string[]): Promise<Map<string, Entitlement> | null> {
    if (!userIds.length) return new Map();
    try {
      const { entitlements } = await this.client.call(PREMIUM.entitlements, { user_ids: [...userIds] });
      return new Map(entitlements.map(({ user_id, ...entitlement }) => [user_id, entitlement]));
    } catch (error) {
      this.logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'premium entitlements unavailable; listing accounts without premium');
      return null;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
