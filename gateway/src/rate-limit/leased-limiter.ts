import { LRUCache } from 'lru-cache';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** Points one instance takes from the shared budget at a time: a twentieth of the budget, at least 1, at most 100. */
export const leaseSizeFor = (points: number): number => Math.max(1, Math.min(100, Math.floor(points / 20)));

type Lease = {
  /** Points taken from the shared budget and not yet spent here. */
  left: number;
  /** What the shared budget had left after this instance's last take (0: spent until `endsAt`). */
  remaining: number;
  /** When the shared window ends (the counter then starts again). */
  endsAt: number;
};

/**
 * A rate limit shared through a store (Redis) whose counter is asked once per lease instead of once per request:
 * each instance takes `leaseSize` points of a key's budget at a time and spends them locally, and once the store has
 * said the budget is spent, refuses locally until the window ends. rate-limiter-flexible has no batching of its own.
 *
 * Never looser than asking per request: every request spends a point the store has counted. It can be stricter by
 * the points other instances hold unspent, at most `leaseSize` per instance; a lease never asks for more than the
 * store last said was left, so one instance alone spends its budget exactly. With `leaseSize` 1 (tight route limits)
 * every request is counted in the store, as before.
 */
export class LeasedLimiter {
  private readonly leases = new LRUCache<string, Lease>({ max: 100_000 });
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(
    private readonly shared: RateLimiterAbstract,
    readonly leaseSize: number,
  ) {}

  /** Spends one point of `key`'s budget; rejects with a RateLimiterRes (its msBeforeNext) once it is spent. */
  async consume(key: string): Promise<void> {
    for (;;) {
      const now = Date.now();
      const lease = this.leases.get(key);
      if (lease && lease.endsAt > now) {
        if (lease.left > 0) {
          lease.left -= 1;
          return;
        }
        if (lease.remaining <= 0) throw limited(lease.endsAt - now);
      }
      const inFlight = this.pending.get(key);
      if (inFlight) {
        // Another request of this key is taking a lease: wait for it, then look again.
        await inFlight.catch(() => undefined);
        continue;
      }
      const take = this.take(key, lease && lease.endsAt > now ? lease.remaining : this.leaseSize);
      this.pending.set(key, take);
      try {
        await take;
      } finally {
        this.pending.delete(key);
      }
    }
  }

  private async take(key: string, knownRemaining: number): Promise<void> {
    const points = Math.max(1, Math.min(this.leaseSize, knownRemaining));
    try {
      const taken = await this.shared.consume(key, points);
      this.leases.set(key, { left: points, remaining: taken.remainingPoints, endsAt: Date.now() + taken.msBeforeNext });
    } catch (error) {
      if (error instanceof RateLimiterRes) this.leases.set(key, { left: 0, remaining: 0, endsAt: Date.now() + error.msBeforeNext });
      throw error;
    }
  }
}

const limited = (msBeforeNext: number): RateLimiterRes => new RateLimiterRes(0, Math.max(1, msBeforeNext));
