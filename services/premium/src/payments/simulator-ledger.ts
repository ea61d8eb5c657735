import type Redis from 'ioredis';
import type { SubscriptionFacts } from './razorpay-payloads';

/** A subscription the simulator made, with what its checkout page and webhooks need. */
export type SimulatedSubscription = SubscriptionFacts & {
  /** Our subscription id (also in `notes.subscription_id`, as with Razorpay). */
  subscriptionId: string;
  userId: string;
  email: string | null;
  amountPaise: number;
  returnUrl: string;
};

/**
 * Where the simulator keeps its subscriptions. The premium service creates them and the gateway's
 * checkout page pays them, so outside a single process the two must share one ledger (Redis).
 */
export type SimulatorLedger = {
  get(providerSubscriptionId: string): Promise<SimulatedSubscription | undefined>;
  put(subscription: SimulatedSubscription): Promise<void>;
};

/** A ledger in this process's memory: for unit tests and single-process runs. */
export class InMemorySimulatorLedger implements SimulatorLedger {
  private readonly subscriptions = new Map<string, SimulatedSubscription>();

  async get(providerSubscriptionId: string): Promise<SimulatedSubscription | undefined> {
    const found = this.subscriptions.get(providerSubscriptionId);
    return found ? structuredClone(found) : undefined;
  }

  async put(subscription: SimulatedSubscription): Promise<void> {
    this.subscriptions.set(subscription.id, structuredClone(subscription));
  }
}

/** Simulated subscriptions are test data: they vanish after this long. */
export const SIMULATOR_LEDGER_TTL_SECONDS = 35 * 24 * 60 * 60;
const KEY_PREFIX = 'premium:simulator:subscription:';

/** A ledger in Redis, shared by every premium instance (one creates a checkout, another may take its Pay). */
export class RedisSimulatorLedger implements SimulatorLedger {
  private readonly keyPrefix: string;

  /** `namespace` is the deployment's REDIS_PREFIX, so test runs sharing one Redis keep apart. */
  constructor(
    private readonly redis: Pick<Redis, 'get' | 'set'>,
    namespace = '',
    private readonly ttlSeconds = SIMULATOR_LEDGER_TTL_SECONDS,
  ) {
    this.keyPrefix = namespace ? `${namespace}:${KEY_PREFIX}` : KEY_PREFIX;
  }

  async get(providerSubscriptionId: string): Promise<SimulatedSubscription | undefined> {
    const json = await this.redis.get(this.keyPrefix + providerSubscriptionId);
    return json ? (JSON.parse(json) as SimulatedSubscription) : undefined;
  }

  async put(subscription: SimulatedSubscription): Promise<void> {
    await this.redis.set(this.keyPrefix + subscription.id, JSON.stringify(subscription), 'EX', this.ttlSeconds);
  }
}
