import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { REDIS, SERVICE_CONFIG } from '@nivesh/proto/node';
import type Redis from 'ioredis';
import type { Config } from '../config';

/**
 * Answers of the analysis patterns, cached in Redis for MARKET_CACHE_TTL_SECONDS at most (shared by every market instance) under the current data
 * version. Importers call `bumpVersion()` after they commit, so no answer outlives the data it was computed
 * from. Concurrent misses of one key in this process compute once. A Redis failure only skips the cache.
 */
@Injectable()
export class MarketCache {
  private readonly logger = new Logger(MarketCache.name);
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private readonly versionKey: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) private readonly config: Config,
  ) {
    this.versionKey = `${config.REDIS_PREFIX}:market:data-version`;
  }

  async getOrCompute<T>(name: string, payload: unknown, compute: () => Promise<T>): Promise<T> {
    if (this.config.MARKET_CACHE_TTL_SECONDS === 0) return compute();
    const version = (await this.safe(() => this.redis.get(this.versionKey))) ?? '0';
    const digest = createHash('sha1').update(JSON.stringify(payload)).digest('base64url');
    const key = `${this.config.REDIS_PREFIX}:market:cache:${version}:${name}:${digest}`;
    const hit = await this.safe(() => this.redis.get(key));
    if (hit) return JSON.parse(hit) as T;
    const pending = this.inFlight.get(key);
    if (pending) return pending as Promise<T>;
    const work = compute()
      .then(async (value) => {
        await this.safe(() => this.redis.set(key, JSON.stringify(value), 'EX', this.config.MARKET_CACHE_TTL_SECONDS));
        return value;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    return work;
  }

  /** Marks every cached answer stale; called after an import commits. */
  async bumpVersion(): Promise<void> {
    await this.safe(() => this.redis.incr(this.versionKey));
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
