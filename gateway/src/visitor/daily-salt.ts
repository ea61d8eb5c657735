import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';

const DAY_MS = 86_400_000;

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
  /** The salt of the day being served, with that day's end (ms), so a call within it costs a comparison. */
  private current?: { salt: string; endsAt: number };

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async of(at: Date): Promise<string> {
    const time = at.getTime();
    if (this.current && time < this.current.endsAt && time >= this.current.endsAt - DAY_MS) return this.current.salt;
    const day = utcDay(at);
    const key = `${this.prefix}:visitor-salt:${day}`;
    await this.redis.set(key, randomBytes(32).toString('hex'), 'EX', secondsLeftInDay(at), 'NX');
    const salt = await this.redis.get(key);
    if (salt === null) throw new Error(`The visitor salt of ${day} could not be read`);
    this.current = { salt, endsAt: Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1) };
    return salt;
  }
}
