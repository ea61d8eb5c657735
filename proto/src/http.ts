import type { z } from 'zod';
import type { PremiumToolKey } from './premium-tools';
import type { RpcDefinition } from './rpc';

export type HttpMethod = 'GET' | 'POST';
/** none: anyone; optional: a token is used when present; user: a valid session; admin: an admin session. */
export type RouteAuth = 'none' | 'optional' | 'user' | 'admin';
/** A body of data whose answers stay the same until its next import: answers of its routes are kept as bytes per data version. */
export const ANSWER_SCOPES = ['market'] as const;
export type AnswerScope = (typeof ANSWER_SCOPES)[number];

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
  /**
   * The answer depends only on the query and the scope's data version: the gateway sends it from stored bytes
   * (compressed as the client accepts) with an ETag and Cache-Control, and answers If-None-Match with 304.
   */
  readonly versioned?: AnswerScope;
  /** The gateway adds the address it saw the request come from as `client_ip` (behind TRUST_PROXY, from X-Forwarded-For). */
  readonly clientIp?: boolean;
  /**
   * The gateway adds the origin the browser used as `site_origin` (the request's own when its host is PUBLIC_URL's or
   * this machine's, else PUBLIC_URL's), for links that must bring the browser back to the address it opened.
   */
  readonly siteOrigin?: boolean;
  /**
   * A premium tool behind this route: when `appliesTo` holds for the validated input, the gateway lets the request
   * through only for a logged-in user whose premium is active on the device named by the X-Device-Fingerprint header.
   */
  readonly premiumTool?: PremiumToolGate;
  /** Request timeout the client applies (documented in OpenAPI). */
  readonly clientTimeoutMs?: number;
  /**
   * The largest JSON body this route takes, in bytes, for the few routes that carry a file: every other route keeps
   * the gateway's 64 kB, so a large body costs memory only where one is expected.
   */
  readonly bodyLimitBytes?: number;
};

/**
 * Which requests of a route use a premium tool. `appliesTo` reads the route's validated input (typed where the route
 * is declared: a function of any input type fits `never`).
 */
export type PremiumToolGate = { readonly tool: PremiumToolKey; readonly appliesTo: (input: never) => boolean };

/** Declares one HTTP route of the public API. */
export const defineRoute = <D extends RouteDefinition>(definition: D): D => definition;
