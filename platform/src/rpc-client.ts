import type { z } from 'zod';
import { DomainError, type RpcDefinition } from '@nivesh/proto';
import { RedisStreamsClient, type RequestOptions } from './redis-streams.client';

export type RpcClientOptions = {
  redisUrl: string;
  prefix: string;
  /** Called once per finished call: for metrics. outcome is 'ok' or the error code. */
  onCallComplete?: (pattern: string, durationMs: number, outcome: string) => void;
};

/** Typed RPC calls: payload and result types come from the pattern's schemas. */
export class RpcClient {
  readonly transport: RedisStreamsClient;

  constructor(private readonly options: RpcClientOptions) {
    this.transport = new RedisStreamsClient({ redisUrl: options.redisUrl, prefix: options.prefix });
  }

  connect(): Promise<void> {
    return this.transport.connect();
  }

  close(): Promise<void> {
    return this.transport.close();
  }

  /**
   * Calls a pattern with its default deadline. The service parses the payload with the pattern's schema
   * and checks its result against the result schema before replying (RedisStreamsServer), so the two
   * ends agree without parsing everything twice on the hot path.
   */
  async call<D extends RpcDefinition>(def: D, payload: z.input<D['payload']>, options: RequestOptions = {}): Promise<z.output<D['result']>> {
    const started = performance.now();
    let outcome = 'ok';
    try {
      return (await this.transport.request(def.pattern, payload, { deadlineMs: def.deadlineMs, ...options })) as z.output<D['result']>;
    } catch (error) {
      outcome = error instanceof DomainError ? error.code : 'internal';
      throw error;
    } finally {
      this.options.onCallComplete?.(def.pattern, performance.now() - started, outcome);
    }
  }
}
