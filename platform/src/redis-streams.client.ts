import { randomUUID } from 'node:crypto';
import type { ReadPacket, WritePacket } from '@nestjs/microservices';
import { ClientProxy } from '@nestjs/microservices';
import type { Span } from '@opentelemetry/api';
import Redis from 'ioredis';
import { DomainError, DEFAULT_RPC_DEADLINE_MS, serviceOfPattern } from '@nivesh/proto';
import { createRedis } from './redis-options';
import { REQUEST_FIELD, RPC_TIMING, rpcKeys, type RpcReply, type RpcRequest } from './rpc-keys';
import { endRpcClientSpan, injectRpcTrace, startRpcClientSpan } from './rpc-tracing';

export type RedisStreamsClientOptions = {
  redisUrl: string;
  prefix: string;
  /** Deadline for calls that do not name one. */
  defaultDeadlineMs?: number;
};

export type RequestOptions = { deadlineMs?: number; correlationId?: string };

type Waiter = { service: string; resolve: (value: unknown) => void; reject: (error: DomainError) => void; timer: NodeJS.Timeout };

/**
 * NestJS client proxy for the Redis Streams transport. A request is appended to its service's stream
 * with a deadline and this client's reply channel; the reply comes back on that channel only.
 * No live instance: 503 at once, and 503 to calls in flight once the last instance of their service is seen dead.
 * Past the deadline: 504.
 */
export class RedisStreamsClient extends ClientProxy {
  readonly clientId = randomUUID();
  private readonly keys: ReturnType<typeof rpcKeys>;
  private readonly replyChannel: string;
  private commands?: Redis;
  private subscriber?: Redis;
  private connecting?: Promise<void>;
  private subscribed = false;
  private watch?: NodeJS.Timeout;
  private readonly waiters = new Map<string, Waiter>();
  private readonly aliveUntil = new Map<string, number>();
  private readonly livenessChecks = new Map<string, Promise<boolean>>();
  /** Replies that arrived for a request already answered: must stay 0 (a request handled twice). */
  duplicateReplies = 0;

  constructor(private readonly options: RedisStreamsClientOptions) {
    super();
    this.keys = rpcKeys(options.prefix);
    this.replyChannel = this.keys.replies(this.clientId);
  }

  connect(): Promise<void> {
    this.connecting ??= this.open();
    return this.connecting;
  }

  private async open(): Promise<void> {
    this.commands = createRedis(this.options.redisUrl, { enableAutoPipelining: true, maxRetriesPerRequest: 1 }, 'rpc client');
    this.subscriber = createRedis(this.options.redisUrl, { maxRetriesPerRequest: null }, 'rpc client replies');
    this.subscriber.on('message', (_channel: string, message: string) => this.onReply(message));
    await this.subscriber.subscribe(this.replyChannel);
    this.subscribed = true;
    this.watch = setInterval(() => void this.failCallsToDeadServices(), RPC_TIMING.heartbeatMs).unref();
  }

  async close(): Promise<void> {
    clearInterval(this.watch);
    for (const [id, waiter] of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(new DomainError('service_unavailable', 'RPC client closed'));
      this.waiters.delete(id);
    }
    this.subscribed = false;
    await Promise.allSettled([this.subscriber?.quit(), this.commands?.quit()]);
    this.connecting = undefined;
  }

  unwrap<T>(): T {
    if (!this.commands) throw new Error('RedisStreamsClient is not connected');
    return this.commands as T;
  }

  /**
   * Sends one request and resolves with its result, or rejects with a DomainError. The call is a CLIENT span whose
   * trace context travels in the request, so the service's span continues the caller's trace.
   */
  async request(pattern: string, data: unknown, options: RequestOptions = {}): Promise<unknown> {
    const span = startRpcClientSpan(pattern);
    let failure: string | undefined;
    try {
      return await this.call(pattern, data, options, span);
    } catch (error) {
      failure = error instanceof DomainError ? error.code : 'internal';
      throw error;
    } finally {
      endRpcClientSpan(span, failure);
    }
  }

  private async call(pattern: string, data: unknown, options: RequestOptions, span: Span): Promise<unknown> {
    // Only after the reply channel is subscribed, or a fast reply could arrive before anyone listens.
    if (!this.subscribed) await this.connect();
    const service = serviceOfPattern(pattern);
    const deadlineMs = Math.min(options.deadlineMs ?? this.options.defaultDeadlineMs ?? DEFAULT_RPC_DEADLINE_MS, RPC_TIMING.maxDeadlineMs);
    const alive = (this.aliveUntil.get(service) ?? 0) > Date.now() || (await this.isAlive(service));
    if (!alive) {
      throw new DomainError('service_unavailable', `The ${service} service is unavailable. Please try again shortly.`);
    }
    const id = randomUUID();
    const deadline = Date.now() + deadlineMs;
    const result = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(id);
        reject(new DomainError('deadline_exceeded', `The ${service} service did not answer in time.`));
      }, deadlineMs);
      this.waiters.set(id, { service, resolve, reject, timer });
    });
    // The reply can arrive (on the subscriber connection) before the XADD below resolves: a rejection then
    // must not count as unhandled while this function still awaits. The caller gets it from `return result`.
    result.catch(() => undefined);
    const request: RpcRequest = { i: id, p: pattern, d: data ?? {}, t: deadline, r: this.replyChannel, c: options.correlationId ?? id };
    injectRpcTrace(span, request);
    try {
      // Unread requests are trimmed by the service instances (RedisStreamsServer.maintain), not here.
      await this.commands!.xadd(this.keys.requests(service), '*', REQUEST_FIELD, JSON.stringify(request));
    } catch (error) {
      const waiter = this.waiters.get(id);
      if (waiter) {
        clearTimeout(waiter.timer);
        this.waiters.delete(id);
      }
      // The transport's own message (addresses, Redis states) is for logs, not for the people reading `detail`.
      throw new DomainError('service_unavailable', `The ${service} service is unavailable. Please try again shortly.`, {
        cause: (error as Error).message,
      });
    }
    return result;
  }

  /** Whether any instance of the service has beaten recently (cached briefly). */
  private isAlive(service: string): Promise<boolean> {
    let check = this.livenessChecks.get(service);
    if (!check) {
      check = this.commands!.zcount(this.keys.instances(service), Date.now() - RPC_TIMING.deadAfterMs, '+inf')
        .then((count) => {
          if (count > 0) this.aliveUntil.set(service, Date.now() + RPC_TIMING.livenessCacheMs);
          return count > 0;
        })
        .catch(() => false)
        .finally(() => this.livenessChecks.delete(service));
      this.livenessChecks.set(service, check);
    }
    return check;
  }

  /**
   * A call whose service has no live instance left will not be answered (a live sibling would have claimed it):
   * its caller gets 503 now rather than 504 at the deadline. Only calls already waiting when the count was asked
   * are failed: an instance that started since then may serve a later one.
   */
  private async failCallsToDeadServices(): Promise<void> {
    const waiting = [...this.waiters];
    const services = [...new Set(waiting.map(([, waiter]) => waiter.service))];
    const live = await Promise.all(
      services.map((service) =>
        this.commands!.zcount(this.keys.instances(service), Date.now() - RPC_TIMING.deadAfterMs, '+inf').catch(() => undefined),
      ),
    );
    const dead = new Set(services.filter((_, index) => live[index] === 0));
    for (const [id, waiter] of waiting) {
      if (!dead.has(waiter.service) || this.waiters.get(id) !== waiter) continue;
      this.waiters.delete(id);
      this.aliveUntil.delete(waiter.service);
      clearTimeout(waiter.timer);
      waiter.reject(new DomainError('service_unavailable', `The ${waiter.service} service stopped before answering. Please try again shortly.`));
    }
  }

  /** A message carries one reply, or an array of replies batched by the server. */
  private onReply(message: string): void {
    let parsed: RpcReply | RpcReply[];
    try {
      parsed = JSON.parse(message) as RpcReply | RpcReply[];
    } catch {
      return;
    }
    for (const reply of Array.isArray(parsed) ? parsed : [parsed]) this.settle(reply);
  }

  private settle(reply: RpcReply): void {
    const waiter = this.waiters.get(reply.id);
    if (!waiter) {
      this.duplicateReplies += 1;
      return;
    }
    this.waiters.delete(reply.id);
    clearTimeout(waiter.timer);
    if (reply.ok) {
      waiter.resolve(reply.data);
      return;
    }
    const code = reply.err.code as DomainError['code'];
    waiter.reject(new DomainError(code, reply.err.message, reply.err.details, reply.err.correlation_id));
  }

  /** NestJS ClientProxy entry: `client.send(pattern, data)` with the default deadline. */
  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const pattern = this.normalizePattern(packet.pattern);
    this.request(pattern, packet.data).then(
      (response) => callback({ response, isDisposed: true }),
      (err: unknown) => callback({ err, isDisposed: true }),
    );
    return () => undefined;
  }

  protected async dispatchEvent(): Promise<never> {
    throw new Error('The Redis Streams transport carries requests only; use BullMQ for events');
  }
}
