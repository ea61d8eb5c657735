/** Redis names used by the RPC transport. One request stream and consumer group per service. */
export const rpcKeys = (prefix: string) => ({
  requests: (service: string) => `${prefix}:rpc:${service}:requests`,
  instances: (service: string) => `${prefix}:rpc:${service}:instances`,
  group: (service: string) => service,
  /** The run of a request with side effects: RUN_STARTED while it runs, then its reply (RedisStreamsServer). */
  result: (service: string, requestId: string) => `${prefix}:rpc:${service}:result:${requestId}`,
  replies: (clientId: string) => `${prefix}:rpc:reply:${clientId}`,
});

/** Transport timing, shared by server and client so they agree on liveness. */
export const RPC_TIMING = {
  /** How often an instance says it is alive (from a worker thread, so a busy event loop does not silence it). */
  heartbeatMs: 500,
  /**
   * An instance silent this long is dead: its pending requests are taken over, and callers waiting on a
   * service with no live instance left get 503.
   */
  deadAfterMs: 2_000,
  /** How long a client trusts that a service has a live instance. */
  livenessCacheMs: 1_000,
  /** Longest deadline a caller may ask for; also how long unread requests stay in a stream. */
  maxDeadlineMs: 60_000,
  /** How long a server blocks waiting for requests before checking whether it should stop. */
  blockMs: 1_000,
} as const;

/** What a request's result key holds while a handler with side effects runs; its reply replaces it. */
export const RUN_STARTED = 'started';

/** The one field of a request entry: the whole request as JSON (one field is cheaper to write and parse than six). */
export const REQUEST_FIELD = 'm';

/** A request as it sits in a service's stream. */
export type RpcRequest = {
  /** Request id, unique per call. */
  i: string;
  /** Pattern, e.g. "auth.me". */
  p: string;
  /** Payload. */
  d: unknown;
  /** Deadline, epoch milliseconds. */
  t: number;
  /** The caller's reply channel. */
  r: string;
  /** Correlation id (the gateway's request id), for logs. */
  c: string;
  /** The caller's span as a W3C `traceparent`; absent from callers without tracing. */
  tp?: string;
  /** W3C `tracestate` of the caller's span, when it has one. */
  ts?: string;
};

/** A reply published to the caller's channel. */
export type RpcReply =
  | { id: string; ok: true; data: unknown }
  | { id: string; ok: false; err: { code: string; message: string; details?: Record<string, unknown>; correlation_id?: string } };
