import { Inject, Injectable } from '@nestjs/common';
import { lastSeenKey, SessionRecordSchema, sessionKey, userSessionsKey, type SessionRecord } from '@nivesh/proto';
import { REDIS, SERVICE_CONFIG } from '@nivesh/platform';
import Redis from 'ioredis';
import type { Config } from '../config';

/**
 * Session records in Redis, the ones the gateway checks on every request: JSON under
 * `{prefix}:session:{sid}` expiring with the session, and each user's set of session ids.
 */
@Injectable()
export class SessionRepository {
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) config: Config,
  ) {
    this.prefix = config.REDIS_PREFIX;
  }

  async save(sessionId: string, record: SessionRecord, ttlSeconds: number): Promise<void> {
    const userKey = userSessionsKey(this.prefix, record.user_id);
    await this.redis
      .multi()
      .set(sessionKey(this.prefix, sessionId), JSON.stringify(record), 'EX', ttlSeconds)
      .sadd(userKey, sessionId)
      // The set lives as long as the user's newest session, which is this one.
      .expire(userKey, ttlSeconds)
      .exec();
  }

  async find(sessionId: string): Promise<SessionRecord | undefined> {
    const raw = await this.redis.get(sessionKey(this.prefix, sessionId));
    if (raw === null) return undefined;
    const parsed = SessionRecordSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  }

  async delete(userId: string, sessionId: string): Promise<void> {
    await this.redis.multi().del(sessionKey(this.prefix, sessionId)).srem(userSessionsKey(this.prefix, userId), sessionId).exec();
  }

  /** Ends every session of a user; returns how many records were deleted. */
  async deleteAllOfUser(userId: string): Promise<number> {
    const userKey = userSessionsKey(this.prefix, userId);
    const ids = await this.redis.smembers(userKey);
    if (!ids.length) return 0;
    // SREM of exactly these ids, not DEL of the set: a session started meanwhile stays listed.
    const results = await this.redis
      .multi()
      .del(...ids.map((id) => sessionKey(this.prefix, id)))
      .srem(userKey, ...ids)
      .exec();
    return Number(results?.[0]?.[1] ?? 0);
  }

  /** Sets is_admin in every live session of a user, keeping each record's expiry; returns how many. */
  async setAdminFlag(userId: string, isAdmin: boolean): Promise<number> {
    const userKey = userSessionsKey(this.prefix, userId);
    let updated = 0;
    for (const id of await this.redis.smembers(userKey)) {
      const record = await this.find(id);
      if (!record) {
        await this.redis.srem(userKey, id);
        continue;
      }
      const result = await this.redis.set(sessionKey(this.prefix, id), JSON.stringify({ ...record, is_admin: isAdmin }), 'KEEPTTL', 'XX');
      if (result === 'OK') updated += 1;
    }
    return updated;
  }

  /** When each user's sessions were last used, as the gateway notes it (to the minute); null where never or unreadable. */
  async lastSeen(userIds: readonly string[]): Promise<(Date | null)[]> {
    if (!userIds.length) return [];
    const values = await this.redis.mget(...userIds.map((id) => lastSeenKey(this.prefix, id)));
    return values.map((value) => {
      const at = value === null ? Number.NaN : Date.parse(value);
      return Number.isNaN(at) ? null : new Date(at);
    });
  }
}
