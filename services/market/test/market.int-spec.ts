import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DomainError, indicatorPoints, MARKET, type RpcDefinition } from '@nivesh/proto';
import type { z } from 'zod';
import { CsvImporter } from '../src/import/csv-importer';
import { csvRows, type MarketHarness, startMarket } from './support';

describe('market data', () => {
  let market: MarketHarness;
  let importer: CsvImporter;
  let dir: string;

  const call = <D extends RpcDefinition>(def: D, payload: z.input<D['payload']>) => market.call(def, payload);
  const barCount = async () => (await market.pg.query<{ n: number }>('SELECT count(*)::int AS n FROM market.daily_bars')).rows[0]!.n;

  beforeAll(async () => {
    market = await startMarket();
    dir = market.dir;
    importer = market.app.get(CsvImporter);
    // Imported by startMarket, or by an earlier test file of the run: either way this import must add nothing new.
    await importer.importDirectory(dir);
  });

  afterAll(async () => {
    await market.close();
  });

  it('holds every row of the dataset, and re-importing it adds nothing', async () => {
    const expected = readFileSync(path.join(dir, 'symbols.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .reduce((sum, line) => sum + Number(line.match(/,(\d+),[^,]*$/)![1]), 0);
    expect(await barCount()).toBe(expected);
    const again = await importer.importDirectory(dir);
    expect(again).toEqual(expect.objectContaining({ new_bars: 0, new_actions: 0, updated_actions: 0, flagged: 0, rows_read: expected }));
    expect(await barCount()).toBe(expected);
    const actions = await market.pg.query(
      `SELECT symbol, to_char(ex_date, 'YYYY-MM-DD') AS ex_date, kind, ratio::float8 AS ratio, round(factor, 4)::float8 AS factor, source
       FROM market.corporate_actions WHERE symbol IN ('RELIANCE', 'TATASTEEL') ORDER BY 1, 2`,
    );
    expect(actions.rows).toEqual([
      { symbol: 'RELIANCE', ex_date: '2006-01-18', kind: 'demerger', ratio: null, factor: 0.7694, source: 'dataset' },
      { symbol: 'RELIANCE', ex_date: '2009-11-26', kind: 'bonus', ratio: 2, factor: 0.5, source: 'dataset' },
      { symbol: 'RELIANCE', ex_date: '2017-09-07', kind: 'bonus', ratio: 2, factor: 0.5, source: 'dataset' },
      { symbol: 'RELIANCE', ex_date: '2020-05-13', kind: 'rights', ratio: null, factor: 0.9906, source: 'dataset' },
      { symbol: 'RELIANCE', ex_date: '2023-07-20', kind: 'demerger', ratio: null, factor: 0.9079, source: 'dataset' },
      // After the price files end: known for the fundamentals (filings after it state EPS on twice the shares).
      { symbol: 'RELIANCE', ex_date: '2024-10-28', kind: 'bonus', ratio: 2, factor: 0.5, source: 'dataset' },
      { symbol: 'TATASTEEL', ex_date: '2004-08-11', kind: 'bonus', ratio: 1.5, factor: 0.6667, source: 'dataset' },
      { symbol: 'TATASTEEL', ex_date: '2022-07-28', kind: 'split', ratio: 10, factor: 0.1, source: 'dataset' },
    ]);
  });

  it('rejects a malformed file naming the file and line, and keeps nothing of that import', async () => {
    const bad = mkdtempSync(path.join(tmpdir(), 'market-bad-'));
    writeFileSync(
      path.join(bad, 'symbols.csv'),
      'symbol,file,company,industry,isin,first_date,last_date,rows,former_symbols\nZZGOOD,ZZGOOD.csv,Good Ltd.,TEST,,2020-01-01,2020-01-02,2,\nZZBAD,ZZBAD.csv,Bad Ltd.,TEST,,2020-01-01,2020-01-03,3,\n',
    );
    writeFileSync(path.join(bad, 'ZZGOOD.csv'), 'date,open,high,low,close,volume\n2020-01-01,10,12,9,11,100\n2020-01-02,11,12,10,11,100\n');
    writeFileSync(path.join(bad, 'ZZBAD.csv'), 'date,open,high,low,close,volume\n2020-01-01,10,12,9,11,100\n2020-01-02,11,12,10,11,100\n2020-01-03,11,9,10,11,100\n');
    const before = await barCount();
    await expect(importer.importDirectory(bad)).rejects.toThrow('ZZBAD.csv:4: high is below low');
    expect(await barCount()).toBe(before);
    expect((await market.pg.query(`SELECT 1 FROM market.symbols WHERE symbol LIKE 'ZZ%'`)).rowCount).toBe(0);
  });

  it('imports a manifest whose quoted fields hold a comma and a line break, and finds the company by that name', async () => {
    const quoted = mkdtempSync(path.join(tmpdir(), 'market-quoted-'));
    writeFileSync(
      path.join(quoted, 'symbols.csv'),
      'symbol,file,company,industry,isin,first_date,last_date,rows,former_symbols\n' +
        'ZZQUOTE,ZZQUOTE.csv,"Quote, Comma & Co. Ltd.",TEST,,2020-01-01,2020-01-02,2,"ZZOLD (renamed\nZZQUOTE on 2019-12-01)"\n',
    );
    writeFileSync(path.join(quoted, 'ZZQUOTE.csv'), 'date,open,high,low,close,volume\n2020-01-01,10,12,9,11,100\n2020-01-02,11,12,10,11,100\n');
    try {
      expect(await importer.importDirectory(quoted)).toMatchObject({ symbols: 1, rows_read: 2, new_bars: 2 });
      expect(await call(MARKET.search, { q: 'quote, comma' })).toEqual([{ symbol: 'ZZQUOTE', company: 'Quote, Comma & Co. Ltd.', industry: 'TEST' }]);
    } finally {
      await market.pg.query(`DELETE FROM market.symbols WHERE symbol = 'ZZQUOTE'`);
    }
  });

  it('quotes RELIANCE as of 2024-03-28 with the CSV last close and the 52-week range computed from the CSV, adjusted for the Jio Financial demerger', async () => {
    const rows = csvRows(dir, 'RELIANCE.csv');
    const last = rows[rows.length - 1]!;
    const previous = rows[rows.length - 2]!;
    // Before the demerger's ex-date every price is multiplied by the discovered price against the previous close.
    const demerger = 2580 / 2841.85;
    const year = rows
      .filter((row) => row.date > '2023-03-28')
      .map((row) => (row.date < '2023-07-20' ? { ...row, high: Math.round(row.high * demerger * 1e4) / 1e4, low: Math.round(row.low * demerger * 1e4) / 1e4 } : row));
    const quote = await call(MARKET.quote, { symbol: 'reliance' });
    expect(quote).toEqual({
      symbol: 'RELIANCE',
      company: 'Reliance Industries Ltd.',
      as_of: '2024-03-28',
      close: last.close,
      change: expect.closeTo(last.close - previous.close, 4),
      change_pct: expect.closeTo(((last.close - previous.close) / previous.close) * 100, 2),
      high_52w: Math.max(...year.map((row) => row.high)),
      low_52w: Math.min(...year.map((row) => row.low)),
      volume: last.volume,
    });
  });

  it('answers an unknown symbol with not_found', async () => {
    const error = await call(MARKET.quote, { symbol: 'NOSUCH' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toEqual(expect.objectContaining({ code: 'not_found', message: 'Unknown symbol' }));
    await expect(call(MARKET.history, { symbol: 'NOSUCH', range: '1m' })).rejects.toThrow('Unknown symbol');
  });

  it('finds symbols by symbol or company name', async () => {
    expect((await call(MARKET.search, { q: 'reliance' }))[0]).toEqual({ symbol: 'RELIANCE', company: 'Reliance Industries Ltd.', industry: expect.any(String) });
    expect((await call(MARKET.search, { q: 'mahindra' })).map((r) => r.symbol)).toContain('M&M');
    expect(await call(MARKET.search, { q: '%' })).toEqual([]);
  });

  it.each([
    ['RELIANCE', ['2009-11-26', '2017-09-07']],
    ['TATASTEEL', ['2022-07-28']],
  ])('%s: the raw series shows a false crash on each ex-date, the adjusted one none', async (symbol, exDates) => {
    const raw = await call(MARKET.history, { symbol, range: 'max', adjusted: false });
    const adjusted = await call(MARKET.history, { symbol, range: 'max' });
    expect(adjusted.adjusted).toBe(true);
    expect(raw.bars.length).toBe(csvRows(dir, `${symbol}.csv`).length);
    for (const exDate of exDates) {
      const i = raw.bars.findIndex((bar) => bar.date === exDate);
      expect(raw.bars[i]!.close / raw.bars[i - 1]!.close - 1).toBeLessThan(-0.4);
      const change = adjusted.bars[i]!.close / adjusted.bars[i - 1]!.close - 1;
      expect(Math.abs(change)).toBeLessThan(0.2);
    }
    expect(adjusted.bars[adjusted.bars.length - 1]).toEqual(raw.bars[raw.bars.length - 1]);
  });

  it('carries the corporate actions of the range for chart markers, in both price bases, and none where there are none', async () => {
    const expected = [
      { date: '2020-05-13', kind: 'rights', ratio: null, factor: expect.closeTo(0.9906, 4), label: 'Rights issue of 1 share for every 15 at ₹1,257 (price adjusted ×0.991)' },
      { date: '2023-07-20', kind: 'demerger', ratio: null, factor: expect.closeTo(2580 / 2841.85, 10), label: 'Demerger of Jio Financial Services (price adjusted ×0.908)' },
    ];
    expect((await call(MARKET.history, { symbol: 'RELIANCE', range: '5y' })).actions).toEqual(expected);
    expect((await call(MARKET.history, { symbol: 'RELIANCE', range: '5y', adjusted: false })).actions).toEqual(expected);
    expect((await call(MARKET.history, { symbol: 'HDFCBANK', range: 'max' })).actions).toEqual([
      { date: '2011-07-14', kind: 'split', ratio: 5, factor: 0.2, label: '5-for-1 split' },
      { date: '2019-09-19', kind: 'split', ratio: 2, factor: 0.5, label: '2-for-1 split' },
    ]);
    expect((await call(MARKET.history, { symbol: 'RELIANCE', range: '1m' })).actions).toEqual([]);
  });

  it("continues RELIANCE's adjusted prices across the Jio Financial demerger: the day before closes at the discovered price", async () => {
    const { bars } = await call(MARKET.history, { symbol: 'RELIANCE', range: '1y' });
    const i = bars.findIndex((bar) => bar.date === '2023-07-20');
    expect(bars[i - 1]!.close).toBe(2580);
    expect(bars[i]!.open / bars[i - 1]!.close - 1).toBe(0);
    // Volumes count the same shares before and after: a demerger leaves the share count alone.
    expect(bars[i - 1]!.volume).toBe(csvRows(dir, 'RELIANCE.csv').find((row) => row.date === '2023-07-19')!.volume);
  });

  it('limits history to the range, ending at the latest bar', async () => {
    const history = await call(MARKET.history, { symbol: 'M&M', range: '1m', adjusted: false });
    expect(history.bars[history.bars.length - 1]!.date).toBe('2024-03-28');
    expect(history.bars[0]!.date > '2024-02-28').toBe(true);
  });

  it("INFY's latest RSI14 matches a plain Wilder RSI over the adjusted closes", async () => {
    const { bars } = await call(MARKET.history, { symbol: 'INFY', range: 'max' });
    const closes = bars.map((bar) => bar.close);
    // Wilder: seed with the simple average of the first 14 changes, then avg = (avg * 13 + change) / 14.
    let gain = 0;
    let loss = 0;
    for (let i = 1; i < closes.length; i++) {
      const change = closes[i]! - closes[i - 1]!;
      const up = Math.max(change, 0);
      const down = Math.max(-change, 0);
      if (i <= 14) {
        gain += up / 14;
        loss += down / 14;
      } else {
        gain = (gain * 13 + up) / 14;
        loss = (loss * 13 + down) / 14;
      }
    }
    const expected = loss === 0 ? 100 : 100 - 100 / (1 + gain / loss);
    const answer = indicatorPoints(await call(MARKET.indicators, { symbol: 'INFY' }));
    expect(answer.as_of).toBe(bars[bars.length - 1]!.date);
    const last = answer.series.rsi14[answer.series.rsi14.length - 1]!;
    expect(last.date).toBe(answer.as_of);
    expect(Math.abs(last.value - expected)).toBeLessThan(0.01);
  });

  it('answers indicators for RELIANCE over 1m with every series non-empty and within the range', async () => {
    const history = await call(MARKET.history, { symbol: 'RELIANCE', range: '1m' });
    const columns = await call(MARKET.indicators, { symbol: 'RELIANCE', range: '1m' });
    // Every column is aligned to the range's dates.
    expect(columns.dates).toEqual(history.bars.map((bar) => bar.date));
    expect(columns.series.rsi14).toHaveLength(columns.dates.length);
    const answer = indicatorPoints(columns);
    expect(answer).toEqual(expect.objectContaining({ symbol: 'RELIANCE', adjusted: true, as_of: history.bars[history.bars.length - 1]!.date }));
    const { macd, bollinger20, stochastic14, ...single } = answer.series;
    const all = { ...single, ...macd, ...bollinger20, ...stochastic14 };
    const dates = history.bars.map((bar) => bar.date);
    expect(Object.keys(all)).toHaveLength(16);
    for (const [name, points] of Object.entries(all)) {
      expect([name, points.length > 0]).toEqual([name, true]);
      expect(points.every((point) => dates.includes(point.date))).toBe(true);
    }
    // Warm-up before the range makes the windowed indicators stable from its first bar.
    expect(answer.series.sma50.map((point) => point.date)).toEqual(dates);
    expect(answer.series.sma20[0]!.value).toBeCloseTo(
      (await call(MARKET.history, { symbol: 'RELIANCE', range: '6m' })).bars
        .filter((bar) => bar.date <= dates[0]!)
        .slice(-20)
        .reduce((sum, bar) => sum + bar.close / 20, 0),
      3,
    );
    await expect(call(MARKET.indicators, { symbol: 'NOSUCH', range: '1m' })).rejects.toThrow('Unknown symbol');
  });
});
