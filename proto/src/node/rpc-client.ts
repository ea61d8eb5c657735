import type { z } from 'zod';
import { DomainError } from '../errors';
import type { RpcDefinition } from '../rpc';
import type { Logger } from './logger';
import { RedisStreamsClient, type RequestOptions } from './redis-streams.client';

export type RpcClientOptions = {
  redisUrl: string;
  prefix: string;
  logger?: Logger;
  /** Called once per finished call: for metrics. outcome is 'ok' or the error code. */
  onCallComplete?: (pattern: string, durationMs: number, outcome: string) => void;
};

/** Typed RPC calls: the payload is checked against the pattern's schema, the result parsed with its result schema. */
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

  async call<D extends RpcDefinition>(def: D, payload: z.input<D['payload']>, options: RequestOptions = {}): Promise<z.output<D['result']>> {
    const started = performance.now();
    let outcome = 'ok';
    try {
      const input = def.payload.safeParse(payload);
      if (!input.success) {
        const issue = input.error.issues[0];
        throw new DomainError('validation_failed', `${issue?.path.join('.') || 'payload'}: ${issue?.message ?? 'invalid'}`);
      }
      const raw = await this.transport.request(def.pattern, input.data, { deadlineMs: def.deadlineMs, ...options });
      const result = def.result.safeParse(raw);
      if (!result.success) {
        this.options.logger?.error({ pattern: def.pattern, issues: result.error.issues }, 'RPC result breaks its contract');
        throw new DomainError('internal', 'Internal server error', undefined, options.correlationId);
      }
      return result.data as z.output<D['result']>;
    } catch (error) {
      outcome = error instanceof DomainError ? error.code : 'internal';
      throw error;
    } finally {
      this.options.onCallComplete?.(def.pattern, performance.now() - started, outcome);
    }
  }
}
