import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { JWT_ALGORITHM, SESSION_TTL_SECONDS } from '@nivesh/proto';
import { SERVICE_CONFIG } from '@nivesh/platform';
import { Clock } from '../common/clock';
import type { Config } from '../config';
import { loadJose } from './jose';
import { SessionRepository } from './session.repository';

export type SessionUser = { id: string; username: string; isAdmin: boolean };
export type IssuedSession = { sessionId: string; accessToken: string; expiresAt: Date };

/**
 * Sessions: an HS256 JWT (sub = user, sid = session, iss, aud, iat, exp 720 h later) plus the Redis record
 * the gateway requires on every request, so ending the record ends the token at once.
 */
@Injectable()
export class SessionService {
  private readonly key: Uint8Array;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: Config,
    private readonly sessions: SessionRepository,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(config.JWT_SECRET);
  }

  async start(user: SessionUser): Promise<IssuedSession> {
    const { SignJWT } = await loadJose();
    const sessionId = randomUUID();
    const now = this.clock.now();
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = new Date((issuedAt + SESSION_TTL_SECONDS) * 1000);
    await this.sessions.save(
      sessionId,
      {
        user_id: user.id,
        username: user.username,
        is_admin: user.isAdmin,
        // Premium is decided by the premium service later; a fresh session starts without it.
        is_premium: false,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
      },
      SESSION_TTL_SECONDS,
    );
    const accessToken = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: JWT_ALGORITHM, typ: 'JWT' })
      .setSubject(user.id)
      .setIssuer(this.config.JWT_ISSUER)
      .setAudience(this.config.JWT_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + SESSION_TTL_SECONDS)
      .sign(this.key);
    return { sessionId, accessToken, expiresAt };
  }

  end(userId: string, sessionId: string): Promise<void> {
    return this.sessions.delete(userId, sessionId);
  }

  endAll(userId: string): Promise<number> {
    return this.sessions.deleteAllOfUser(userId);
  }

  /** Applies a role change to the user's live sessions at once. */
  setAdminFlag(userId: string, isAdmin: boolean): Promise<number> {
    return this.sessions.setAdminFlag(userId, isAdmin);
  }
}
