import type { z } from 'zod';
import type { RpcDefinition } from './rpc';

export type HttpMethod = 'GET' | 'POST';
/** none: anyone; optional: a token is used when present; user: a valid session; admin: an admin session. */
export type RouteAuth = 'none' | 'optional' | 'user' | 'admin';

export type RouteDefinition = {
  readonly method: HttpMethod;
  readonly path: string;
  readonly tag: string;
  readonly summary: string;
  readonly auth: RouteAuth;
  /** The request body (POST) or query string (GET) schema. */
  readonly input: z.ZodType;
  /** The success response body schema. */
  readonly response: z.ZodType;
  /** Success status; 200 unless said otherwise. */
  readonly status?: number;
  /** The RPC pattern the gateway forwards to. */
  readonly rpc?: RpcDefinition;
  /** A tighter per-IP rate limit for this route: requests per minute. */
  readonly rateLimitPerMinute?: number;
  /** Request timeout the client applies (documented in OpenAPI). */
  readonly clientTimeoutMs?: number;
};

/** Declares one HTTP route of the public API. */
export const defineRoute = <D extends RouteDefinition>(definition: D): D => definition;
