import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { CustomTransportStrategy, MessageHandler } from '@nestjs/microservices';
import { BaseRpcContext, Server } from '@nestjs/microservices';
import Redis from 'ioredis';
import { isObservable, lastValueFrom } from 'rxjs';
import { DomainError, RpcErrorPayloadSchema, notImplemented, type RpcErrorPayload, type RpcDefinition } from '@nivesh/proto';
import { startHeartbeat, type Heartbeat } from './heartbeat';
import { observeRpcHandled, watchStreamPending } from './metrics';
import { createRedis } from './redis-options';
import { REQUEST_FIELD, RPC_TIMING, RUN_STARTED, rpcKeys, type RpcReply, type RpcRequest } from './rpc-keys';
import { handleInRpcSpan } from './rpc-tracing';
import { DEPENDENCY_UNAVAILABLE, isDependencyUnavailable } from './unavailable';

export type RedisStreamsServerOptions = {
  redisUrl: string;
  prefix: string;
  service: string;
  /** Every pattern this service must answer; each needs exactly one handler at boot. */
  patterns: readonly RpcDefinition[];
  /** Patterns whose feature is not built yet: answered with `not_implemented`. */
  notImplemented?: readonly RpcDefinition[];
  /** Requests this instance runs at once. */
  concurrency?: number;
  /** How long close() waits for requests in flight. */
  shutdownTimeoutMs?: number;
  /** Name of this instance (consumer); unique per process by default. */
  instanceId?: string;
  /** Validate results against the pattern's result schema (catches contract drift). */
  validateResults?: boolean;
};

type StreamEntry = [id: string, fields: string[]];
type ReadReply = [stream: string, entries: StreamEntry[]][] | null;
/** A request ready to run: its handler, its pattern, and the payload as the pattern's schema parsed it. */
type Handled = { handler: MessageHandler; def: RpcDefinition; data: unknown };

/** Context handed to handlers: which request, which instance. */
export class RedisStreamsContext extends BaseRpcContext<
  [pattern: string, requestId: string, deadline: number, instance: string, correlationId: string, notBuilt?: readonly string[]]
> {
  get pattern(): string {
    return this.args[0];
  }
  get requestId(): string {
    return this.args[1];
  }
  get deadline(): number {
    return this.args[2];
  }
  get instance(): string {
    return this.args[3];
  }
  get correlationId(): string {
    return this.args[4];
  }
  /** This service's patterns that answer not_implemented, for its health report. */
  get notBuilt(): readonly string[] {
    return this.args[5] ?? [];
  }
}

/**
 * NestJS transport strategy that serves RPC from a Redis stream with a consumer group: every instance of
 * a service reads the same stream in one group, so each request is handled by exactly one instance.
 * Requests past their deadline are dropped unexecuted; requests left pending by a dead instance are
 * claimed by a live sibling; handled entries are acknowledged and deleted together with the reply.
 * A pattern with side effects runs at most once per request: a claimed request whose first run finished
 * gets that run's reply, one whose first run was cut short gets 503, since whether it took effect is unknown.
 */
export class RedisStreamsServer extends Server implements CustomTransportStrategy {
  readonly instanceId: string;
  private readonly keys: ReturnType<typeof rpcKeys>;
  private readonly stream: string;
  private readonly group: string;
  private readonly concurrency: number;
  private readonly definitions = new Map<string, RpcDefinition>();
  /** The patterns answered `not_implemented`, as each request's context names them. */
  private readonly notBuilt: readonly string[];
  private commands?: Redis;
  private reader?: Redis;
  private running = false;
  private readLoop?: Promise<void>;
  private heartbeat?: Heartbeat;
  private maintenance?: NodeJS.Timeout;
  private unwatchPending?: () => void;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly finishing: { entryId: string; replyTo?: string; reply?: RpcReply; done: () => void }[] = [];
  private slotFreed?: () => void;
  /** Counts, for tests and logs. */
  readonly stats = { handled: 0, expired: 0, claimed: 0 };

  constructor(private readonly options: RedisStreamsServerOptions) {
    super();
    this.instanceId = options.instanceId ?? `${options.service}-${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
    this.keys = rpcKeys(options.prefix);
    this.stream = this.keys.requests(options.service);
    this.group = this.keys.group(options.service);
    this.concurrency = options.concurrency ?? 256;
    for (const def of options.patterns) this.definitions.set(def.pattern, def);
    this.notBuilt = (options.notImplemented ?? []).map((notYet) => notYet.pattern);
  }

  /** The transport emits no status events; NestJS requires the method. */
  on(): void {
    return undefined;
  }

  unwrap<T>(): T {
    if (!this.commands) throw new Error('RedisStreamsServer is not listening');
    return this.commands as T;
  }

  async listen(callback: (...optionalParams: unknown[]) => void): Promise<void> {
    try {
      this.registerNotImplemented();
      this.checkHandlers();
      this.commands = createRedis(this.options.redisUrl, { enableAutoPipelining: true, maxRetriesPerRequest: null }, 'rpc server');
      this.reader = createRedis(this.options.redisUrl, { maxRetriesPerRequest: null }, 'rpc server reader');
      await this.ensureGroup();
      this.heartbeat = await startHeartbeat({
        redisUrl: this.options.redisUrl,
        key: this.keys.instances(this.options.service),
        member: this.instanceId,
        intervalMs: RPC_TIMING.heartbeatMs,
        forgetAfterMs: RPC_TIMING.deadAfterMs * 10,
        onError: (error) => this.logger.error?.(`RPC heartbeat failed: ${error.message}`),
      });
      this.running = true;
      this.maintenance = setInterval(() => void this.maintain(), RPC_TIMING.heartbeatMs);
      this.unwatchPending = watchStreamPending(async () => {
        const [pending] = (await this.commands!.xpending(this.stream, this.group)) as [number, ...unknown[]];
        return { group: this.group, pending: Number(pending) };
      });
      this.readLoop = this.consume();
      callback();
    } catch (error) {
      callback(error);
    }
  }

  /** Stops reading, finishes requests in flight, leaves the group, closes connections. */
  async close(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.slotFreed?.();
    // The blocking read returns within RPC_TIMING.blockMs; entries it delivers are still run below.
    await this.readLoop;
    const timeout = this.options.shutdownTimeoutMs ?? 10_000;
    await Promise.race([Promise.allSettled([...this.inFlight]), new Promise((resolve) => setTimeout(resolve, timeout).unref())]);
    clearInterval(this.maintenance);
    this.unwatchPending?.();
    // Stopped before leaving the set of instances, or a last beat would bring this instance back.
    await this.heartbeat?.stop();
    const commands = this.commands;
    if (commands) {
      await commands.zrem(this.keys.instances(this.options.service), this.instanceId).catch(() => undefined);
      if (this.inFlight.size === 0) {
        await commands.xgroup('DELCONSUMER', this.stream, this.group, this.instanceId).catch(() => undefined);
      }
      await commands.quit().catch(() => commands.disconnect());
    }
    this.reader?.disconnect();
  }

  /** Stops this instance as if the process died: no goodbye, nothing acknowledged. For tests. */
  abandon(): void {
    this.running = false;
    clearInterval(this.maintenance);
    this.unwatchPending?.();
    this.heartbeat?.kill();
    this.commands?.disconnect();
    this.reader?.disconnect();
  }

  private registerNotImplemented(): void {
    for (const def of this.options.notImplemented ?? []) {
      if (this.messageHandlers.has(def.pattern)) {
        throw new Error(`Pattern ${def.pattern} has a handler and is also listed as not implemented`);
      }
      this.addHandler(def.pattern, async () => {
        throw notImplemented(def.feature);
      });
    }
  }

  /** Every declared pattern has exactly one handler, and no handler serves an undeclared pattern. */
  private checkHandlers(): void {
    const missing = [...this.definitions.keys()].filter((pattern) => !this.messageHandlers.has(pattern));
    const unknown = [...this.messageHandlers.keys()].filter((pattern) => !this.definitions.has(pattern));
    if (missing.length || unknown.length) {
      throw new Error(
        `Service ${this.options.service} handlers do not match its contract.` +
          (missing.length ? ` Missing: ${missing.join(', ')}.` : '') +
          (unknown.length ? ` Not in proto/: ${unknown.join(', ')}.` : ''),
      );
    }
  }

  private async ensureGroup(): Promise<void> {
    try {
      // From '0': requests sent before any instance existed are still served if their deadline allows.
      await this.commands!.xgroup('CREATE', this.stream, this.group, '0', 'MKSTREAM');
    } catch (error) {
      if (!String(error).includes('BUSYGROUP')) throw error;
    }
  }

  private async maintain(): Promise<void> {
    if (!this.running) return;
    try {
      // Answered requests are deleted as they finish; entries older than any deadline can never be answered.
      // Exact, not '~': approximate trimming keeps a whole node of the stream while any entry in it is recent.
      await this.commands!.xtrim(this.stream, 'MINID', Date.now() - RPC_TIMING.maxDeadlineMs);
      await this.claimFromDeadSiblings();
    } catch (error) {
      this.logger.error?.(`RPC maintenance failed: ${String(error)}`);
    }
  }

  /** Takes over requests that instances which stopped beating had read but not answered. */
  private async claimFromDeadSiblings(): Promise<void> {
    const redis = this.commands!;
    const consumers = (await redis.xinfo('CONSUMERS', this.stream, this.group)) as unknown[][];
    const alive = new Set(
      await redis.zrangebyscore(this.keys.instances(this.options.service), Date.now() - RPC_TIMING.deadAfterMs, '+inf'),
    );
    for (const raw of consumers) {
      const info = toRecord(raw);
      const name = String(info.name);
      if (name === this.instanceId || alive.has(name)) continue;
      const pending = Number(info.pending);
      if (pending === 0) {
        if (Number(info.idle) > RPC_TIMING.deadAfterMs) {
          await redis.xgroup('DELCONSUMER', this.stream, this.group, name).catch(() => undefined);
        }
        continue;
      }
      const free = this.concurrency - this.inFlight.size;
      if (free <= 0 || !this.running) return;
      const entries = (await redis.xpending(this.stream, this.group, '-', '+', Math.min(free, 500), name)) as [string, string, number, number][];
      if (entries.length === 0) continue;
      // XCLAIM with a minimum idle time is atomic: when two siblings race, only one gets each entry.
      const claimed = (await redis.xclaim(
        this.stream,
        this.group,
        this.instanceId,
        RPC_TIMING.deadAfterMs / 2,
        ...entries.map(([id]) => id),
      )) as (StreamEntry | null)[];
      for (const entry of claimed) {
        if (!entry) continue;
        this.stats.claimed += 1;
        this.dispatch(entry);
      }
    }
  }

  private async consume(): Promise<void> {
    while (this.running) {
      const free = this.concurrency - this.inFlight.size;
      if (free <= 0) {
        await new Promise<void>((resolve) => (this.slotFreed = resolve));
        continue;
      }
      let reply: ReadReply;
      try {
        reply = (await this.reader!.xreadgroup(
          'GROUP',
          this.group,
          this.instanceId,
          'COUNT',
          free,
          'BLOCK',
          RPC_TIMING.blockMs,
          'STREAMS',
          this.stream,
          '>',
        )) as ReadReply;
      } catch (error) {
        if (!this.running) return;
        this.logger.error?.(`RPC read failed: ${String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      for (const [, entries] of reply ?? []) {
        for (const entry of entries) this.dispatch(entry);
      }
    }
  }

  private dispatch([entryId, fields]: StreamEntry): void {
    const run = this.run(entryId, fields).finally(() => {
      this.inFlight.delete(run);
      const wake = this.slotFreed;
      this.slotFreed = undefined;
      wake?.();
    });
    this.inFlight.add(run);
  }

  private async run(entryId: string, fields: string[]): Promise<void> {
    let request: RpcRequest;
    try {
      request = JSON.parse(String(fields[fields.indexOf(REQUEST_FIELD) + 1])) as RpcRequest;
    } catch {
      this.logger.error?.(`Dropping malformed RPC entry ${entryId}`);
      await this.finish(entryId);
      return;
    }
    if (!(request.t > Date.now())) {
      // The caller has already answered itself with 504; running it now would be work nobody reads.
      this.stats.expired += 1;
      await this.finish(entryId);
      return;
    }
    // Unknown patterns share one name, so a caller's typo cannot add series or span names without end.
    const pattern = this.definitions.has(request.p) ? request.p : 'unknown';
    const started = performance.now();
    const reply = await handleInRpcSpan(request, pattern, () => this.execute(request));
    observeRpcHandled(pattern, reply.ok ? 'ok' : reply.err.code, (performance.now() - started) / 1000);
    this.stats.handled += 1;
    await this.finish(entryId, request.r, reply);
  }

  private async execute(request: RpcRequest): Promise<RpcReply> {
    const { i: requestId, p: pattern, d: data, c: correlationId } = request;
    // Patterns are plain strings, registered as they are: a map lookup (Nest's getHandlerByPattern first tries each
    // pattern as JSON, and the SyntaxError that throws for every request cost an eighth of a service's CPU).
    const handler: MessageHandler | undefined = this.messageHandlers.get(pattern);
    const def = this.definitions.get(pattern);
    if (!handler || !def) {
      return { id: requestId, ok: false, err: { code: 'not_found', message: `Unknown RPC pattern ${pattern}` } };
    }
    const parsed = def.payload.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.join('.') || 'payload';
      return { id: requestId, ok: false, err: { code: 'validation_failed', message: `${where}: ${issue?.message ?? 'invalid'}` } };
    }
    const call = { handler, def, data: parsed.data };
    if (!def.sideEffects) return this.invoke(request, call);
    try {
      return await this.invokeOnce(request, call);
    } catch (error) {
      return this.internal(requestId, correlationId, error);
    }
  }

  /**
   * Runs a handler with side effects at most once per request. SET NX GET marks the run as started and tells
   * a sibling that claims the request later what the first run left: its reply, or the mark of a run that
   * never finished. The key outlives the deadline by deadAfterMs, in case a sibling's clock runs behind.
   */
  private async invokeOnce(request: RpcRequest, call: Handled): Promise<RpcReply> {
    const key = this.keys.result(this.options.service, request.i);
    const earlier = await this.commands!.set(key, RUN_STARTED, 'PXAT', request.t + RPC_TIMING.deadAfterMs, 'NX', 'GET');
    if (earlier === RUN_STARTED) {
      this.logger.warn?.(`Not running ${request.p} ${request.i} again: its first run did not finish (correlation_id=${request.c})`);
      const message = `The ${this.options.service} service stopped while handling this request; it may have taken effect.`;
      return { id: request.i, ok: false, err: { code: 'service_unavailable', message } };
    }
    if (earlier !== null) return JSON.parse(earlier) as RpcReply;
    const reply = await this.invoke(request, call);
    await this.commands!.set(key, JSON.stringify(reply), 'KEEPTTL', 'XX');
    return reply;
  }

  private async invoke(
    { i: requestId, p: pattern, t: deadline, c: correlationId }: RpcRequest,
    { handler, def, data }: Handled,
  ): Promise<RpcReply> {
    try {
      const context = new RedisStreamsContext([pattern, requestId, deadline, this.instanceId, correlationId, this.notBuilt]);
      // What Nest's transformToObservable + lastValueFrom yield, without building an observable for a plain value:
      // the value itself; the last value of an observable (null when it emits none), as an error reply does.
      const answered: unknown = await handler(data, context);
      const result: unknown = isObservable(answered) ? await lastValueFrom(answered, { defaultValue: null }) : answered;
      if (this.options.validateResults !== false) {
        const checked = def.result.safeParse(result);
        if (!checked.success) {
          return this.internal(requestId, correlationId, new Error(`Result of ${pattern} breaks its contract: ${checked.error.message}`));
        }
        return { id: requestId, ok: true, data: checked.data };
      }
      return { id: requestId, ok: true, data: result };
    } catch (error) {
      return this.errorReply(requestId, correlationId, error);
    }
  }

  private errorReply(requestId: string, correlationId: string, error: unknown): RpcReply {
    if (error instanceof DomainError) return { id: requestId, ok: false, err: error.toPayload() };
    // Errors that passed through the service's exception filter arrive as plain payloads.
    const payload = RpcErrorPayloadSchema.safeParse(error);
    if (payload.success) return { id: requestId, ok: false, err: payload.data };
    if (isDependencyUnavailable(error)) return { id: requestId, ok: false, err: { code: 'service_unavailable', message: DEPENDENCY_UNAVAILABLE, correlation_id: correlationId } };
    return this.internal(requestId, correlationId, error);
  }

  private internal(requestId: string, correlationId: string, error: unknown): RpcReply {
    const err: RpcErrorPayload = { code: 'internal', message: 'Internal server error', correlation_id: correlationId };
    this.logger.error?.(
      `Unexpected error (correlation_id=${correlationId}): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return { id: requestId, ok: false, err };
  }

  /**
   * Reply, acknowledge and delete in one transaction: a request is either answered and gone, or still
   * pending. Requests finishing in the same tick share the transaction (one PUBLISH per caller, one
   * XACK, one XDEL), which is what keeps Redis work per request low under load.
   */
  private finish(entryId: string, replyTo?: string, reply?: RpcReply): Promise<void> {
    return new Promise<void>((resolve) => {
      this.finishing.push({ entryId, replyTo, reply, done: resolve });
      if (this.finishing.length === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.finishing.splice(0);
    const byCaller = new Map<string, RpcReply[]>();
    for (const { replyTo, reply } of batch) {
      if (!replyTo || !reply) continue;
      const replies = byCaller.get(replyTo);
      if (replies) replies.push(reply);
      else byCaller.set(replyTo, [reply]);
    }
    const ids = batch.map(({ entryId }) => entryId);
    const tx = this.commands!.multi();
    for (const [channel, replies] of byCaller) tx.publish(channel, JSON.stringify(replies.length === 1 ? replies[0] : replies));
    tx.xack(this.stream, this.group, ...ids).xdel(this.stream, ...ids);
    try {
      await tx.exec();
    } catch (error) {
      this.logger.error?.(`RPC reply failed for ${ids.length} requests: ${String(error)}`);
    }
    for (const { done } of batch) done();
  }
}

/** Redis answers field lists as [k1, v1, k2, v2, ...]. */
const toRecord = (list: unknown[]): Record<string, unknown> => {
  const record: Record<string, unknown> = {};
  for (let index = 0; index + 1 < list.length; index += 2) record[String(list[index])] = list[index + 1];
  return record;
};
