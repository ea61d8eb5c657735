/**
 * A small service on the Redis Streams transport used by the transport's integration tests and
 * `npm run bench:rpc`. Run as its own process: `node platform/dist/testing/echo-service.js`.
 */
import 'reflect-metadata';
import { Controller, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import Redis from 'ioredis';
import { z } from 'zod';
import { DomainError, defineRpc, type ServiceName } from '@nivesh/proto';
import { createLogger, PinoNestLogger } from '../logger';
import { redisOptions } from '../redis-options';
import { RedisStreamsContext, RedisStreamsServer } from '../redis-streams.server';
import { DomainRpcExceptionFilter } from '../rpc-exception.filter';

const service = 'echo' as ServiceName;

const WorkSchema = z.object({
  n: z.number().int(),
  /** Waits without blocking the event loop. */
  sleep_ms: z.number().int().min(0).max(10_000).default(0),
  /** Blocks the event loop, as a long synchronous computation would. */
  block_ms: z.number().int().min(0).max(10_000).default(0),
});
type Work = z.infer<typeof WorkSchema>;
const WorkResultSchema = z.object({ n: z.number().int(), instance: z.string() });

export const ECHO = {
  ping: defineRpc(service, 'ping', z.object({}), z.object({ pong: z.literal(true), instance: z.string() })),
  work: defineRpc(service, 'work', WorkSchema, WorkResultSchema),
  /** Like work, but marked as having side effects: it runs at most once per request. */
  record: defineRpc(service, 'record', WorkSchema, WorkResultSchema, { sideEffects: true }),
  fail: defineRpc(service, 'fail', z.object({ kind: z.enum(['domain', 'crash']) }), z.object({})),
  breakContract: defineRpc(service, 'breakContract', z.object({}), z.object({ must: z.string() })),
};

/**
 * Redis list where the service records every request it starts, as "requestId|instance|n". Started under a
 * parent with an IPC channel, it also sends the parent a `StartedMessage` once the start is recorded.
 */
export const startedKey = (prefix: string) => `${prefix}:test:started`;

export type StartedMessage = { started: number };

const REDIS = Symbol('REDIS');
const PREFIX = Symbol('PREFIX');

@Controller()
class EchoController {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(PREFIX) private readonly prefix: string,
  ) {}

  @MessagePattern(ECHO.ping.pattern)
  ping(@Ctx() context: RedisStreamsContext) {
    return { pong: true as const, instance: context.instance };
  }

  @MessagePattern(ECHO.work.pattern)
  work(@Payload() payload: Work, @Ctx() context: RedisStreamsContext) {
    return this.run(payload, context);
  }

  @MessagePattern(ECHO.record.pattern)
  record(@Payload() payload: Work, @Ctx() context: RedisStreamsContext) {
    return this.run(payload, context);
  }

  @MessagePattern(ECHO.fail.pattern)
  fail(@Payload() payload: { kind: 'domain' | 'crash' }) {
    if (payload.kind === 'domain') throw new DomainError('conflict', 'Username already exists', { field: 'username' });
    throw new Error('database password=hunter2 leaked in a stack trace');
  }

  @MessagePattern(ECHO.breakContract.pattern)
  breakContract() {
    return { wrong: 1 };
  }

  private async run(payload: Work, context: RedisStreamsContext) {
    await this.redis.rpush(startedKey(this.prefix), `${context.requestId}|${context.instance}|${payload.n}`);
    process.send?.({ started: payload.n } satisfies StartedMessage);
    if (payload.block_ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, payload.block_ms);
    if (payload.sleep_ms > 0) await new Promise((resolve) => setTimeout(resolve, payload.sleep_ms));
    return { n: payload.n, instance: context.instance };
  }
}

/** Closes the service's Redis connection with the app, so a test process that runs the service beside its tests can end. */
@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}

export type EchoServiceOptions = { redisUrl: string; prefix: string; instanceId: string; concurrency: number; logLevel?: string };

export const startEchoService = async (options: EchoServiceOptions) => {
  @Module({
    controllers: [EchoController],
    providers: [
      { provide: REDIS, useFactory: () => new Redis(options.redisUrl, redisOptions({ enableAutoPipelining: true })) },
      { provide: PREFIX, useValue: options.prefix },
      RedisCloser,
    ],
  })
  class EchoModule {}

  const logger = createLogger('echo', options.logLevel ?? 'warn');
  const server = new RedisStreamsServer({
    redisUrl: options.redisUrl,
    prefix: options.prefix,
    service,
    patterns: Object.values(ECHO),
    concurrency: options.concurrency,
    instanceId: options.instanceId,
    shutdownTimeoutMs: 5_000,
  });
  const app = await NestFactory.createMicroservice(EchoModule, { strategy: server, logger: new PinoNestLogger(logger) });
  app.useGlobalFilters(new DomainRpcExceptionFilter(logger));
  await app.listen();
  return { app, server };
};

if (require.main === module) {
  const env = z
    .object({
      REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
      REDIS_PREFIX: z.string().min(1),
      INSTANCE_ID: z.string().min(1),
      RPC_CONCURRENCY: z.coerce.number().int().default(64),
      LOG_LEVEL: z.string().default('warn'),
    })
    .parse(process.env);
  startEchoService({
    redisUrl: env.REDIS_URL,
    prefix: env.REDIS_PREFIX,
    instanceId: env.INSTANCE_ID,
    concurrency: env.RPC_CONCURRENCY,
    logLevel: env.LOG_LEVEL,
  }).then(
    ({ app }) => {
      process.stdout.write('READY\n');
      process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
