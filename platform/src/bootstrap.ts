import type { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type RpcDefinition, type ServiceName, patternsOf } from '@nivesh/proto';
import type { ServiceConfig } from './config';
import type { ServiceRoot } from './service-platform.module';
import { createLogger, PinoNestLogger } from './logger';
import { startMetricsServer, type MetricsServer } from './metrics';
import { RedisStreamsServer } from './redis-streams.server';
import { DomainRpcExceptionFilter } from './rpc-exception.filter';
import { flushTelemetry, initTelemetry, otlpTracesUrl } from './telemetry';

export type StartServiceOptions = {
  service: ServiceName;
  module: Type | DynamicModule;
  config: ServiceConfig;
  /** Patterns of this service whose feature is not built yet; they answer `not_implemented` (501). */
  notImplemented?: readonly RpcDefinition[];
  /** Instance name; unique per process by default. */
  instanceId?: string;
  /** Listen for SIGTERM/SIGINT and exit when closed (false in tests). */
  handleSignals?: boolean;
};

/**
 * Starts a service as a NestJS microservice on the Redis Streams transport, traced (`initTelemetry`) and, with
 * METRICS_PORT set, serving Prometheus metrics. Boot fails when a pattern of the service's contract has no handler.
 * On SIGTERM it stops taking requests, finishes those in flight, then closes queues and connections and sends the
 * spans still buffered.
 */
export const startService = async (
  options: StartServiceOptions,
): Promise<{ app: INestMicroservice; server: RedisStreamsServer; metrics?: MetricsServer }> => {
  const { config, service } = options;
  initTelemetry({ serviceName: `nivesh-${service}`, otlpTracesUrl: otlpTracesUrl(config), disabled: config.OTEL_SDK_DISABLED, sampleRatio: config.OTEL_TRACES_SAMPLER_ARG });
  const logger = createLogger(service, config.LOG_LEVEL);
  const server = new RedisStreamsServer({
    redisUrl: config.REDIS_URL,
    prefix: config.REDIS_PREFIX,
    service,
    patterns: patternsOf(service),
    notImplemented: options.notImplemented,
    concurrency: config.RPC_CONCURRENCY,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    instanceId: options.instanceId,
  });
  const app = await NestFactory.createMicroservice(options.module, { strategy: server, logger: new PinoNestLogger(logger) });
  app.useGlobalFilters(new DomainRpcExceptionFilter(logger));
  await app.listen();
  const metrics = config.METRICS_PORT === undefined ? undefined : await startMetricsServer({ port: config.METRICS_PORT, host: config.METRICS_HOST });
  logger.info({ instance: server.instanceId, metrics_port: metrics?.port }, `${service} service ready`);

  if (options.handleSignals !== false) {
    let stopping = false;
    const stop = (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, `${service} service stopping`);
      // A hung close must not keep a stopped service alive forever.
      setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS + 5_000).unref();
      app
        .close()
        .then(() => Promise.all([metrics?.close(), flushTelemetry()]))
        .then(
          () => process.exit(0),
          (error: unknown) => {
            logger.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  }
  return { app, server, metrics };
};

/**
 * A service's `main`: starts the service its root module names with this configuration, and exits with status 1 if
 * it cannot start (the reason on standard error). Patterns whose feature is not built yet are named in `notImplemented`.
 */
export const runService = <C extends ServiceConfig>(root: ServiceRoot<C>, config: C, options: Pick<StartServiceOptions, 'notImplemented'> = {}): void => {
  startService({ ...options, service: root.service, module: root.register(config), config }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
};
