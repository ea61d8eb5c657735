import path from 'node:path';
import { z } from 'zod';
import { BaseConfigSchema, COMPLIANCE_CONFIG, checkComplianceConfig, envFlag, loadConfigOrExit } from '@nivesh/platform';

/** The gateway's settings; this file is the only reader of `process.env`. */
export const ConfigSchema = BaseConfigSchema.extend({
  PORT: z.coerce.number().int().min(1).max(65_535).default(8080),
  /** The address to listen on; unset, see `listenHost`. */
  HOST: z.string().min(1).optional(),
  /** HMAC key of the access tokens (HS256); shared with services/auth, which signs them. */
  JWT_SECRET: z.string().min(32, { error: 'JWT_SECRET must be at least 32 characters' }),
  JWT_ISSUER: z.string().min(1).default('nivesh'),
  JWT_AUDIENCE: z.string().min(1).default('nivesh-web'),
  /** The built web app (vite's output). */
  WEB_DIST_DIR: z.string().min(1).default(path.resolve(__dirname, '../../web/dist')),
  /** Honour X-Forwarded-For: only behind a reverse proxy that sets it. */
  TRUST_PROXY: envFlag('false'),
  /** Requests per minute one client IP may make across the API. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Memory this gateway keeps stored answers of versioned routes in (the rest are read from Redis). */
  ANSWER_MEMORY_MB: z.coerce.number().int().min(1).max(4096).default(64),
  /** The secret payment webhooks are signed with (the premium service holds the same); unset, the webhook route answers 503. */
  PAYMENT_WEBHOOK_SECRET: z.string().min(16, { error: 'PAYMENT_WEBHOOK_SECRET must be at least 16 characters' }).optional(),
  /** The address people open Nivesh at: the blog's RSS feed and the sitemap write their links with it. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** Bearer token the monitoring system sends for /metrics; unset, /metrics answers clients on this machine only. */
  METRICS_TOKEN: z.string().min(16, { error: 'METRICS_TOKEN must be at least 16 characters' }).optional(),
  ...COMPLIANCE_CONFIG,
}).superRefine(checkComplianceConfig);
export type Config = z.output<typeof ConfigSchema>;

/**
 * Where the gateway listens: HOST when set; otherwise every interface in production (a container's port is
 * published from outside it) and this machine only elsewhere, so `npm start` on a shared network does not serve
 * the development mailbox and the payment simulator to it.
 */
export const listenHost = (config: Pick<Config, 'HOST' | 'NODE_ENV'>): string =>
  config.HOST ?? (config.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1');

export const loadConfig = (): Config => loadConfigOrExit(ConfigSchema, process.env);
