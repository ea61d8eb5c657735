import { defineRoute } from './http';
import type { RpcDefinition, ServiceName } from './rpc';
import { PingResultSchema } from './rpc';
import { ADMIN_ROUTES } from './contracts/admin';
import { ANALYTICS_ROUTES } from './contracts/analytics';
import { AUTH, AUTH_ROUTES } from './contracts/auth';
import { CHAT, CHAT_ROUTES } from './contracts/chat';
import { MARKET, MARKET_ROUTES } from './contracts/market';
import { NEWS, NEWS_ROUTES } from './contracts/news';
import { HUB, HUB_ROUTES } from './contracts/hub';
import { BLOG_ROUTES, CONTENT } from './contracts/blog';
import { PORTFOLIO, PORTFOLIO_ROUTES } from './contracts/portfolio';
import { PREDICTION, PREDICTION_ROUTES } from './contracts/prediction';
import { PREMIUM, PREMIUM_ROUTES } from './contracts/premium';
import { SystemPingQuerySchema, SystemStatusResponseSchema } from './contracts/system';
import { ComplianceSchema } from './contracts/compliance';
import { EmptyBodySchema } from './contracts/common';
import { TRACKING } from './contracts/tracking';
import { VISITOR_ROUTES } from './contracts/visitor';
import { SYSTEM_PATHS } from './values/system';

/**
 * GET /api/system/ping: the gateway sends `<service>.ping` to the service named in the query; /api/system/compliance: the
 * compliance profile, from the gateway's own settings; /api/system/status: admins' view.
 */
export const SYSTEM_ROUTES = {
  systemPing: defineRoute({
    method: 'GET',
    path: SYSTEM_PATHS.systemPing,
    tag: 'system',
    summary: 'Round-trip an RPC ping through one service (default tracking).',
    auth: 'none',
    input: SystemPingQuerySchema,
    response: PingResultSchema,
    // Cheap by design (smoke tests and bench:rpc use it): only the global per-address limit applies.
  }),
  systemCompliance: defineRoute({
    method: 'GET',
    path: SYSTEM_PATHS.systemCompliance,
    tag: 'system',
    summary: "The compliance profile this deployment runs under (SEBI's rules on price data in education), and its date rules.",
    auth: 'none',
    input: EmptyBodySchema,
    response: ComplianceSchema,
  }),
  systemStatus: defineRoute({
    method: 'GET',
    path: SYSTEM_PATHS.systemStatus,
    tag: 'system',
    summary: 'Admin: whether PostgreSQL, Redis and each service answer, and how many features each has built.',
    auth: 'admin',
    input: EmptyBodySchema,
    response: SystemStatusResponseSchema,
  }),
};

/** Every HTTP route of the public API (besides /healthz, /readyz, /metrics and the SPA). */
export const ROUTES = {
  ...AUTH_ROUTES,
  ...PREMIUM_ROUTES,
  ...CHAT_ROUTES,
  ...HUB_ROUTES,
  ...PREDICTION_ROUTES,
  ...ANALYTICS_ROUTES,
  ...ADMIN_ROUTES,
  ...VISITOR_ROUTES,
  ...MARKET_ROUTES,
  ...NEWS_ROUTES,
  ...PORTFOLIO_ROUTES,
  ...BLOG_ROUTES,
  ...SYSTEM_ROUTES,
};
export type RouteName = keyof typeof ROUTES;

/** Every RPC pattern, grouped by the service that answers it. */
export const RPC = {
  auth: AUTH,
  premium: PREMIUM,
  chat: { ...CHAT, ...HUB },
  prediction: PREDICTION,
  tracking: TRACKING,
  market: { ...MARKET, ...NEWS },
  portfolio: PORTFOLIO,
  content: CONTENT,
} satisfies Record<ServiceName, Record<string, RpcDefinition>>;

/** The patterns one service must answer. */
export const patternsOf = (service: ServiceName): RpcDefinition[] => Object.values(RPC[service]);
