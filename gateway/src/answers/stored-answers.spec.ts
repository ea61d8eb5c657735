import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { MARKET } from '@nivesh/proto';
import { AnswerStore } from '@nivesh/platform';
import { startTestGateway, type TestGateway } from '../../test/test-app';
import { etagMatches, VERSIONED_CACHE_CONTROL } from './stored-answers.service';

/** A quote-shaped answer large enough to be stored compressed. */
const quote = (symbol: string) => ({ symbol, note: 'x'.repeat(4_000) });

describe('versioned answers from stored bytes', () => {
  let gw: TestGateway;
  let store: AnswerStore;

  beforeAll(async () => {
    gw = await startTestGateway();
    store = new AnswerStore(gw.redis, gw.config.REDIS_PREFIX, 'market');
  });

  afterAll(() => gw.close());

  beforeEach(() => gw.rpc.reset());

  /** Stores an answer the way services/market does after computing it, under the current data version. */
  const storeQuote = async (symbol: string) => {
    const key = store.key(await store.version(), MARKET.quote.pattern, MARKET.quote.payload.parse({ symbol }));
    return store.put(key, quote(symbol), 60);
  };
  const get = (url: string, headers: Record<string, string> = {}) => gw.fastify.inject({ method: 'GET', url, headers });
  /** Retries `check` until it holds (an announcement travels through Redis pub/sub), for 2 s at most. */
  const eventually = async (check: () => Promise<boolean>) => {
    for (const until = Date.now() + 2_000; Date.now() < until; ) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('condition not met within 2 s');
  };

  it('sends the stored brotli bytes to a client that accepts brotli, with an ETag and Cache-Control, without asking the service', async () => {
    const stored = await storeQuote('INFY');
    const response = await get('/api/market/quote?symbol=INFY', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers.etag).toBe(stored.etag);
    expect(response.headers['cache-control']).toBe(VERSIONED_CACHE_CONTROL);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(stored.json.length / 4);
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toEqual(quote('INFY'));
    expect(gw.rpc.calls).toHaveLength(0);
  });

  it('sends gzip to a gzip-only client and plain JSON to a client that accepts no encoding', async () => {
    await storeQuote('TCS');
    const gz = await get('/api/market/quote?symbol=TCS', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(quote('TCS'));
    const plain = await get('/api/market/quote?symbol=TCS');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(quote('TCS'));
  });

  it('answers a revalidation with the current ETag with 304 and no body', async () => {
    const { etag } = await storeQuote('SBIN');
    const response = await get('/api/market/quote?symbol=SBIN', { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(304);
    expect(response.rawPayload.length).toBe(0);
    expect(response.headers.etag).toBe(etag);
  });

  it('asks the service once when nothing is stored, then sends the bytes the service stored', async () => {
    gw.rpc.on(MARKET.quote.pattern, async (payload) => {
      await storeQuote((payload as { symbol: string }).symbol);
      return quote('ITC');
    });
    const first = await get('/api/market/quote?symbol=ITC');
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBeDefined();
    expect(first.json()).toEqual(quote('ITC'));
    const second = await get('/api/market/quote?symbol=ITC', { 'if-none-match': String(first.headers.etag) });
    expect(second.statusCode).toBe(304);
    expect(gw.rpc.calls).toHaveLength(1);
  });

  it('serves a new data version fresh: an import makes the old ETag stale', async () => {
    const old = await storeQuote('LT');
    expect((await get('/api/market/quote?symbol=LT', { 'if-none-match': old.etag })).statusCode).toBe(304);
    await store.bump();
    gw.rpc.on(MARKET.quote.pattern, () => ({ symbol: 'LT', fresh: true }));
    let response = await get('/api/market/quote?symbol=LT', { 'if-none-match': old.etag });
    await eventually(async () => {
      response = await get('/api/market/quote?symbol=LT', { 'if-none-match': old.etag });
      return response.statusCode === 200;
    });
    expect(response.json()).toEqual({ symbol: 'LT', fresh: true });
    // The service stored nothing (as with its cache off): the answer is not to be reused.
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('keys an answer by the parsed query, so the same question asked differently is one answer', async () => {
    const key = store.key(await store.version(), MARKET.history.pattern, MARKET.history.payload.parse({ symbol: 'INFY', range: '5y', adjusted: 'true' }));
    await store.put(key, { same: true }, 60);
    const response = await get('/api/market/history?adjusted=1&range=5y&symbol=INFY');
    expect(response.json()).toEqual({ same: true });
    expect(gw.rpc.calls).toHaveLength(0);
  });
});

describe('etagMatches', () => {
  it('compares weakly and understands lists and *', () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('*', 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });
});
