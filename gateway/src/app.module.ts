import { Inject, Module, type DynamicModule, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { Logger } from '@nivesh/platform';
import type Redis from 'ioredis';
import { RouteAccess } from './auth/route-access';
import { SessionVerifier } from './auth/session-verifier.service';
import type { Config } from './config';
import { HealthController } from './health/health.controller';
import { HubStreamRoutes } from './hub/hub-stream.routes';
import { PgPostgresProbe, PostgresProbe } from './health/postgres-probe';
import { ReadinessService } from './health/readiness.service';
import { ErrorReplies } from './errors/error-replies';
import { GatewayExceptionFilter } from './exception.filter';
import { MetricsController } from './metrics/metrics.controller';
import { MetricsService } from './metrics/metrics.service';
import { RateLimits } from './rate-limit/rate-limits';
import { PremiumToolGate } from './premium/premium-tool-gate';
import { ApiRoutes } from './routes/api-routes';
import { Forwarder } from './routes/forwarded-routes';
import { SystemRoutes } from './routes/system.routes';
import { StoredAnswers } from './answers/stored-answers.service';
import { RedisStreamsRpcGateway, RpcGateway } from './rpc/rpc-gateway';
import { CONFIG, LOGGER, REDIS } from './tokens';
import { WebApp } from './spa/web-app.service';
import { DevMailboxController } from './dev/dev-mailbox.controller';
import { DevCheckoutController } from './payments/dev-checkout.controller';
import { PaymentWebhookController } from './payments/payment-webhook.controller';
import { VisitorRoutes } from './visitor/visitor.routes';
import { AdminQueuesRoutes } from './admin/admin-queues.routes';
import { QueueBoard } from './admin/queue-board';
import { VisitorEvents } from './visitor/visitor-events.service';
import { BlogFeedsController, PublishedPosts } from './blog/blog-feeds.controller';

const OWNS_REDIS = Symbol('OWNS_REDIS');

export type GatewayModuleOptions = {
  config: Config;
  logger: Logger;
  redis: Redis;
  /** Whether the app closes `redis` when it shuts down (not when a caller lent it). */
  ownsRedis: boolean;
  rpc?: RpcGateway;
  postgres?: PostgresProbe;
};

@Module({})
export class AppModule implements OnApplicationShutdown {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(OWNS_REDIS) private readonly ownsRedis: boolean,
  ) {}

  static forRoot(options: GatewayModuleOptions): DynamicModule {
    const providers: Provider[] = [
      { provide: CONFIG, useValue: options.config },
      { provide: LOGGER, useValue: options.logger },
      { provide: REDIS, useValue: options.redis },
      { provide: OWNS_REDIS, useValue: options.ownsRedis },
      options.rpc ? { provide: RpcGateway, useValue: options.rpc } : { provide: RpcGateway, useClass: RedisStreamsRpcGateway },
      options.postgres ? { provide: PostgresProbe, useValue: options.postgres } : { provide: PostgresProbe, useClass: PgPostgresProbe },
      MetricsService,
      StoredAnswers,
      Forwarder,
      PremiumToolGate,
      VisitorEvents,
      QueueBoard,
      PublishedPosts,
      WebApp,
      SessionVerifier,
      ReadinessService,
      // The API's routes: mounted on fastify by ApiRoutes (app.ts), each with its rate limits, access check and errors.
      RateLimits,
      RouteAccess,
      ErrorReplies,
      SystemRoutes,
      VisitorRoutes,
      HubStreamRoutes,
      AdminQueuesRoutes,
      ApiRoutes,
      { provide: APP_FILTER, useClass: GatewayExceptionFilter },
    ];
    return {
      module: AppModule,
      controllers: [
        // What is not a route of proto's route table: probes, metrics, the payment webhook, the blog's feeds.
        HealthController,
        MetricsController,
        PaymentWebhookController,
        BlogFeedsController,
        // The development mailbox and the payment simulator's checkout page exist only outside production.
        ...(options.config.NODE_ENV === 'production' ? [] : [DevMailboxController, DevCheckoutController]),
      ],
      providers,
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.ownsRedis && this.redis.status !== 'end') await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
