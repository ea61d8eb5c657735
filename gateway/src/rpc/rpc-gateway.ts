import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import type { RpcDefinition } from '@nivesh/proto';
import { RpcClient } from '@nivesh/platform';
import type { z } from 'zod';
import type { Config } from '../config';
import { MetricsService } from '../metrics/metrics.service';
import { CONFIG } from '../tokens';

export type RpcCallOptions = { deadlineMs?: number; correlationId?: string };

/** The one seam through which the gateway reaches services; unit tests replace it with a fake. */
export abstract class RpcGateway {
  /** Calls a pattern; rejects with a DomainError (the service's own, or service_unavailable / deadline_exceeded). */
  abstract call<D extends RpcDefinition>(def: D, payload: z.input<D['payload']>, options?: RpcCallOptions): Promise<z.output<D['result']>>;
}

/** RPC over the Redis Streams transport of proto/, with every call's latency recorded. */
@Injectable()
export class RedisStreamsRpcGateway extends RpcGateway implements OnModuleInit, OnApplicationShutdown {
  private readonly client: RpcClient;

  constructor(@Inject(CONFIG) config: Config, metrics: MetricsService) {
    super();
    this.client = new RpcClient({
      redisUrl: config.REDIS_URL,
      prefix: config.REDIS_PREFIX,
      onCallComplete: (pattern, durationMs, outcome) => metrics.observeRpc(pattern, durationMs, outcome),
    });
  }

  onModuleInit(): Promise<void> {
    return this.client.connect();
  }

  onApplicationShutdown(): Promise<void> {
    return this.client.close();
  }

  call<D extends RpcDefinition>(def: D, payload: z.input<D['payload']>, options?: RpcCallOptions): Promise<z.output<D['result']>> {
    return this.client.call(def, payload, options);
  }
}
