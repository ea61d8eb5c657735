import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';

/** The UTC day of a time, 'YYYY-MM-DD'. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** Seconds from `at` to an hour after the end of its UTC day: a salt outlives its day only by that hour. */
const secondsLeftInDay = (at: Date): number => {
  const end = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1);
  return Math.ceil((end - at.getTime()) / 1000) + 3_600;
};

/**
 * The salt of the visitor hash for each UTC day (Plausible's method): random, the same for every gateway instance
 * (the first to need it writes it to Redis with SET NX), and deleted by its expiry shortly after its day, so no one
 * can link a visitor's hashes across days or recompute them once the salt is gone.
 */
export class DailySalt {
  private current?: { day: string; salt: string };

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async of(at: Date): Promise<string> {
    const day = utcDay(at);
    if (this.current?.day === day) return this.current.salt;
    const key = `${this.prefix}:visitor-salt:${day}`;
    await this.redis.set(key, randomBytes(32).toString('hex'), 'EX', secondsLeftInDay(at), 'NX');
    const salt = await this.redis.get(key);
    if (salt === null) throw new Error(`The visitor salt of ${day} could not be read`);
    this.current = { day, salt };
    return salt;
  }
}
