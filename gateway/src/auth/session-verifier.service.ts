import { Inject, Injectable } from '@nestjs/common';
import { DomainError, JWT_ALGORITHM, JwtClaimsSchema, SESSION_TTL_SECONDS, SessionRecordSchema, lastSeenKey, sessionKey, type Caller } from '@nivesh/proto';
import type { Logger } from '@nivesh/platform';
import type Redis from 'ioredis';
import type { Config } from '../config';
import { CONFIG, LOGGER, REDIS } from '../tokens';
import { loadJose } from './jose';

/** The same answer for every authentication failure, so a caller learns nothing about why. */
export const notAuthenticated = (): DomainError => new DomainError('unauthorized', 'Not authenticated');

const MAX_TOKEN_LENGTH = 4_096;
/** A session's use is written down at most this often (the admin's "last active" is to the minute). */
const LAST_SEEN_EVERY_MS = 60_000;
/** Sessions whose last write is remembered here; older entries are dropped past this many. */
const LAST_SEEN_MEMORY = 10_000;
const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Verifies an access token and the session it names in Redis; yields the caller. */
@Injectable()
export class SessionVerifier {
  private readonly key: Uint8Array;
  /** When each session's use was last written, so a busy session costs one Redis write a minute. */
  private readonly lastSeen = new Map<string, number>();

  constructor(
    @Inject(CONFIG) private readonly config: Config,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.key = new TextEncoder().encode(config.JWT_SECRET);
  }

  async authenticate(authorization: string): Promise<Caller> {
    const token = BEARER.exec(authorization)?.[1];
    if (!token || token.length > MAX_TOKEN_LENGTH) throw notAuthenticated();

    const claims = await this.verifyToken(token);
    const session = await this.loadSession(claims.sid);
    if (!session || session.user_id !== claims.sub || Date.parse(session.expires_at) <= Date.now()) throw notAuthenticated();
    this.noteActivity(claims.sub, claims.sid);
    // The role comes from the live session, not the token, so a role change applies at once.
    return { user_id: claims.sub, session_id: claims.sid, is_admin: session.is_admin, username: session.username };
  }

  /** Writes the user's last activity for the admin's user list, once a minute per session, without waiting for it. */
  private noteActivity(userId: string, sessionId: string): void {
    const now = Date.now();
    if (now - (this.lastSeen.get(sessionId) ?? 0) < LAST_SEEN_EVERY_MS) return;
    if (this.lastSeen.size >= LAST_SEEN_MEMORY) this.lastSeen.clear();
    this.lastSeen.set(sessionId, now);
    this.redis.set(lastSeenKey(this.config.REDIS_PREFIX, userId), new Date(now).toISOString(), 'EX', SESSION_TTL_SECONDS).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'last activity not written');
    });
  }

  private async verifyToken(token: string) {
    try {
      const { jwtVerify } = await loadJose();
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [JWT_ALGORITHM],
        issuer: this.config.JWT_ISSUER,
        audience: this.config.JWT_AUDIENCE,
        requiredClaims: ['sub', 'sid', 'iat', 'exp'],
      });
      const claims = JwtClaimsSchema.safeParse(payload);
      if (!claims.success) throw notAuthenticated();
      return claims.data;
    } catch {
      throw notAuthenticated();
    }
  }

  private async loadSession(sessionId: string) {
    let raw: string | null;
    try {
      raw = await this.redis.get(sessionKey(this.config.REDIS_PREFIX, sessionId));
    } catch (error) {
      this.logger.error({ err: error }, 'session lookup failed');
      throw new DomainError('service_unavailable', 'Sign-in is temporarily unavailable. Please try again shortly.');
    }
    if (raw === null) return undefined;
    try {
      const record = SessionRecordSchema.safeParse(JSON.parse(raw));
      if (record.success) return record.data;
    } catch {
      // fall through: an unreadable record is no session
    }
    this.logger.warn({ session_id: sessionId }, 'unreadable session record');
    return undefined;
  }
}
