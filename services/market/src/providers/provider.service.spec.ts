import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { ProviderUnavailableError } from './provider-errors';
import { ProviderService, type ProviderSettings } from './provider.service';
import type { YahooChart } from './yahoo-chart';
import type { YahooRepository } from './yahoo.repository';

const SETTINGS: ProviderSettings = {
  REDIS_PREFIX: 'test',
  MARKET_PROVIDER_CACHE_SECONDS: 21_600,
  MARKET_PROVIDER_RATE_POINTS: 30,
  MARKET_PROVIDER_RATE_WINDOW_SECONDS: 60,
  MARKET_PROVIDER_MAX_WAIT_SECONDS: 120,
};
const NOW = new Date('2024-04-03T06:00:00Z');

const chart = (close: number): YahooChart => ({
  meta: { gmtoffset: 19_800 },
  quotes: [
    { date: new Date('2024-04-01T03:45:00Z'), open: close, high: close, low: close, close, volume: 100 },
    { date: new Date('2024-04-02T03:45:00Z'), open: close, high: close, low: close, close, volume: 100 },
    // Today's session is still open at NOW (11:30 IST): never imported.
    { date: new Date('2024-04-03T03:45:00Z'), open: close, high: close, low: close, close, volume: 100 },
  ],
});

/** The seam replaced: a provider that counts its calls; Redis replaced by a map (or a failing client). */
const setup = (options: { settings?: Partial<ProviderSettings>; limiter?: RateLimiterMemory; redisDown?: boolean } = {}) => {
  const calls: Array<[string, string]> = [];
  const yahoo = {
    dailyChart: async (ticker: string, from: string) => {
      calls.push([ticker, from]);
      return chart(100 + calls.length);
    },
  } as unknown as YahooRepository;
  const store = new Map<string, string>();
  const ttls = new Map<string, number>();
  const down = async () => {
    throw new Error('connection refused');
  };
  const redis = (
    options.redisDown
      ? { get: down, set: down }
      : {
          get: async (key: string) => store.get(key) ?? null,
          set: async (key: string, value: string, _ex: 'EX', ttl: number) => {
            store.set(key, value);
            ttls.set(key, ttl);
            return 'OK';
          },
        }
  ) as unknown as Redis;
  const limiter = options.limiter ?? new RateLimiterMemory({ points: 1_000, duration: 60 });
  const service = new ProviderService(yahoo, redis, { ...SETTINGS, ...options.settings }, limiter);
  return { service, calls, store, ttls };
};

describe('ProviderService', () => {
  // Expected warnings (Redis down, yahoo-finance2's runtime notice) would only clutter the output.
  beforeAll(() => Logger.overrideLogger(['error']));

  it('maps the symbol to its Yahoo ticker and returns finished sessions from the given day', async () => {
    const { service, calls } = setup();
    const series = await service.dailyBars('M&M', '2024-04-01', NOW);
    expect(calls).toEqual([['M&M.NS', '2024-04-01']]);
    expect(series).toMatchObject({ symbol: 'M&M', ticker: 'M&M.NS', from: '2024-04-01', before: '2024-04-03', cached: false, dropped: 0 });
    expect(series.bars.map((bar) => [bar.date, bar.close, bar.volume])).toEqual([
      ['2024-04-01', 101, 100],
      ['2024-04-02', 101, 100],
    ]);
  });

  it('keeps no volume for the index (^NSEI), like the dataset', async () => {
    const { service, calls } = setup();
    const series = await service.dailyBars('NIFTY 50', '2024-04-01', NOW);
    expect(calls[0]![0]).toBe('^NSEI');
    expect(series.bars.every((bar) => bar.volume === null)).toBe(true);
  });

  it('answers the same symbol and period from the Redis cache (6 h) without asking the provider again', async () => {
    const { service, calls, ttls } = setup();
    const first = await service.dailyBars('TCS', '2024-04-01', NOW);
    const second = await service.dailyBars('TCS', '2024-04-01', NOW);
    expect(calls).toHaveLength(1);
    expect(second).toEqual({ ...first, cached: true });
    expect([...ttls.entries()]).toEqual([['test:market:provider:v1:TCS.NS:2024-04-01:2024-04-03', 21_600]]);

    // Another period (another start, or the next day in India) is another question.
    await service.dailyBars('TCS', '2024-03-29', NOW);
    await service.dailyBars('TCS', '2024-04-01', new Date('2024-04-03T20:00:00Z'));
    expect(calls).toHaveLength(3);
  });

  it('works without the cache when Redis fails or the cache is off', async () => {
    const down = setup({ redisDown: true });
    await down.service.dailyBars('TCS', '2024-04-01', NOW);
    await down.service.dailyBars('TCS', '2024-04-01', NOW);
    expect(down.calls).toHaveLength(2);

    const off = setup({ settings: { MARKET_PROVIDER_CACHE_SECONDS: 0 } });
    await off.service.dailyBars('TCS', '2024-04-01', NOW);
    expect(off.store.size).toBe(0);
  });

  it('waits for a free slot of the rate limit when it is used up, and only real requests take slots', async () => {
    const limiter = new RateLimiterMemory({ points: 1, duration: 1 });
    const { service, calls } = setup({ limiter });
    const started = Date.now();
    await service.dailyBars('TCS', '2024-04-01', NOW);
    await service.dailyBars('TCS', '2024-04-01', NOW); // cached: no slot needed
    expect(Date.now() - started).toBeLessThan(500);
    await service.dailyBars('INFY', '2024-04-01', NOW);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(calls.map(([ticker]) => ticker)).toEqual(['TCS.NS', 'INFY.NS']);
  });

  it('fails as unavailable (a job retries later) when no slot frees up within the longest wait', async () => {
    const limiter = new RateLimiterMemory({ points: 1, duration: 60 });
    const { service, calls } = setup({ limiter, settings: { MARKET_PROVIDER_MAX_WAIT_SECONDS: 1 } });
    await service.dailyBars('TCS', '2024-04-01', NOW);
    await expect(service.dailyBars('INFY', '2024-04-01', NOW)).rejects.toThrow(new ProviderUnavailableError('provider rate limit: no request slot within 1 s'));
    expect(calls).toHaveLength(1);
  });
});
