import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type Redis from 'ioredis';
import type { AnswerScope } from '@nivesh/proto';
import { countCacheLookup } from './metrics';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One answer as it is sent: its JSON bytes, their brotli and gzip forms, and an ETag naming the content. */
export type StoredAnswer = {
  readonly json: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
  readonly etag: string;
};

/** Answers smaller than this are stored and sent uncompressed (the encodings would not pay for themselves). */
export const COMPRESS_MIN_BYTES = 1024;

/** Brotli quality 5 and gzip level 6: within a few per cent of the best ratio at a small fraction of its time. */
const BROTLI_OPTIONS = { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } };

/** Keys sorted at every level, so one query always has one key however its fields were ordered. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
};

/** Serialises and compresses an answer once; what the gateway sends on every hit afterwards. */
export const encodeAnswer = async (value: unknown): Promise<StoredAnswer> => {
  const json = Buffer.from(JSON.stringify(value));
  const etag = `W/"${createHash('sha1').update(json).digest('base64url').slice(0, 22)}"`;
  if (json.length < COMPRESS_MIN_BYTES) return { json, br: Buffer.alloc(0), gzip: Buffer.alloc(0), etag };
  const [br, gz] = await Promise.all([brotli(json, BROTLI_OPTIONS), gzipAsync(json, { level: 6 })]);
  return { json, br, gzip: gz, etag };
};

/**
 * Answers whose content is fixed for one version of a scope's data (the market data, for instance), kept in Redis
 * as the bytes that are sent: the service that computes an answer validates it once and stores it here, and every
 * gateway instance sends the stored bytes as they are. Keys carry the scope's data version, so an import that bumps
 * the version makes every older answer unreachable at once (they expire on their own).
 */
export class AnswerStore {
  private readonly versionKey: string;
  /** The `cache` label of this scope's lookups in `cache_requests_total`. */
  private readonly cacheName: string;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    readonly scope: AnswerScope,
  ) {
    this.versionKey = `${prefix}:answers:${scope}:version`;
    this.cacheName = `${scope}-answers`;
  }

  /** The scope's current data version ('0' before the first import). */
  async version(): Promise<string> {
    return (await this.redis.get(this.versionKey)) ?? '0';
  }

  /** Where a new version is announced (the gateway keeps the current version in memory from it). */
  get versionChannel(): string {
    return this.versionKey;
  }

  /** Starts a new data version, announces it and returns it. Called after an import commits. */
  async bump(): Promise<string> {
    const version = String(await this.redis.incr(this.versionKey));
    await this.redis.publish(this.versionKey, version);
    return version;
  }

  /** The key of one answer: data version, RPC pattern and the canonical form of the parsed query. */
  key(version: string, pattern: string, query: unknown): string {
    const digest = createHash('sha1').update(JSON.stringify(canonical(query))).digest('base64url');
    return `${this.prefix}:answers:${this.scope}:${version}:${pattern}:${digest}`;
  }

  async get(key: string): Promise<StoredAnswer | null> {
    const [json, br, gz, etag] = await this.redis.hmgetBuffer(key, 'json', 'br', 'gzip', 'etag');
    if (!json || !etag) return null;
    return { json, br: br ?? Buffer.alloc(0), gzip: gz ?? Buffer.alloc(0), etag: etag.toString() };
  }

  /** `get` where the answer is wanted instead of computing it: counted as a hit or a miss of the scope's answer cache. */
  async lookup(key: string): Promise<StoredAnswer | null> {
    const answer = await this.get(key);
    countCacheLookup(this.cacheName, answer !== null);
    return answer;
  }

  /** Stores an answer (already validated by its producer) for `ttlSeconds`; returns what was stored. */
  async put(key: string, value: unknown, ttlSeconds: number): Promise<StoredAnswer> {
    const answer = await encodeAnswer(value);
    await this.redis.multi().hset(key, { json: answer.json, br: answer.br, gzip: answer.gzip, etag: answer.etag }).expire(key, ttlSeconds).exec();
    return answer;
  }

  /** Whether an answer is stored, without reading it. */
  async has(key: string): Promise<boolean> {
    return (await this.redis.exists(key)) === 1;
  }
}
