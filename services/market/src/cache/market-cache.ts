import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { EVENTS, type RpcDefinition } from '@nivesh/proto';
import { AnswerStore, EventPublisher, REDIS, SERVICE_CONFIG } from '@nivesh/platform';
import type Redis from 'ioredis';
import type { z } from 'zod';
import type { Config } from '../config';

/**
 * Answers of the market patterns, kept in Redis as the bytes the gateway sends (`AnswerStore`, scope 'market') for
 * MARKET_CACHE_TTL_SECONDS at most, under the current data version. An answer is checked against its result schema
 * once, when it is computed. Importers call `bumpVersion()` after they commit, so no answer outlives the data it was
 * computed from, and the new version's common answers are computed ahead of users by the `market-warm` job.
 * Concurrent misses of one key in this process compute once. A Redis failure only skips the cache.
 */
/** How many days of asks decide which stocks are warmed. */
const ASKED_DAYS = 7;

@Injectable()
export class MarketCache implements OnApplicationShutdown {
  private readonly logger = new Logger(MarketCache.name);
  private readonly inFlight = new Map<string, Promise<unknown>>();
  readonly store: AnswerStore;
  private events?: EventPublisher;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: Config,
  ) {
    this.store = new AnswerStore(redis, config.REDIS_PREFIX, 'market');
  }

  /**
   * Counts a stock asked for today (once per answer computed: every data version's first request of each answer reaches
   * the service, later ones are served from the cache by the gateway). Kept a week, one sorted set per day.
   */
  noteAsked(symbol: string, now = new Date()): void {
    const key = this.askedKey(now);
    void this.safe(() => this.redis.multi().zincrby(key, 1, symbol).expire(key, ASKED_DAYS * 86_400 + 86_400).exec());
  }

  /** The stocks asked for most over the last week, most asked first (the warm job computes theirs ahead). */
  async mostAsked(limit: number, now = new Date()): Promise<string[]> {
    const keys = Array.from({ length: ASKED_DAYS }, (_, i) => this.askedKey(new Date(now.getTime() - i * 86_400_000)));
    const union = (await this.safe(() => this.redis.zunion(keys.length, ...keys, 'WITHSCORES'))) ?? [];
    const scored: Array<[string, number]> = [];
    for (let i = 0; i < union.length; i += 2) scored.push([union[i]!, Number(union[i + 1])]);
    return scored
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([symbol]) => symbol);
  }

  private askedKey(at: Date): string {
    return `${this.config.REDIS_PREFIX}:market:asked:${at.toISOString().slice(0, 10)}`;
  }

  get enabled(): boolean {
    return this.config.MARKET_CACHE_TTL_SECONDS > 0;
  }

  /** The stored answer of `def` for `payload` (its parsed form), else computes, validates and stores it. */
  async getOrCompute<D extends RpcDefinition>(def: D, payload: z.output<D['payload']>, compute: () => Promise<z.input<D['result']>>): Promise<z.output<D['result']>> {
    // The transport checks the result against its schema before replying.
    if (!this.enabled) return compute() as Promise<z.output<D['result']>>;
    const version = (await this.safe(() => this.store.version())) ?? '0';
    const key = this.store.key(version, def.pattern, payload);
    const hit = await this.safe(() => this.store.lookup(key));
    if (hit) return JSON.parse(hit.json.toString('utf8')) as z.output<D['result']>;
    const pending = this.inFlight.get(key);
    if (pending) return pending as Promise<z.output<D['result']>>;
    const work = compute()
      .then(async (value) => {
        const checked: unknown = def.result.parse(value);
        await this.safe(() => this.store.put(key, checked, this.config.MARKET_CACHE_TTL_SECONDS));
        return checked;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    return work as Promise<z.output<D['result']>>;
  }

  /** Whether the answer of `def` for `payload` is stored under `version` (the warm job skips those). */
  async isStored(version: string, def: RpcDefinition, payload: unknown): Promise<boolean> {
    return (await this.safe(() => this.store.has(this.store.key(version, def.pattern, payload)))) ?? false;
  }

  /** The current data version. */
  async version(): Promise<string> {
    return (await this.safe(() => this.store.version())) ?? '0';
  }

  /**
   * Marks every stored answer stale (called after an import commits) and announces the new data version
   * (`EVENTS.marketDataChanged`): its subscribers check the users' price alerts on the new data, bring TrendVision's
   * back-tests and live record up to it, and compute the new version's answers (this service's warm job, left out
   * while the warm-up is off; the others never are).
   */
  async bumpVersion(): Promise<void> {
    const version = await this.safe(() => this.store.bump());
    if (!version) return;
    const events = this.publisher();
    await this.safe(() => events.publish(EVENTS.marketDataChanged, { version }, { except: this.warms ? [] : ['marketWarm'] }));
  }

  /** Queues the computation of the common answers of `version` (once per version, whoever asks). */
  async requestWarm(version: string): Promise<void> {
    if (!this.warms) return;
    const events = this.publisher();
    await this.safe(() => events.deliver(EVENTS.marketDataChanged, 'marketWarm', { version }));
  }

  async close(): Promise<void> {
    await this.events?.close();
    this.events = undefined;
  }

  onApplicationShutdown(): Promise<void> {
    return this.close();
  }

  /** Whether a new data version's answers are computed ahead (the warm job). */
  private get warms(): boolean {
    return this.enabled && this.config.MARKET_WARM;
  }

  private publisher(): EventPublisher {
    this.events ??= new EventPublisher({ redisUrl: this.config.REDIS_URL, prefix: this.config.REDIS_PREFIX });
    return this.events;
  }

  private async safe<R>(op: () => Promise<R>): Promise<R | null> {
    try {
      return await op();
    } catch (error) {
      this.logger.warn(`market cache skipped: ${(error as Error).message}`);
      return null;
    }
  }
}
