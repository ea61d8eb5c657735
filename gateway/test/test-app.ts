import { randomBytes } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, MessagePattern } from '@nestjs/microservices';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  DomainError,
  isFeaturePattern,
  patternsOf,
  sessionKey,
  systemPatterns,
  type HealthResult,
  type PingResult,
  type RpcDefinition,
  type ServiceName,
  type SessionRecord,
} from '@nivesh/proto';
import { parseConfig, RedisStreamsServer } from '@nivesh/platform';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import type { z } from 'zod';
import { createGatewayApp } from '../src/app';
import { ConfigSchema, type Config } from '../src/config';
import type { PostgresProbe } from '../src/health/postgres-probe';
import { RpcGateway, type RpcCallOptions } from '../src/rpc/rpc-gateway';

export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-0123456789';

export type RecordedCall = { pattern: string; payload: unknown; options?: RpcCallOptions };
type Handler = (payload: unknown) => unknown;

/** Answers RPC calls from handlers set per pattern; health and ping answer 'ok' unless told otherwise. */
export class FakeRpc extends RpcGateway {
  readonly calls: RecordedCall[] = [];
  private readonly handlers = new Map<string, Handler>();

  on(pattern: string, handler: Handler): this {
    this.handlers.set(pattern, handler);
    return this;
  }

  reset(): void {
    this.calls.length = 0;
    this.handlers.clear();
  }

  lastCall(pattern: string): RecordedCall | undefined {
    return [...this.calls].reverse().find((call) => call.pattern === pattern);
  }

  async call<D extends RpcDefinition>(def: D, payload: z.input<D['payload']>, options?: RpcCallOptions): Promise<z.output<D['result']>> {
    this.calls.push({ pattern: def.pattern, payload, options });
    // The real client validates payloads; so does the fake, so a controller cannot send a wrong shape.
    const parsed = def.payload.safeParse(payload);
    if (!parsed.success) throw new DomainError('validation_failed', `fake rpc: ${parsed.error.issues[0]?.message}`);
    const handler = this.handlers.get(def.pattern);
    if (handler) return (await handler(parsed.data)) as z.output<D['result']>;
    if (def.pattern.endsWith('.health')) {
      return { service: def.service, status: 'ok', instance: 'fake', uptime_s: 1, checks: {} } as z.output<D['result']>;
    }
    if (def.pattern.endsWith('.ping')) return { pong: true, service: def.service, instance: 'fake' } as z.output<D['result']>;
    return { forwarded: def.pattern } as z.output<D['result']>;
  }
}

export class FakePostgres implements PostgresProbe {
  up = true;
  async ping(): Promise<void> {
    if (!this.up) throw new Error('connection refused');
  }
}

/** A built web app in a temp folder: index.html with vite's nonce placeholder, a hashed asset, sw.js. */
export const makeWebDist = (): string => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gw-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__">' +
      '<script type="module" src="/assets/app-abc123.js" nonce="__CSP_NONCE__"></script>' +
      '<link rel="stylesheet" href="/assets/app-abc123.css" nonce="__CSP_NONCE__"></head>' +
      '<body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app");');
  writeFileSync(path.join(dir, 'assets', 'app-abc123.css'), 'body{}');
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n');
  return dir;
};

export const testPrefix = (): string => `gwtest-${randomBytes(5).toString('hex')}`;

export const testConfig = (env: Record<string, string> = {}): Config =>
  parseConfig(ConfigSchema, {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: testPrefix(),
    JWT_SECRET: TEST_JWT_SECRET,
    ...env,
  });

export type TestGateway = {
  app: NestFastifyApplication;
  fastify: FastifyInstance;
  config: Config;
  rpc: FakeRpc;
  postgres: FakePostgres;
  redis: Redis;
  webDist: string;
  /** Stores a live session in Redis, as services/auth would. */
  putSession: (sessionId: string, record: Partial<SessionRecord> & { user_id: string }) => Promise<void>;
  close: () => Promise<void>;
};

/** What fastify warns when a route sends a second answer on a reply already sent. */
const SENT_TWICE = 'Reply was already sent';

/**
 * The real gateway with a fake RPC seam and fake PostgreSQL probe, on the local Redis under a fresh prefix. Its
 * warnings are kept, and `close` fails when any request was answered twice: the client still gets the first answer,
 * so only the log shows it.
 */
export const startTestGateway = async (env: Record<string, string> = {}): Promise<TestGateway> => {
  const webDist = env.WEB_DIST_DIR ?? makeWebDist();
  const config = testConfig({ WEB_DIST_DIR: webDist, LOG_LEVEL: 'warn', ...env });
  const rpc = new FakeRpc();
  const postgres = new FakePostgres();
  const sentTwice: string[] = [];
  const logDestination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const line = chunk.toString();
      if (line.includes(SENT_TWICE)) sentTwice.push(line);
      done();
    },
  });
  const app = await createGatewayApp(config, { rpc, postgres, logDestination });
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const redis = new Redis(config.REDIS_URL);

  const putSession: TestGateway['putSession'] = async (sessionId, record) => {
    const now = Date.now();
    const full: SessionRecord = {
      username: 'asha',
      is_admin: false,
      is_premium: false,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + 3_600_000).toISOString(),
      ...record,
    };
    await redis.set(sessionKey(config.REDIS_PREFIX, sessionId), JSON.stringify(full), 'EX', 3_600);
  };

  const close = async () => {
    await app.close();
    const keys = await redis.keys(`${config.REDIS_PREFIX}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    if (!env.WEB_DIST_DIR) rmSync(webDist, { recursive: true, force: true });
    if (sentTwice.length > 0) throw new Error(`The gateway answered ${sentTwice.length} request(s) twice; the first: ${sentTwice[0]}`);
  };

  return { app, fastify, config, rpc, postgres, redis, webDist, putSession, close };
};

/** Mints an access token the way services/auth does (HS256 with the shared secret). */
export const mintToken = async (
  claims: { sub: string; sid: string },
  options: { secret?: string; alg?: string; issuer?: string; audience?: string; expiresIn?: string | number } = {},
): Promise<string> => {
  const { SignJWT } = await import('jose');
  const key = new TextEncoder().encode(options.secret ?? TEST_JWT_SECRET);
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: options.alg ?? 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(options.issuer ?? 'nivesh')
    .setAudience(options.audience ?? 'nivesh-web')
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '1h')
    .sign(key);
};

/**
 * A stand-in for a service on the real Redis Streams transport: it answers health and ping (calling `onPing` inside
 * the handler, e.g. to see the span it runs in) and, like a fresh service, not_implemented for its features.
 */
export const standInService = async (service: ServiceName, redisUrl: string, prefix: string, onPing: () => void = () => undefined): Promise<INestMicroservice> => {
  const patterns = systemPatterns(service);

  @Controller()
  class SystemController {
    @MessagePattern(patterns.health.pattern)
    health(_payload: unknown, @Ctx() context: { instance: string }): HealthResult {
      return { service, status: 'ok', instance: context.instance, uptime_s: 0, checks: {} };
    }

    @MessagePattern(patterns.ping.pattern)
    ping(_payload: unknown, @Ctx() context: { instance: string }): PingResult {
      onPing();
      return { pong: true, service, instance: context.instance };
    }
  }

  @Module({ controllers: [SystemController] })
  class StandInModule {}

  const strategy = new RedisStreamsServer({
    redisUrl,
    prefix,
    service,
    patterns: patternsOf(service),
    notImplemented: patternsOf(service).filter(isFeaturePattern),
  });
  const app = await NestFactory.createMicroservice(StandInModule, { strategy, logger: false });
  await app.listen();
  return app;
};
