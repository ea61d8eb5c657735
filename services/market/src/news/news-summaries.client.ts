import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { CHAT, type NewsSummaryInput, type NewsSummaryResult } from '@nivesh/proto';
import { RpcClient, SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';

/**
 * AI News's one way to the language model: the chat service's `chat.summariseNews` over RPC (it holds Warren AI's
 * settings and the compliance guard). An injectable seam, so a unit test can make chat absent or slow.
 */
@Injectable()
export class NewsSummariesClient implements OnApplicationShutdown {
  /** Connects on its first call (the transport does), so an instance that never stores an article opens no connection. */
  private readonly client: RpcClient;

  constructor(@Inject(SERVICE_CONFIG) config: Pick<Config, 'REDIS_URL' | 'REDIS_PREFIX'>) {
    this.client = new RpcClient({ redisUrl: config.REDIS_URL, prefix: config.REDIS_PREFIX });
  }

  summarise(items: NewsSummaryInput[]): Promise<NewsSummaryResult> {
    return this.client.call(CHAT.summariseNews, { items });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}
