import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { buildOpenApiDocument, DEV_CHECKOUT_PATH, DomainError, PAYMENT_WEBHOOK_PATH } from '@nivesh/proto';
import {
  createLogger,
  endRequestTrace,
  flushTelemetry,
  inRequestTrace,
  PinoNestLogger,
  createRedis,
  requestLogger,
  startRequestTrace,
  tieLoggerToSpan,
  traceResponseOf,
  type Logger,
  type RequestTrace,
} from '@nivesh/platform';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { constants as zlib } from 'node:zlib';
import Redis from 'ioredis';
import { AppModule } from './app.module';
import { ApiRoutes } from './routes/api-routes';
import type { Config } from './config';
import type { PostgresProbe } from './health/postgres-probe';
import { MetricsService } from './metrics/metrics.service';
import { keepRawBody } from './payments/raw-body';
import type { RpcGateway } from './rpc/rpc-gateway';
import { contentSecurityPolicy, DOCS_CSP, isJsonAnswer, staticSecurityHeaders } from './spa/csp';
import { QueueBoard } from './admin/queue-board';
import { WebApp } from './spa/web-app.service';

/** Seams a test may replace (its RPC, Redis, PostgreSQL probe, and where its lines go); everything else is built from the config. */
export type GatewayOverrides = { rpc?: RpcGateway; redis?: Redis; postgres?: PostgresProbe; logDestination?: Parameters<typeof createLogger>[2] };

/** The JSON body limit of every route that does not declare its own `bodyLimitBytes` (the trade-book import does). */
export const BODY_LIMIT_BYTES = 64 * 1024;
export const DOCS_PREFIX = '/api/docs';
const REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A caller's own request id when it is sane, so one id follows a request through proxies and logs. */
export const requestIdOf = (request: IncomingMessage): string => {
  const header = request.headers['x-request-id'];
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
};

const appVersion = (): string => {
  try {
    const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8')) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
};

const connectRedis = async (url: string): Promise<Redis> => {
  // No offline queue: while Redis is away, commands fail at once (503s, in-memory rate limits)
  // instead of piling up behind a reconnect.
  // Auto-pipelining batches the rate limiter's per-request commands into one write per tick.
  const redis = createRedis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: true, enableAutoPipelining: true }, 'gateway');
  await redis.connect();
  return redis;
};

/** Routes whose handler verifies a signature over the exact bytes of the body. */
const KEEPS_RAW_BODY = new Set([PAYMENT_WEBHOOK_PATH]);

/**
 * JSON bodies only (plus text/plain for beacons, parsed by the route); an empty body is no body. The payment
 * simulator's checkout forms post an empty urlencoded body, accepted on its pages only.
 */
const registerJsonParser = (fastify: FastifyInstance): void => {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (request, body, done) => {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
    if (KEEPS_RAW_BODY.has(request.url.split('?', 1)[0]!)) keepRawBody(request, bytes);
    const text = bytes.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, (error: Error | null, value?: unknown) => {
      if (error) done(new DomainError('bad_request', 'Malformed JSON body'), undefined);
      else done(null, value);
    });
  });
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (request, _body, done) => {
    if (request.url.startsWith(`${DEV_CHECKOUT_PATH}/`)) done(null, undefined);
    else done(new DomainError('bad_request', 'Send the request body as JSON.'), undefined);
  });
};

/** What a request that arrives while the gateway shuts down is told (fastify's own 503 body has no `detail`). */
export const CLOSING_DETAIL = 'Nivesh is restarting. Try again in a moment.';

/** Where a request keeps its trace, from the making of its logger to its last hook. */
const REQUEST_TRACE = Symbol('nivesh.requestTrace');
type TracedRaw = IncomingMessage & { [REQUEST_TRACE]?: RequestTrace };

/**
 * A request's own logger (fastify makes it before anything else of the request, and writes `incoming request` with it
 * before any hook runs). The request's span starts here and the logger is tied to it, so each of the request's lines
 * names its trace, the first one included.
 */
const tracedRequestLogger = (parent: FastifyBaseLogger, bindings: { reqId?: unknown }, _options: unknown, raw: TracedRaw): Logger => {
  const logger = requestLogger(parent as Logger, bindings);
  const requestTrace = startRequestTrace(raw.method ?? 'GET', raw.headers);
  raw[REQUEST_TRACE] = requestTrace;
  tieLoggerToSpan(logger, requestTrace.span);
  return logger;
};

/**
 * Each request is a SERVER span (continuing the browser's `traceparent`), started with its logger and active from the
 * first hook on, so the request's RPC calls, queued jobs and log lines join its trace. The response names the span in
 * `traceresponse`, and the access log lines (the last written once the response is sent, outside the span's context)
 * carry its ids.
 */
const registerTracing = (fastify: FastifyInstance): void => {
  fastify.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw as TracedRaw;
    const requestTrace = (raw[REQUEST_TRACE] ??= startRequestTrace(request.method, request.headers));
    const traceResponse = traceResponseOf(requestTrace);
    if (traceResponse) reply.header('traceresponse', traceResponse);
    inRequestTrace(requestTrace, done);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const requestTrace = (request.raw as TracedRaw)[REQUEST_TRACE];
    // Only a recorded span is named by its route (routeOptions builds an object on every read).
    if (requestTrace?.span.isRecording()) endRequestTrace(requestTrace, request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode);
    done();
  });
  // Spans still buffered leave before the process does.
  fastify.addHook('onClose', (_instance, done) => {
    flushTelemetry().then(() => done(), done);
  });
};

const registerHooks = (fastify: FastifyInstance, metrics: MetricsService): void => {
  const securityHeaders = staticSecurityHeaders();
  let closing = false;
  fastify.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  registerTracing(fastify);
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders.every);
    reply.header('x-request-id', request.id);
    if (closing) {
      void reply.code(503).header('connection', 'close').header('retry-after', '5').send({ detail: CLOSING_DETAIL });
      return;
    }
    done();
  });
  // A response gets the headers and the policy for what it carries; Swagger UI sets its own policy.
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    const contentType = String(reply.getHeader('content-type') ?? '');
    if (!isJsonAnswer(contentType)) reply.headers(securityHeaders.documents);
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', contentSecurityPolicy(contentType, reply.raw));
    done(null, payload);
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.observeHttp(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
};

/**
 * Brotli or gzip, as the client accepts, for answers of 1 kB and more that are not compressed already (versioned
 * answers and the web app's assets carry their precompressed bytes). Brotli quality 4: per-request compression
 * must cost less than the bytes it saves.
 */
const registerCompression = async (fastify: FastifyInstance): Promise<void> => {
  await fastify.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } },
  });
};

const registerDocs = async (fastify: FastifyInstance): Promise<void> => {
  const document = buildOpenApiDocument({ title: 'Nivesh API', version: appVersion() });
  await fastify.register(fastifySwagger, { mode: 'static', specification: { document: document as never } });
  await fastify.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: DOCS_CSP,
    uiConfig: { deepLinking: true, persistAuthorization: false },
  });
};

/**
 * Builds the gateway and initialises it without listening: tests use `inject`, main.ts listens.
 */
export async function createGatewayApp(config: Config, overrides: GatewayOverrides = {}): Promise<NestFastifyApplication> {
  const logger = createLogger('gateway', config.LOG_LEVEL, overrides.logDestination);
  const redis = overrides.redis ?? (await connectRedis(config.REDIS_URL));

  try {
    return await buildApp(config, logger, redis, overrides);
  } catch (error) {
    if (!overrides.redis) redis.disconnect();
    throw error;
  }
}

const buildApp = async (config: Config, logger: Logger, redis: Redis, overrides: GatewayOverrides): Promise<NestFastifyApplication> => {
  const adapter = new FastifyAdapter({
    loggerInstance: logger,
    genReqId: requestIdOf,
    // The loggers are the pino logger given above (fastify types them as its own base logger).
    childLoggerFactory: tracedRequestLogger,
    requestIdHeader: false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: BODY_LIMIT_BYTES,
    // Our onRequest hook answers requests during shutdown with a {detail} body instead.
    return503OnClosing: false,
    // Requests fastify refuses before routing (undecodable URL and the like) still get a {detail} body.
    frameworkErrors: (error: { code?: string }, request: { id: string }, reply: { raw: ServerResponse }) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const body = JSON.stringify({ detail: tooLong ? 'URL too long' : 'Malformed URL' });
      reply.raw
        .writeHead(tooLong ? 414 : 400, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'x-request-id': request.id })
        .end(body);
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot({ config, logger, redis, ownsRedis: !overrides.redis, rpc: overrides.rpc, postgres: overrides.postgres }),
    adapter,
    { logger: new PinoNestLogger(logger), bodyParser: false, abortOnError: false },
  );

  // Nest bundles its own copy of fastify's types; plugin type augmentations target the root copy.
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  registerHooks(fastify, app.get(MetricsService));
  registerJsonParser(fastify);
  await registerCompression(fastify);
  app.get(ApiRoutes).register(fastify);
  await registerDocs(fastify);
  await app.get(QueueBoard).register(fastify);
  await app.get(WebApp).register(fastify);

  await app.init();
  await fastify.ready();
  return app;
};
