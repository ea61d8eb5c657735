import { Inject, Module, type DynamicModule, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import type { Logger } from '@nivesh/platform';
import type Redis from 'ioredis';
import { AdminGuard } from './auth/admin.guard';
import { SessionGuard } from './auth/session.guard';
import { SessionVerifier } from './auth/session-verifier.service';
import type { Config } from './config';
import { HealthController } from './health/health.controller';
import { HubStreamController } from './hub/hub-stream.controller';
import { PgPostgresProbe, PostgresProbe } from './health/postgres-probe';
import { ReadinessService } from './health/readiness.service';
import { GatewayExceptionFilter } from './exception.filter';
import { MetricsController } from './metrics/metrics.controller';
import { MetricsService } from './metrics/metrics.service';
import { RateLimitGuard } from './rate-limit/rate-limit.guard';
import { PremiumToolGate } from './premium/premium-tool-gate';
import { Forwarder, forwardedRoutesController } from './routes/forwarded-routes';
import { SystemController } from './routes/system.controller';
import { StoredAnswers } from './answers/stored-answers.service';
import { RedisStreamsRpcGateway, RpcGateway } from './rpc/rpc-gateway';
import { CONFIG, LOGGER, REDIS } from './tokens';
import { WebApp } from './spa/web-app.service';
import { DevMailboxController } from './dev/dev-mailbox.controller';
import { DevCheckoutController } from './payments/dev-checkout.controller';
import { PaymentWebhookController } from './payments/payment-webhook.controller';
import { VisitorController } from './visitor/visitor.controller';
import { AdminQueuesController } from './admin/admin-queues.controller';
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
      SessionGuard,
      AdminGuard,
      ReadinessService,
      { provide: APP_GUARD, useClass: RateLimitGuard },
      { provide: APP_FILTER, useClass: GatewayExceptionFilter },
    ];
    return {
      module: AppModule,
      controllers: [
        // Every route of proto's route table that forwards to a service, generated from the table.
        forwardedRoutesController(),
        SystemController,
        HealthController,
        MetricsController,
        PaymentWebhookController,
        VisitorController,
        AdminQueuesController,
        HubStreamController,
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
