import { randomBytes } from 'node:crypto';
import { MARKET, QUEUES } from '@nivesh/proto';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { MarketWarmProcessor, warmPlan } from '../src/answers/market-warm.processor';
import { MarketCache } from '../src/cache/market-cache';
import { REDIS_URL, startMarket, type MarketHarness } from './support';

describe('market answers computed ahead of users (market-warm)', () => {
  let market: MarketHarness;
  let cache: MarketCache;
  let warmer: MarketWarmProcessor;
  const symbols = ['INFY', 'TATASTEEL'];
  const plan = warmPlan(symbols);

  beforeAll(async () => {
    market = await startMarket();
    cache = market.app.get(MarketCache);
    warmer = market.app.get(MarketWarmProcessor);
  });

  afterAll(() => market.close());

  it('computes and stores every answer of the plan for the current data version', async () => {
    const version = await cache.version();
    const result = await warmer.warm({ version, symbols });
    expect(result).toMatchObject({ version, computed: plan.length, already: 0, stale: false });
    for (const { pattern, query } of plan) {
      expect(await cache.isStored(version, MARKET[pattern], MARKET[pattern].payload.parse(query))).toBe(true);
    }
  });

  it('stores exactly what a request answers: the RPC answer is the stored one', async () => {
    const version = await cache.version();
    const key = cache.store.key(version, MARKET.indicators.pattern, MARKET.indicators.payload.parse({ symbol: 'INFY', range: '5y' }));
    const stored = await cache.store.get(key);
    expect(stored).not.toBeNull();
    const answer = await market.call(MARKET.indicators, { symbol: 'INFY', range: '5y' });
    expect(answer).toEqual(JSON.parse(stored!.json.toString()));
    expect(stored!.br.length).toBeLessThan(stored!.json.length / 2);
  });

  it('computes nothing twice for one version', async () => {
    const result = await warmer.warm({ version: await cache.version(), symbols });
    expect(result).toMatchObject({ computed: 0, already: plan.length });
  });

  it('stops as soon as a newer data version exists', async () => {
    const old = await cache.version();
    await cache.store.bump();
    const result = await warmer.warm({ version: old, symbols });
    expect(result).toMatchObject({ computed: 0, stale: true });
  });

  it('counts the stocks users ask for over a week, most asked first, and not the warm job’s own requests', async () => {
    const now = new Date('2026-10-10T12:00:00Z');
    for (const [symbol, times] of [['SBIN', 3], ['ITC', 5], ['WIPRO', 1]] as const) for (let i = 0; i < times; i++) cache.noteAsked(symbol, now);
    // Yesterday's asks count too (a week of them decides).
    cache.noteAsked('WIPRO', new Date('2026-10-09T12:00:00Z'));
    cache.noteAsked('WIPRO', new Date('2026-10-09T12:00:00Z'));
    cache.noteAsked('WIPRO', new Date('2026-10-09T12:00:00Z'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await cache.mostAsked(2, now)).toEqual(['ITC', 'WIPRO']);
    expect(await cache.mostAsked(10, now)).toEqual(['ITC', 'WIPRO', 'SBIN']);
    // Today the test above asked for INFY's indicators like a user; the warm job computed INFY and TATASTEEL unasked.
    expect(await cache.mostAsked(10)).toEqual(['INFY']);
    // Months later every ask has aged out.
    expect(await cache.mostAsked(10, new Date('2027-06-01T12:00:00Z'))).toEqual([]);
  });

  it('queues one warm job per new data version when an import bumps it', async () => {
    // A prefix no market instance listens on, so the job stays queued to be looked at.
    const prefix = `warm-${randomBytes(4).toString('hex')}`;
    const redis = new Redis(REDIS_URL);
    const bumper = new MarketCache(redis, { ...market.config, REDIS_PREFIX: prefix, MARKET_WARM: true });
    const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const queue = new Queue(QUEUES.marketWarm.name, { connection, prefix: `${prefix}:bull` });
    try {
      await bumper.bumpVersion();
      await bumper.requestWarm('1');
      const jobs = await queue.getJobs(['waiting']);
      expect(jobs.map((job) => [job.id, job.data])).toEqual([['warm-1', { version: '1' }]]);
    } finally {
      await queue.obliterate({ force: true });
      await queue.close();
      connection.disconnect();
      await bumper.close();
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });
});
