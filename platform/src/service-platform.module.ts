import { Controller, Global, Inject, Injectable, Module, type DynamicModule, type OnApplicationShutdown, type Provider, type Type } from '@nestjs/common';
import { Ctx, MessagePattern } from '@nestjs/microservices';
import { TypeOrmModule } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { systemPatterns, type HealthResult, type PingResult, type ServiceName } from '@nivesh/proto';
import type { ServiceConfig } from './config';
import { serviceDataSourceOptions, type ServiceDatabase } from './database';
import { createRedis } from './redis-options';
import { RedisStreamsContext } from './redis-streams.server';

/** Injection tokens shared by every service. */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
export const REDIS = Symbol('REDIS');

export type ServicePlatformOptions = {
  service: ServiceName;
  config: ServiceConfig;
  database: Omit<ServiceDatabase, 'databaseUrl'>;
};

@Injectable()
class RedisCloser implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** The health and ping patterns every service answers. */
const systemController = (service: ServiceName) => {
  const patterns = systemPatterns(service);
  const started = Date.now();

  @Controller()
  class SystemController {
    constructor(
      @Inject(REDIS) private readonly redis: Redis,
      private readonly dataSource: DataSource,
    ) {}

    @MessagePattern(patterns.health.pattern)
    async health(_payload: unknown, @Ctx() context: RedisStreamsContext): Promise<HealthResult> {
      const [postgres, redis] = await Promise.all([
        this.dataSource.query('SELECT 1').then(() => 'ok' as const, () => 'failed' as const),
        this.redis.ping().then(() => 'ok' as const, () => 'failed' as const),
      ]);
      return {
        service,
        status: postgres === 'ok' && redis === 'ok' ? 'ok' : 'degraded',
        instance: context.instance,
        uptime_s: Math.round((Date.now() - started) / 1000),
        checks: { postgres, redis },
        not_built: [...context.notBuilt],
      };
    }

    @MessagePattern(patterns.ping.pattern)
    ping(_payload: unknown, @Ctx() context: RedisStreamsContext): PingResult {
      return { pong: true, service, instance: context.instance };
    }
  }
  return SystemController;
};

/** What every service module imports: its config, its PostgreSQL schema through TypeORM, Redis, and health. */
@Global()
@Module({})
export class ServicePlatformModule {
  static forService(options: ServicePlatformOptions): DynamicModule {
    const { config } = options;
    return {
      module: ServicePlatformModule,
      imports: [
        TypeOrmModule.forRoot({
          ...serviceDataSourceOptions({ ...options.database, databaseUrl: config.DATABASE_URL }),
          retryAttempts: 3,
          retryDelay: 1_000,
        }),
      ],
      controllers: [systemController(options.service)],
      providers: [
        { provide: SERVICE_CONFIG, useValue: config },
        { provide: REDIS, useFactory: () => createRedis(config.REDIS_URL, { maxRetriesPerRequest: 2 }, 'commands') },
        RedisCloser,
      ],
      exports: [SERVICE_CONFIG, REDIS, TypeOrmModule],
    };
  }
}

/**
 * What a service declares once: its name, its database, and its own modules, handlers and providers. Providers that
 * need the configuration (a logger at its level) are made from it: `providers` may be a function of the config.
 */
export type ServiceDefinition<C extends ServiceConfig> = Omit<ServicePlatformOptions, 'config'> &
  Pick<DynamicModule, 'imports' | 'controllers'> & { providers?: Provider[] | ((config: C) => Provider[]) };

/** A service's root module: `register(config)` makes it for one configuration; `service` names the service it runs. */
export type ServiceRoot<C extends ServiceConfig> = Type & { readonly service: ServiceName; register(config: C): DynamicModule };

/**
 * The root module of a service (or of one of its command-line tools), from its definition: the platform (config,
 * Redis, PostgreSQL with the service's schema, migrations and entities, the health and ping patterns), a repository for
 * each of its entities, and its own modules, handlers and providers. What `app.module.ts` exports, and what
 * `runService`, the service's tests and its tools start.
 */
export const serviceRoot = <C extends ServiceConfig>(definition: ServiceDefinition<C>): ServiceRoot<C> => {
  const { imports = [], controllers = [], providers = [], ...platform } = definition;
  @Module({})
  class ServiceRootModule {
    static readonly service = definition.service;

    static register(config: C): DynamicModule {
      return {
        module: ServiceRootModule,
        imports: [ServicePlatformModule.forService({ ...platform, config }), TypeOrmModule.forFeature(platform.database.entities ?? []), ...imports],
        controllers,
        providers: typeof providers === 'function' ? providers(config) : providers,
      };
    }
  }
  // Nest's lines name a module by its class: `ContentModule`, not a name every service shares.
  Object.defineProperty(ServiceRootModule, 'name', { value: `${definition.service[0]!.toUpperCase()}${definition.service.slice(1)}Module` });
  return ServiceRootModule;
};
