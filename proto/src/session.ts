import { z } from 'zod';
import { SESSION_TTL_HOURS } from './values/session';
export { SESSION_TTL_HOURS } from './values/session';

export const SESSION_TTL_SECONDS = SESSION_TTL_HOURS * 60 * 60;
export const JWT_ALGORITHM = 'HS256' as const;

/** A live session as stored in Redis (JSON) under `sessionKey(prefix, session_id)`, expiring with it. */
export const SessionRecordSchema = z.object({
  user_id: z.string().min(1),
  username: z.string(),
  is_admin: z.boolean(),
  is_premium: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
  expires_at: z.iso.datetime({ offset: true }),
});
export type SessionRecord = z.infer<typeof SessionRecordSchema>;

/** Claims of the access token: the user and the session it belongs to. Times in epoch seconds. */
export const JwtClaimsSchema = z.object({
  /** The user id. */
  sub: z.string().min(1),
  /** The session id; the session must still exist in Redis. */
  sid: z.string().min(1),
  iss: z.string().min(1),
  aud: z.string().min(1),
  iat: z.number().int().nonnegative(),
  exp: z.number().int().positive(),
});
export type JwtClaims = z.infer<typeof JwtClaimsSchema>;

/** Redis key of one session. */
export const sessionKey = (prefix: string, sessionId: string): string => `${prefix}:session:${sessionId}`;

/** Redis set of a user's session ids, so all of them can end at once (password reset, role change). */
export const userSessionsKey = (prefix: string, userId: string): string => `${prefix}:user-sessions:${userId}`;

/**
 * When a user's sessions were last used: an ISO time the gateway writes at most once a minute per session, expiring
 * with the longest session; the admin's user list reads it.
 */
export const lastSeenKey = (prefix: string, userId: string): string => `${prefix}:last-seen:${userId}`;
