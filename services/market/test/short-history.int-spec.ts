import { INDICATOR_HISTORY_SESSIONS, MARKET, type MarketBar, RISK_HISTORY_SESSIONS } from '@nivesh/proto';
import { csvRows, DATASET_END, type MarketHarness, startMarket } from './support';

/**
 * Stocks the daily pipeline has just added (MARKET_UNIVERSE nifty500 or all): company and ISIN from the bhavcopy, no
 * dataset file, industry "Not classified", and only the sessions seen so far until the provider's backfill reaches
 * them. Every per-symbol answer must come back for them, and say how much history there is.
 */
const NEW_STOCKS = { NEWONE: 1, NEWTHREE: 3, NEWTHIRTY: 30, NEWONEFIFTY: 150 } as const;
/** Five sessions two years back and the last 40: first_date lies before the quote's year, yet only 45 sessions exist. */
const GAPPED = 'NEWGAPPED';
const SYMBOLS = [...Object.keys(NEW_STOCKS), GAPPED];

/** A deterministic walk on INFY's dates (so the days match NIFTY 50's and the calendar's), from 100 rupees. */
const walk = (dates: readonly string[]): MarketBar[] => {
  let close = 100;
  return dates.map((date, i) => {
    const open = close;
    close = Math.round(close * (1 + Math.sin(i * 1.7) * 0.02) * 100) / 100;
    return { date, open, high: Math.max(open, close) + 1, low: Math.min(open, close) - 1, close, volume: 10_000 + ((i * 7919) % 5_000) };
  });
};

describe('stocks with little history', () => {
  let market: MarketHarness;
  const first = new Map<string, string>();

  const insert = async (symbol: string, bars: readonly MarketBar[]) => {
    first.set(symbol, bars[0]!.date);
    await market.pg.query(
      `INSERT INTO market.symbols (symbol, file, company, industry, isin, first_date, last_date) VALUES ($1, '', $2, 'Not classified', NULL, $3, $4)`,
      [symbol, `${symbol} Limited`, bars[0]!.date, bars[bars.length - 1]!.date],
    );
    await market.pg.query(
      `INSERT INTO market.daily_bars (symbol, date, open, high, low, close, volume)
       SELECT $1, * FROM unnest($2::date[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[], $7::bigint[])`,
      [symbol, bars.map((b) => b.date), bars.map((b) => b.open), bars.map((b) => b.high), bars.map((b) => b.low), bars.map((b) => b.close), bars.map((b) => b.volume)],
    );
  };

  beforeAll(async () => {
    market = await startMarket();
    await removeNewStocks();
    const dates = csvRows(market.dir, 'INFY.csv').map((row) => row.date);
    expect(dates.at(-1)).toBe(DATASET_END);
    for (const [symbol, sessions] of Object.entries(NEW_STOCKS)) await insert(symbol, walk(dates.slice(-sessions)));
    await insert(GAPPED, walk([...dates.slice(-540, -535), ...dates.slice(-40)]));
  });

  /** Other suites expect the dataset's 48 stocks and NIFTY 50 only. */
  const removeNewStocks = async () => {
    await market.pg.query(`DELETE FROM market.daily_bars WHERE symbol = ANY($1)`, [SYMBOLS]);
    await market.pg.query(`DELETE FROM market.symbols WHERE symbol = ANY($1)`, [SYMBOLS]);
  };

  afterAll(async () => {
    if (market) await removeNewStocks();
    await market?.close();
  });

  it.each(SYMBOLS)('answers every per-symbol question about %s', async (symbol) => {
    const failures: string[] = [];
    const calls: Array<[string, () => Promise<unknown>]> = [
      ['quote', () => market.call(MARKET.quote, { symbol })],
      ['history 1y', () => market.call(MARKET.history, { symbol, range: '1y' })],
      ['history max', () => market.call(MARKET.history, { symbol, range: 'max' })],
      ['indicators 1m', () => market.call(MARKET.indicators, { symbol, range: '1m' })],
      ['indicators 1y', () => market.call(MARKET.indicators, { symbol, range: '1y' })],
      ['indicators max', () => market.call(MARKET.indicators, { symbol, range: 'max' })],
      ['summary', () => market.call(MARKET.summary, { symbol })],
      ['risk 1y', () => market.call(MARKET.risk, { symbol, range: '1y' })],
      ['risk max', () => market.call(MARKET.risk, { symbol, range: 'max' })],
      ['insights', () => market.call(MARKET.insights, { symbol })],
    ];
    for (const [name, call] of calls) await call().catch((error: Error) => failures.push(`${name}: ${error.message}`));
    expect(failures).toEqual([]);
  });

  it.each(Object.entries(NEW_STOCKS))('says how much history %s has: %i sessions since its first day', async (symbol, sessions) => {
    const quote = await market.call(MARKET.quote, { symbol });
    expect(quote.short_history).toEqual({ sessions, first_date: first.get(symbol), needed: INDICATOR_HISTORY_SESSIONS });
    const risk = await market.call(MARKET.risk, { symbol, range: '1y' });
    expect(risk.short_history).toEqual(sessions < RISK_HISTORY_SESSIONS ? { sessions, first_date: first.get(symbol), needed: RISK_HISTORY_SESSIONS } : undefined);
    expect(risk.range.bars).toBe(sessions);
  });

  it('counts every stored session of a stock whose first days lie long before its latest year', async () => {
    const quote = await market.call(MARKET.quote, { symbol: GAPPED });
    expect(quote.short_history).toEqual({ sessions: 45, first_date: first.get(GAPPED), needed: INDICATOR_HISTORY_SESSIONS });
  });

  it('leaves the history out for a stock with enough of it', async () => {
    expect((await market.call(MARKET.quote, { symbol: 'INFY' })).short_history).toBeUndefined();
    expect((await market.call(MARKET.risk, { symbol: 'INFY', range: '1y' })).short_history).toBeUndefined();
  });

  it('compares an unclassified stock with NIFTY 50 only: the other unclassified stocks are not its peers', async () => {
    const insights = await market.call(MARKET.insights, { symbol: 'NEWONEFIFTY' });
    expect(insights.correlation.nifty).not.toBeNull();
    expect(insights.correlation.peers).toEqual([]);
  });

  it('answers the indicators a short history allows, on every one of its days', async () => {
    const one = await market.call(MARKET.indicators, { symbol: 'NEWONE', range: '1y' });
    expect(one.dates).toEqual([DATASET_END]);
    expect(one.series.sma20).toEqual([null]);
    expect(one.series.vwap[0]).not.toBeNull();
    const thirty = await market.call(MARKET.indicators, { symbol: 'NEWTHIRTY', range: 'max' });
    expect(thirty.dates).toHaveLength(30);
    expect(thirty.series.sma20.filter((value) => value !== null)).toHaveLength(11);
    expect(thirty.series.sma50.every((value) => value === null)).toBe(true);
    const summary = await market.call(MARKET.summary, { symbol: 'NEWTHIRTY' });
    expect(summary.trend.figures).toMatchObject({ sma50: null, sma200: null });
    expect(summary.trend.meaning).toMatch(/not enough price history/);
  });
});
