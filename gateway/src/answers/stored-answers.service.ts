import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { Negotiator } from '@fastify/accept-negotiator';
import { ANSWER_SCOPES, type AnswerScope } from '@nivesh/proto';
import { AnswerStore, countCacheLookup, type Logger, type StoredAnswer } from '@nivesh/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Redis from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config';
import { CONFIG, LOGGER, REDIS } from '../tokens';

/**
 * Versioned answers are kept by the browser but revalidated with their ETag before each reuse: a 304 costs no body, and
 * the first request after an import gets the new answer. (A minute's reuse without asking once let a reload show the
 * previous evening's "Prices as of" date beside the current freshness sentence, which is never cached.)
 */
export const VERSIONED_CACHE_CONTROL = 'public, no-cache';

type Encoding = 'br' | 'gzip' | 'identity';

/** How often the data versions kept in memory are re-read, besides their announcements. */
const VERSION_REFRESH_MS = 5_000;

/** Whether If-None-Match names this ETag (weak comparison, as RFC 9110 asks for If-None-Match). */
export const etagMatches = (ifNoneMatch: string | undefined, etag: string): boolean => {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === wanted);
};

/**
 * Sends answers of versioned routes (`RouteDefinition.versioned`) from the bytes their service stored (`AnswerStore`):
 * no parsing, no validation, no serialising or compressing per request. Answers are kept in this process too (an LRU
 * bounded in bytes), and so is each scope's data version, followed through Redis pub/sub (re-read whenever the
 * subscription reconnects; read per request while it is down): a hot answer costs a socket write.
 */
@Injectable()
export class StoredAnswers implements OnModuleInit, OnApplicationShutdown {
  private readonly stores = new Map<AnswerScope, AnswerStore>();
  private readonly versions = new Map<AnswerScope, string>();
  private subscriber?: Redis;
  private refresh?: NodeJS.Timeout;
  private readonly memory: LRUCache<string, StoredAnswer>;
  private readonly encodings = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip', 'identity'] });

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.memory = new LRUCache({
      maxSize: config.ANSWER_MEMORY_MB * 1024 * 1024,
      sizeCalculation: (answer) => answer.json.length + answer.br.length + answer.gzip.length + 64,
    });
  }

  onModuleInit(): void {
    const subscriber = this.redis.duplicate({ lazyConnect: true, enableOfflineQueue: true, maxRetriesPerRequest: null });
    this.subscriber = subscriber;
    const byChannel = new Map(ANSWER_SCOPES.map((scope) => [this.storeOf(scope).versionChannel, scope]));
    subscriber.on('message', (channel: string, version: string) => {
      const scope = byChannel.get(channel);
      if (scope) this.versions.set(scope, version);
    });
    // Announcements may have been missed while disconnected: forget, then re-read once subscribed again.
    subscriber.on('close', () => this.versions.clear());
    subscriber.on('ready', () => void this.readVersions());
    subscriber.on('error', () => undefined);
    // Not awaited: the gateway starts, and serves, while Redis is away (versions are read per request until then).
    subscriber.subscribe(...byChannel.keys()).catch((error: unknown) => this.logger.warn({ err: error }, 'data versions will be read per request'));
    // The stored version is the truth; re-reading it now and then heals an announcement that raced a reconnect.
    this.refresh = setInterval(() => void this.readVersions(), VERSION_REFRESH_MS).unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.refresh);
    this.subscriber?.disconnect();
  }

  private async readVersions(): Promise<void> {
    if (this.subscriber?.status !== 'ready') return;
    for (const scope of ANSWER_SCOPES) {
      const version = await this.storeOf(scope).version().catch(() => undefined);
      if (version !== undefined) this.versions.set(scope, version);
    }
  }

  /**
   * Sends the stored answer of `pattern` for `payload`; when none is stored yet, `compute` asks the service (which
   * stores it), and the stored bytes are sent. If the service stores nothing (its cache is off) or Redis fails, the
   * computed value is sent as it is.
   */
  async send(scope: AnswerScope, pattern: string, payload: unknown, request: FastifyRequest, reply: FastifyReply, compute: () => Promise<unknown>): Promise<void> {
    const store = this.storeOf(scope);
    const key = await this.keyOf(store, pattern, payload);
    // The first look counts as a hit or a miss of the scope's answer cache (memory or Redis); the re-read after
    // computing does not, or every miss would count as a hit too.
    const remembered = key ? this.memory.get(key) : undefined;
    if (remembered) countCacheLookup(`${scope}-answers`, true);
    let answer = remembered ?? (key ? await this.load(store, key, true) : undefined);
    if (!answer) {
      const value = await compute();
      answer = key ? await this.load(store, key, false) : undefined;
      if (!answer) {
        reply.header('cache-control', 'no-cache').send(value);
        return;
      }
    }
    this.reply(answer, request, reply);
  }

  private reply(answer: StoredAnswer, request: FastifyRequest, reply: FastifyReply): void {
    reply.header('etag', answer.etag).header('cache-control', VERSIONED_CACHE_CONTROL).header('vary', 'accept-encoding');
    if (etagMatches(request.headers['if-none-match'], answer.etag)) {
      reply.code(304).send();
      return;
    }
    const accepted = request.headers['accept-encoding'];
    const encoding: Encoding = answer.br.length > 0 && accepted ? (this.encodings.negotiate(accepted) ?? 'identity') : 'identity';
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    reply.type('application/json; charset=utf-8').send(encoding === 'br' ? answer.br : encoding === 'gzip' ? answer.gzip : answer.json);
  }

  private storeOf(scope: AnswerScope): AnswerStore {
    let store = this.stores.get(scope);
    if (!store) {
      store = new AnswerStore(this.redis, this.config.REDIS_PREFIX, scope);
      this.stores.set(scope, store);
    }
    return store;
  }

  private async keyOf(store: AnswerStore, pattern: string, payload: unknown): Promise<string | undefined> {
    try {
      return store.key(this.versions.get(store.scope) ?? (await store.version()), pattern, payload);
    } catch (error) {
      this.logger.warn({ err: error }, 'stored answers skipped: Redis unavailable');
      return undefined;
    }
  }

  private async load(store: AnswerStore, key: string, counted: boolean): Promise<StoredAnswer | undefined> {
    try {
      const answer = counted ? await store.lookup(key) : await store.get(key);
      if (answer) this.memory.set(key, answer);
      return answer ?? undefined;
    } catch (error) {
      this.logger.warn({ err: error }, 'stored answers skipped: Redis unavailable');
      return undefined;
    }
  }
}
