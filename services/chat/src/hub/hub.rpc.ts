import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { RpcDefinition } from '@nivesh/proto';
import { RpcClient, SERVICE_CONFIG } from '@nivesh/platform';
import type { z } from 'zod';
import type { Config } from '../config';

/**
 * The Hub's one way to the data of other services: RPC to the market and prediction services (the chat service reads
 * no other schema). An injectable seam, so a test can make one pattern slow or silent against the real services.
 */
@Injectable()
export class HubRpc implements OnApplicationShutdown {
  /** Connects on its first call (the transport does), so an instance that never runs the Hub opens no connection. */
  private readonly client: RpcClient;

  constructor(@Inject(SERVICE_CONFIG) config: Config) {
    this.client = new RpcClient({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  }

  call<D extends RpcDefinition>(def: D, payload: z.input<D['payload']>, options: { deadlineMs?: number } = {}): Promise<z.output<D['result']>> {
    return this.client.call(def, payload, options);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
