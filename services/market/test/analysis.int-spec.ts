import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DomainError, MARKET, type MarketBar } from '@nivesh/proto';
import { csvRows, type MarketHarness, startMarket } from './support';

// Independent arithmetic over the dataset's rows (or the adjusted history answer), to check the service against.
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const round2 = (x: number) => Math.round(x * 100) / 100;
const onOrBefore = <T extends { date: string }>(rows: T[], date: string) => rows.filter((row) => row.date <= date).pop();
type Manifest = { symbol: string; file: string; company: string; industry: string; isin: string; first_date: string; last_date: string; rows: number };

const ADVICE = /\b(buy|sell|target|should|recommend)/i;

describe('market analysis', () => {
  let market: MarketHarness;
  let manifest: Manifest[];
  let stocks: Manifest[];
  let nifty: MarketBar[];

  beforeAll(async () => {
    market = await startMarket();
    manifest = readFileSync(path.join(market.dir, 'symbols.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => {
        // company names may be quoted and hold commas
        const cells = line.match(/("[^"]*"|[^,]*)(,|$)/g)!.map((cell) => cell.replace(/,$/, '').replace(/^"|"$/g, ''));
        const [symbol, file, company, industry, isin, first_date, last_date, rows] = cells as [string, string, string, string, string, string, string, string];
        return { symbol, file, company, industry, isin, first_date, last_date, rows: Number(rows) };
      });
    stocks = manifest.filter((entry) => entry.symbol !== 'NIFTY 50');
    nifty = csvRows(market.dir, 'NIFTY50.csv');
  });

  afterAll(async () => {
    await market?.close();
  });

  it('reports status: latest and first bar dates, stock count and every stored bar', async () => {
    expect(stocks).toHaveLength(48);
    expect(await market.call(MARKET.status, {})).toEqual({
      as_of: '2024-03-28',
      symbols: 48,
      bars: manifest.reduce((sum, entry) => sum + entry.rows, 0),
      first_date: manifest.map((entry) => entry.first_date).sort()[0],
    });
  });

  it('lists every stock of the manifest, not the index', async () => {
    const symbols = await market.call(MARKET.symbols, {});
    expect(symbols.map((entry) => entry.symbol)).toEqual(stocks.map((entry) => entry.symbol).sort());
    const infy = manifest.find((entry) => entry.symbol === 'INFY')!;
    expect(symbols.find((entry) => entry.symbol === 'INFY')).toEqual({
      symbol: 'INFY',
      company: infy.company,
      industry: infy.industry,
      isin: infy.isin,
      first_date: infy.first_date,
      last_date: infy.last_date,
    });
  });

  describe('overview', () => {
    type Move = { symbol: string; industry: string; close: number; change: number; volume: number | null; month: number | null };
    let moves: Move[];

    beforeAll(() => {
      // Each stock's last two CSV rows, when the last is on 2024-03-28 (no split or bonus falls on that day).
      moves = stocks.flatMap((entry) => {
        const rows = csvRows(market.dir, entry.file);
        const last = rows[rows.length - 1]!;
        if (last.date !== '2024-03-28' || rows.length < 2) return [];
        const monthAgo = onOrBefore(rows, '2024-02-28');
        return [
          {
            symbol: entry.symbol,
            industry: entry.industry,
            close: last.close,
            change: last.close / rows[rows.length - 2]!.close - 1,
            volume: last.volume,
            month: monthAgo ? (last.close / monthAgo.close - 1) * 100 : null,
          },
        ];
      });
    });

    it('answers 2024-03-28 with NIFTY 50 as of its last row and its 52-week range', async () => {
      const overview = await market.call(MARKET.overview, {});
      expect(overview.as_of).toBe('2024-03-28');
      const last = nifty[nifty.length - 1]!;
      const previous = nifty[nifty.length - 2]!;
      const year = nifty.filter((row) => row.date > '2023-03-07');
      expect(overview.index).toEqual({
        symbol: 'NIFTY 50',
        as_of: '2024-03-07',
        close: last.close,
        change: round2(last.close - previous.close),
        change_pct: round2((last.close / previous.close - 1) * 100),
        high_52w: Math.max(...year.map((row) => row.high)),
        low_52w: Math.min(...year.map((row) => row.low)),
        history: year.map((row) => ({ date: row.date, close: row.close })),
      });
      expect(overview.index.history.at(-1)!.date).toBe('2024-03-07');
    });

    it('counts breadth and ranks movers from the last two rows of every stock', async () => {
      const overview = await market.call(MARKET.overview, {});
      expect(overview.breadth).toEqual({
        advancers: moves.filter((move) => move.change > 0).length,
        decliners: moves.filter((move) => move.change < 0).length,
        unchanged: moves.filter((move) => move.change === 0).length,
      });
      const top = [...moves].sort((a, b) => b.change - a.change)[0]!;
      expect(overview.gainers[0]).toEqual(expect.objectContaining({ symbol: top.symbol, close: top.close, change_pct: round2(top.change * 100), volume: top.volume }));
      const bottom = [...moves].sort((a, b) => a.change - b.change)[0]!;
      expect(overview.losers[0]).toEqual(expect.objectContaining({ symbol: bottom.symbol, change_pct: round2(bottom.change * 100) }));
      const active = [...moves].filter((move) => move.volume !== null).sort((a, b) => b.close * b.volume! - a.close * a.volume!)[0]!;
      expect(overview.most_active[0]).toEqual(expect.objectContaining({ symbol: active.symbol, traded_value: round2(active.close * active.volume!) }));
      for (const list of [overview.gainers, overview.losers, overview.most_active]) expect(list.length).toBeLessThanOrEqual(5);
      expect(overview.gainers.every((move) => move.change_pct >= 0)).toBe(true);
      expect(overview.losers.every((move) => move.change_pct <= 0)).toBe(true);
    });

    it("averages IT's day and month changes over its stocks", async () => {
      const { sectors } = await market.call(MARKET.overview, {});
      const it = moves.filter((move) => move.industry === 'IT');
      expect(it.length).toBeGreaterThan(3);
      expect(sectors.find((sector) => sector.industry === 'IT')).toEqual({
        industry: 'IT',
        change_pct: expect.closeTo(mean(it.map((move) => move.change * 100)), 2),
        change_1m_pct: expect.closeTo(mean(it.map((move) => move.month!)), 2),
        stocks: it.length,
        advancers: it.filter((move) => move.change > 0).length,
        decliners: it.filter((move) => move.change < 0).length,
      });
      expect(sectors.reduce((sum, sector) => sum + sector.stocks, 0)).toBe(moves.length);
      expect(sectors.map((sector) => sector.change_pct)).toEqual([...sectors.map((sector) => sector.change_pct)].sort((a, b) => b - a));
    });
  });

  describe('technical summary', () => {
    it("answers INFY's trend, momentum and volatility from its adjusted closes, with consistent labels", async () => {
      const { bars } = await market.call(MARKET.history, { symbol: 'INFY', range: 'max' });
      const closes = bars.map((bar) => bar.close);
      const last = bars[bars.length - 1]!;
      const summary = await market.call(MARKET.summary, { symbol: 'infy' });
      expect(summary).toEqual(expect.objectContaining({ symbol: 'INFY', company: 'Infosys Ltd.', as_of: '2024-03-28', close: last.close }));

      const { figures: trend } = summary.trend;
      expect(trend.sma50).toBeCloseTo(mean(closes.slice(-50)), 2);
      expect(trend.sma200).toBeCloseTo(mean(closes.slice(-200)), 2);
      expect(trend.sma50_slope_pct).toBeCloseTo((mean(closes.slice(-50)) / mean(closes.slice(-70, -20)) - 1) * 100, 2);
      const up = last.close > trend.sma50! && trend.sma50! > trend.sma200! && trend.sma50_slope_pct! > 0;
      const down = last.close < trend.sma50! && trend.sma50! < trend.sma200! && trend.sma50_slope_pct! < 0;
      expect(summary.trend.label).toBe(up ? 'uptrend' : down ? 'downtrend' : 'sideways');

      // Wilder RSI over all adjusted closes; the summary warms up on three years, which converges to the same value.
      let gain = 0;
      let loss = 0;
      for (let i = 1; i < closes.length; i++) {
        const change = closes[i]! - closes[i - 1]!;
        const [u, d] = [Math.max(change, 0), Math.max(-change, 0)];
        [gain, loss] = i <= 14 ? [gain + u / 14, loss + d / 14] : [(gain * 13 + u) / 14, (loss * 13 + d) / 14];
      }
      const rsi = summary.momentum.figures.rsi14!;
      expect(Math.abs(rsi - (100 - 100 / (1 + gain / loss)))).toBeLessThan(0.01);
      expect(summary.momentum.label).toBe(rsi >= 70 ? 'overbought' : rsi >= 55 ? 'strong' : rsi >= 45 ? 'neutral' : rsi >= 30 ? 'weak' : 'oversold');
      expect(summary.momentum.figures.return_1m_pct).toBeCloseTo((last.close / onOrBefore(bars, '2024-02-28')!.close - 1) * 100, 2);

      const returns = closes.slice(-21).map((close, i, all) => (i ? Math.log(close / all[i - 1]!) : 0)).slice(1);
      const sd = Math.sqrt(returns.reduce((sum, r) => sum + (r - mean(returns)) ** 2, 0) / (returns.length - 1));
      expect(summary.volatility.figures.realised_20d_pct).toBeCloseTo(sd * Math.sqrt(252) * 100, 2);
      const percentile = summary.volatility.figures.percentile!;
      expect(percentile).toBeGreaterThanOrEqual(0);
      expect(summary.volatility.label).toBe(percentile < 25 ? 'low' : percentile > 75 ? 'high' : 'normal');
      for (const reading of [summary.trend, summary.momentum, summary.volatility]) expect(reading.meaning).not.toMatch(ADVICE);
    });

    it('lists support below and resistance above the close, nearest first, at swing points of the last year', async () => {
      const { bars } = await market.call(MARKET.history, { symbol: 'INFY', range: 'max' });
      const year = bars.slice(-252);
      const summary = await market.call(MARKET.summary, { symbol: 'INFY' });
      const { support, resistance, close } = summary;
      expect(support.length + resistance.length).toBeGreaterThan(0);
      expect(support.length).toBeLessThanOrEqual(3);
      expect(resistance.length).toBeLessThanOrEqual(3);
      expect(support.every((level) => level.price < close)).toBe(true);
      expect(resistance.every((level) => level.price > close)).toBe(true);
      expect(support.map((level) => level.price)).toEqual([...support.map((level) => level.price)].sort((a, b) => b - a));
      expect(resistance.map((level) => level.price)).toEqual([...resistance.map((level) => level.price)].sort((a, b) => a - b));
      const isSwing = (i: number, pick: (bar: MarketBar) => number, beyond: (a: number, b: number) => boolean) =>
        i >= 5 && i < year.length - 5 && [1, 2, 3, 4, 5].every((k) => beyond(pick(year[i]!), pick(year[i - k]!)) && beyond(pick(year[i]!), pick(year[i + k]!)));
      const swingPrices = year.flatMap((bar, j) => [
        ...(isSwing(j, (b) => b.high, (a, b) => a > b) ? [bar.high] : []),
        ...(isSwing(j, (b) => b.low, (a, b) => a < b) ? [bar.low] : []),
      ]);
      for (const level of [...support, ...resistance]) {
        // The level's latest turn is a swing high or low of the last 252 bars, within 1.5% of the level's price.
        const i = year.findIndex((bar) => bar.date === level.last_date);
        const swings = [isSwing(i, (b) => b.high, (a, b) => a > b) ? year[i]!.high : null, isSwing(i, (b) => b.low, (a, b) => a < b) ? year[i]!.low : null];
        expect(swings.some((price) => price !== null && Math.abs(price / level.price - 1) <= 0.015)).toBe(true);
        // The price turned there at least twice, and every turn counted is a swing point within 1.5% of the level.
        expect(level.touches).toBeGreaterThanOrEqual(2);
        expect(swingPrices.filter((price) => Math.abs(price / level.price - 1) <= 0.015).length).toBeGreaterThanOrEqual(level.touches);
      }
    });

    it('answers an unknown symbol with not_found', async () => {
      const error = await market.call(MARKET.summary, { symbol: 'NOSUCH' }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toEqual(expect.objectContaining({ code: 'not_found', message: 'Unknown symbol' }));
    });
  });

  describe('sentiment', () => {
    it("scores NIFTY 50's last day from breadth, momentum, volatility and highs vs lows computed here", async () => {
      const sentiment = await market.call(MARKET.sentiment, { range: '1y' });
      const asOf = nifty[nifty.length - 1]!.date;
      expect(sentiment.as_of).toBe(asOf);
      const component = (key: string) => sentiment.components.find((c) => c.key === key)!;

      // Per stock, adjusted closes up to the day (splits such as NESTLEIND's in 2024 matter for averages and ranges).
      let above = 0;
      let eligible = 0;
      let highs = 0;
      let lows = 0;
      for (const entry of stocks) {
        const closes = (await market.call(MARKET.history, { symbol: entry.symbol, range: '5y' })).bars.filter((bar) => bar.date <= asOf).map((bar) => bar.close);
        const close = closes[closes.length - 1]!;
        if (closes.length >= 50) {
          eligible++;
          if (close > mean(closes.slice(-50))) above++;
        }
        if (closes.length >= 252) {
          const window = closes.slice(-252);
          if (close >= Math.max(...window) * 0.95) highs++;
          if (close <= Math.min(...window) * 1.05) lows++;
        }
      }
      expect(component('breadth')).toEqual(expect.objectContaining({ value: round2((above / eligible) * 100), unit: '% above 50-day average' }));
      expect(component('highs_lows')).toEqual(expect.objectContaining({ value: round2((highs / (highs + lows)) * 100), unit: '% near highs' }));
      expect(component('highs_lows').meaning).toContain(`${highs} of 48 stocks closed within 5% of their 52-week high and ${lows} within 5%`);

      const closes = nifty.map((row) => row.close);
      const distance = (closes[closes.length - 1]! / mean(closes.slice(-125)) - 1) * 100;
      expect(component('momentum')).toEqual(expect.objectContaining({ value: round2(distance), score: Math.round(Math.min(100, Math.max(0, 50 + 5 * distance)) * 10) / 10 }));
      const returns = closes.slice(-21).map((close, i, all) => (i ? Math.log(close / all[i - 1]!) : 0)).slice(1);
      const volatility = Math.sqrt(returns.reduce((sum, r) => sum + (r - mean(returns)) ** 2, 0) / (returns.length - 1)) * Math.sqrt(252) * 100;
      expect(component('volatility').value).toBeCloseTo(volatility, 2);

      expect(sentiment.components.map((c) => c.key)).toEqual(['breadth', 'momentum', 'volatility', 'highs_lows']);
      expect(Math.abs(sentiment.score - mean(sentiment.components.map((c) => c.score)))).toBeLessThanOrEqual(0.05 + 1e-9);
      const s = sentiment.score;
      expect(sentiment.label).toBe(s < 25 ? 'Extreme fear' : s < 45 ? 'Fear' : s <= 55 ? 'Neutral' : s <= 75 ? 'Greed' : 'Extreme greed');
      for (const c of sentiment.components) expect(c.meaning).not.toMatch(ADVICE);
      expect(sentiment.method).not.toMatch(ADVICE);
    });

    it.each([
      ['6m', '2023-09-07'],
      ['1y', '2023-03-07'],
      ['5y', '2019-03-07'],
    ] as const)('keeps a %s history over every NIFTY 50 day after %s, ending at the score', async (range, from) => {
      const sentiment = await market.call(MARKET.sentiment, { range });
      expect(sentiment.history.map((point) => point.date)).toEqual(nifty.filter((row) => row.date > from).map((row) => row.date));
      expect(sentiment.history.at(-1)).toEqual({ date: sentiment.as_of, score: sentiment.score });
    });
  });
});
