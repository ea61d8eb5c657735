import { Logger } from '@nestjs/common';
import { replayFetch } from '../../test/fixtures/yahoo/replay';
import { ProviderNotFoundError, ProviderUnavailableError } from './provider-errors';
import { toPublishedSeries } from './yahoo-chart';
import { YahooRepository } from './yahoo.repository';

// Contract test: real responses recorded by the yahoo-finance2 maintainers (test/fixtures/yahoo/README.md),
// replayed through the real client's chart(). No recording of an NSE ticker exists, so NVDA and a Jakarta
// stock stand in: the response format is the same for every exchange.
const NVDA = 'historical-via-chart-NVDA-split-2021-02-01-to-2022-01-31.json';
const WSKT = 'chart-WSKT.JK-2020-01-01-to-2020-01-03.json';
const WSKT_GONE = 'chart-WSKT.JK-2020-01-01-to-2020-01-03.not-found.json';

const repository = (fetchImpl: typeof fetch, timeoutMs = 5_000) => new YahooRepository({ MARKET_PROVIDER_TIMEOUT_MS: timeoutMs }, fetchImpl);

describe('YahooRepository (recorded responses through yahoo-finance2)', () => {
  // Expected warnings (Redis down, yahoo-finance2's runtime notice) would only clutter the output.
  beforeAll(() => Logger.overrideLogger(['error']));

  it('asks the chart API for daily bars with split events from the given day, and gets them parsed', async () => {
    const urls: string[] = [];
    const replay = replayFetch({ 'RELIANCE.NS': NVDA });
    const chart = await repository((input, init) => {
      urls.push(String(input));
      return replay.fetch(input, init);
    }).dailyChart('RELIANCE.NS', '2021-02-01');
    const url = new URL(urls[0]!);
    expect(url.pathname).toBe('/v8/finance/chart/RELIANCE.NS');
    expect(url.searchParams.get('interval')).toBe('1d');
    expect(url.searchParams.get('events')).toBe('split');
    expect(url.searchParams.get('period1')).toBe(String(Date.UTC(2021, 1, 1) / 1000));
    expect(Number(url.searchParams.get('period2'))).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(chart.quotes).toHaveLength(252);
    expect(chart.quotes[0]).toMatchObject({ date: new Date(1612189800 * 1000), close: 13.237000465393066, volume: 217204000 });
    expect(chart.events?.splits).toEqual([expect.objectContaining({ date: new Date(1626787800 * 1000), numerator: 4, denominator: 1 })]);
  });

  it('turns the split-adjusted recording back into prices as published around its 4:1 split', async () => {
    const { fetch } = replayFetch({ 'ZZNVDA.NS': NVDA });
    const chart = await repository(fetch).dailyChart('ZZNVDA.NS', '2021-02-01');
    const series = toPublishedSeries(chart, { from: '2021-02-01', before: '2022-02-01' });
    expect(series.bars).toHaveLength(252);
    expect(series.dropped).toBe(0);
    expect(series.splits).toEqual([{ ex_date: '2021-07-20', ratio: 4 }]);
    const [before, after] = [series.bars.find((b) => b.date === '2021-07-19')!, series.bars.find((b) => b.date === '2021-07-20')!];
    // 18.77975 x 4 and 749,060,000 / 4; the day of the split and after stay as sent.
    expect(before).toEqual({ date: '2021-07-19', open: 71.66, high: 76.17, low: 71.46, close: 75.12, volume: 187265000 });
    expect(after).toEqual({ date: '2021-07-20', open: 18.73, high: 18.84, low: 18.16, close: 18.61, volume: 434687000 });
    expect(series.bars[0]).toEqual({ date: '2021-02-01', open: 52.21, high: 53.08, low: 51.61, close: 52.95, volume: 54301000 });
  });

  it("dates a session east of UTC by the exchange's day (Jakarta, +7 h)", async () => {
    const { fetch } = replayFetch({ 'WSKT.JK': WSKT });
    const chart = await repository(fetch).dailyChart('WSKT.JK', '2020-01-01');
    expect(chart.meta.gmtoffset).toBe(25_200);
    expect(toPublishedSeries(chart, { from: '2020-01-01', before: '2020-01-03' }).bars).toEqual([
      { date: '2020-01-02', open: 1485, high: 1515, low: 1480, close: 1505, volume: 23547100 },
    ]);
  });

  it("reports a ticker Yahoo does not know (recorded 404) as not found, so a job is not retried", async () => {
    const { fetch } = replayFetch({ 'WSKT.JK': WSKT_GONE });
    const error = await repository(fetch)
      .dailyChart('WSKT.JK', '2020-01-01')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderNotFoundError);
    expect((error as Error).message).toBe('WSKT.JK: No data found, symbol may be delisted');
  });

  it('reports network failures, throttling and timeouts as unavailable (retried later)', async () => {
    const { fetch } = replayFetch({});
    await expect(repository(fetch).dailyChart('TCS.NS', '2024-04-01')).rejects.toThrow(ProviderUnavailableError);

    const throttled = async () => new Response('Too Many Requests', { status: 429, statusText: 'Too Many Requests' });
    await expect(repository(throttled).dailyChart('TCS.NS', '2024-04-01')).rejects.toThrow(/^TCS\.NS: HTTP 429: /);

    const hanging = (_input: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    await expect(repository(hanging, 50).dailyChart('TCS.NS', '2024-04-01')).rejects.toThrow(ProviderUnavailableError);
  });
});
