import { createRequire } from 'node:module';
import path from 'node:path';
import type { IndicatorPoint, IndicatorPointSeries, MarketBar } from '@nivesh/proto';
import { technicalSummary } from '../analysis/technical-summary';
import { loadTradingSignals } from '../analysis/trading-signals';
import { ConfigSchema } from '../config';
import { adjustBars } from '../data/adjust';
import { readBarsCsv, readSymbolsCsv } from '../data/csv';
import { DATASET_ACTIONS } from '../data/dataset-actions';
import { computeIndicators, WARM_UP_BARS } from './indicators.service';

// Every indicator the market service serves against TA-Lib's C library (the `talib` binding, built from TA-Lib's
// source at install) on the whole dataset: the 48 stocks and NIFTY 50, split- and bonus-adjusted as the service
// answers them: 10 to 20 s on two cores.

type TaLibAnswer = { begIndex: number; nbElement: number; result: Record<string, number[]> };
type TaLib = { execute: (call: Record<string, unknown>) => TaLibAnswer };
const talib = createRequire(__filename)('talib') as TaLib;

const DATA = ConfigSchema.shape.MARKET_DATA_DIR.parse(process.env.MARKET_DATA_DIR);

/** Relative tolerance; below 1e-4 (the answer's last decimal) the difference counts as relative to 1e-4. */
const TOLERANCE = 1e-6;
const FLOOR = 1e-4;
const relativeError = (ours: number, theirs: number) => Math.abs(ours - theirs) / Math.max(Math.abs(theirs), FLOOR);

type Column = Array<number | null>;

/** One TA-Lib function over a series: each output as a column aligned to the bars, null before its lookback. */
const taLib = (name: string, bars: readonly MarketBar[], options: Record<string, unknown> = {}): Record<string, Column> => {
  const answer = talib.execute({
    name,
    startIdx: 0,
    endIdx: bars.length - 1,
    open: bars.map((bar) => bar.open),
    high: bars.map((bar) => bar.high),
    low: bars.map((bar) => bar.low),
    close: bars.map((bar) => bar.close),
    volume: bars.map((bar) => bar.volume ?? 0),
    inReal: bars.map((bar) => bar.close),
    ...options,
  });
  return Object.fromEntries(Object.entries(answer.result).map(([key, values]) => [key, bars.map((_, i) => (i < answer.begIndex ? null : values[i - answer.begIndex]!))]));
};

const LEAVES: Record<string, (series: IndicatorPointSeries) => IndicatorPoint[]> = {
  sma20: (s) => s.sma20,
  sma50: (s) => s.sma50,
  ema20: (s) => s.ema20,
  rsi14: (s) => s.rsi14,
  'macd.macd': (s) => s.macd.macd,
  'macd.signal': (s) => s.macd.signal,
  'macd.histogram': (s) => s.macd.histogram,
  'bollinger20.upper': (s) => s.bollinger20.upper,
  'bollinger20.middle': (s) => s.bollinger20.middle,
  'bollinger20.lower': (s) => s.bollinger20.lower,
  atr14: (s) => s.atr14,
  adx14: (s) => s.adx14,
  'stochastic14.k': (s) => s.stochastic14.k,
  'stochastic14.d': (s) => s.stochastic14.d,
  obv: (s) => s.obv,
  vwap: (s) => s.vwap,
};

/** VWAP is not a TA-Lib function: the cumulative volume-weighted mean of TA-Lib's TYPPRICE, bars without volume left out. */
const vwapOf = (bars: readonly MarketBar[]): Column => {
  const typical = taLib('TYPPRICE', bars).outReal!;
  let priceVolume = 0;
  let volume = 0;
  return bars.map((bar, i) => {
    if (!bar.volume) return null;
    priceVolume += typical[i]! * bar.volume;
    volume += bar.volume;
    return priceVolume / volume;
  });
};

/** TA-Lib's answer for every leaf over the same bars. */
const reference = (bars: readonly MarketBar[]): Record<string, Column> => {
  const macd = taLib('MACD', bars, { optInFastPeriod: 12, optInSlowPeriod: 26, optInSignalPeriod: 9 });
  const bollinger = taLib('BBANDS', bars, { optInTimePeriod: 20, optInNbDevUp: 2, optInNbDevDn: 2, optInMAType: 0 });
  const stochastic = taLib('STOCH', bars, { optInFastK_Period: 14, optInSlowK_Period: 1, optInSlowK_MAType: 0, optInSlowD_Period: 3, optInSlowD_MAType: 0 });
  return {
    sma20: taLib('SMA', bars, { optInTimePeriod: 20 }).outReal!,
    sma50: taLib('SMA', bars, { optInTimePeriod: 50 }).outReal!,
    ema20: taLib('EMA', bars, { optInTimePeriod: 20 }).outReal!,
    rsi14: taLib('RSI', bars, { optInTimePeriod: 14 }).outReal!,
    'macd.macd': macd.outMACD!,
    'macd.signal': macd.outMACDSignal!,
    'macd.histogram': macd.outMACDHist!,
    'bollinger20.upper': bollinger.outRealUpperBand!,
    'bollinger20.middle': bollinger.outRealMiddleBand!,
    'bollinger20.lower': bollinger.outRealLowerBand!,
    atr14: taLib('ATR', bars, { optInTimePeriod: 14 }).outReal!,
    adx14: taLib('ADX', bars, { optInTimePeriod: 14 }).outReal!,
    'stochastic14.k': stochastic.outSlowK!,
    'stochastic14.d': stochastic.outSlowD!,
    // The index has no volume: no OBV (TA-Lib would answer zeros) and no VWAP.
    obv: bars.some((bar) => bar.volume) ? taLib('OBV', bars).outReal! : bars.map(() => null),
    vwap: vwapOf(bars),
  };
};

type Tally = { compared: number; maxError: number; worst: string; missing: string[]; extra: string[] };
const tally = (): Tally => ({ compared: 0, maxError: 0, worst: '', missing: [], extra: [] });

/** Compares one of our series with TA-Lib's column on `bars[from..]`: the same bars answered, and the values. */
const compare = (entry: Tally, symbol: string, bars: readonly MarketBar[], ours: readonly IndicatorPoint[], theirs: Column, from = 0) => {
  const got = new Map(ours.map((point) => [point.date, point.value]));
  for (let i = from; i < bars.length; i++) {
    const { date } = bars[i]!;
    const want = theirs[i] ?? null;
    const have = got.get(date);
    if (want === null || have === undefined) {
      if (want !== null) entry.missing.push(`${symbol} ${date}`);
      if (have !== undefined) entry.extra.push(`${symbol} ${date}`);
      continue;
    }
    entry.compared++;
    const error = relativeError(have, want);
    if (error > entry.maxError) Object.assign(entry, { maxError: error, worst: `${symbol} ${date}: ${have} against ${want}` });
  }
};

const verdict = (entry: Tally) => ({ missing: entry.missing.slice(0, 3), extra: entry.extra.slice(0, 3), within: entry.maxError <= TOLERANCE ? true : entry.worst });

type Stock = { symbol: string; bars: MarketBar[] };
let stocks: Stock[] = [];
/** A one-year range, as `range=1y` answers it. */
const RANGE = 252;
/** Each leaf's comparison over the whole series. */
const tallies: Record<string, Tally> = Object.fromEntries(Object.keys(LEAVES).map((key) => [key, tally()]));
/** Each symbol's ADX, ours by date and TA-Lib's by bar. */
const adx = new Map<string, { ours: Map<string, number>; theirs: Column }>();
/** TA-Lib's values over the whole series on the last RANGE bars, by symbol and leaf. */
const wholeTails = new Map<string, Record<string, Column>>();

beforeAll(async () => {
  const symbols = await readSymbolsCsv(path.join(DATA, 'symbols.csv'));
  stocks = await Promise.all(
    symbols.map(async ({ symbol, file }) => ({
      symbol,
      bars: adjustBars(
        await readBarsCsv(path.join(DATA, file)),
        DATASET_ACTIONS.filter((action) => action.symbol === symbol),
      ),
    })),
  );
  const ts = await loadTradingSignals();
  for (const { symbol, bars } of stocks) {
    const ours = computeIndicators(ts, bars, 0, { exact: true });
    const theirs = reference(bars);
    for (const [key, leaf] of Object.entries(LEAVES)) compare(tallies[key]!, symbol, bars, leaf(ours), theirs[key]!);
    adx.set(symbol, { ours: new Map(ours.adx14.map((point) => [point.date, point.value])), theirs: theirs.adx14! });
    wholeTails.set(symbol, Object.fromEntries(Object.entries(theirs).map(([key, column]) => [key, column.slice(-RANGE)])));
  }
});

describe('indicators against TA-Lib over each whole series (range=max: nothing before the listing)', () => {
  it('reads the whole dataset', () => {
    expect(stocks).toHaveLength(49);
    expect(stocks.reduce((sum, stock) => sum + stock.bars.length, 0)).toBeGreaterThan(270_000);
  });

  it.each(Object.keys(LEAVES))('%s answers from the bar TA-Lib does, within 1e-6 of it on every bar', (key) => {
    const entry = tallies[key]!;
    expect(verdict(entry)).toEqual({ missing: [], extra: [], within: true });
    // Every stock's bars after the lookback (the index too, except for OBV and VWAP).
    expect(entry.compared).toBeGreaterThan(key === 'obv' || key === 'vwap' ? 263_000 : 268_000);
  });

  it("counts an equal up- and down-move as neither +DM nor -DM in ADX, as Wilder and TA-Lib do (BAJAJ-AUTO's 8 June 2009)", () => {
    expect(adx.get('BAJAJ-AUTO')!.ours.get('2009-06-08')).toBeCloseTo(60.7324, 4);
    // The dataset's bars whose up-move equals their down-move (151 of the stocks', 2 of the index's): each as TA-Lib.
    let equalMoves = 0;
    for (const { symbol, bars } of stocks) {
      const { ours, theirs } = adx.get(symbol)!;
      bars.forEach((bar, i) => {
        const up = i ? bar.high - bars[i - 1]!.high : 0;
        if (up <= 0 || up !== bars[i - 1]!.low - bar.low) return;
        equalMoves++;
        if (theirs[i] !== null) expect([symbol, bar.date, relativeError(ours.get(bar.date)!, theirs[i]!) <= TOLERANCE]).toEqual([symbol, bar.date, true]);
      });
    }
    expect(equalMoves).toBe(153);
  });
});

describe('indicators over a one-year range after the warm-up bars, as the service loads them', () => {
  it('matches TA-Lib over the bars loaded; OBV and VWAP restart at the range start', async () => {
    const ts = await loadTradingSignals();
    const range: Record<string, Tally> = Object.fromEntries(Object.keys(LEAVES).map((key) => [key, tally()]));
    let fromWhole = 0;
    for (const { symbol, bars: all } of stocks) {
      const bars = all.slice(-(RANGE + WARM_UP_BARS));
      const ours = computeIndicators(ts, bars, WARM_UP_BARS, { exact: true });
      const theirs = reference(bars);
      // OBV from the bar before the range, less that bar's volume: the range's first bar counts its signed volume.
      const before = bars.slice(WARM_UP_BARS - 1);
      const obv = symbol === 'NIFTY 50' ? bars.map(() => null) : [...bars.slice(0, WARM_UP_BARS - 1).map(() => null), ...taLib('OBV', before).outReal!.map((value) => value! - before[0]!.volume!)];
      const vwap = [...bars.slice(0, WARM_UP_BARS).map(() => null), ...vwapOf(bars.slice(WARM_UP_BARS))];
      for (const [key, leaf] of Object.entries(LEAVES)) {
        const points = leaf(ours);
        compare(range[key]!, symbol, bars, points, key === 'obv' ? obv : key === 'vwap' ? vwap : theirs[key]!, WARM_UP_BARS);
        if (key === 'obv' || key === 'vwap') continue;
        // The 250 bars before the range leave the windowed indicators within half the answer's last decimal (4) of
        // where the whole history would, so a rounded value moves by one in that decimal at most.
        const whole = wholeTails.get(symbol)![key]!;
        points.forEach((point, i) => (fromWhole = Math.max(fromWhole, Math.abs(point.value - whole[i]!))));
      }
    }
    for (const [key, entry] of Object.entries(range)) {
      expect([key, verdict(entry)]).toEqual([key, { missing: [], extra: [], within: true }]);
      // Every indicator answers on every bar of the range (the index has no OBV or VWAP).
      expect([key, entry.compared]).toEqual([key, (stocks.length - (key === 'obv' || key === 'vwap' ? 1 : 0)) * RANGE]);
    }
    expect(fromWhole).toBeLessThan(5e-5);
  });
});

describe('technical summary figures against TA-Lib', () => {
  /** The last value of a TA-Lib column, or null when the series is shorter than its lookback. */
  const last = (column: Column) => column[column.length - 1] ?? null;
  const roundsTo = (figure: number | null, theirs: number | null, digits: number) =>
    figure === null || theirs === null ? figure === theirs : Math.abs(figure - theirs) <= 0.5 * 10 ** -digits + 1e-9;

  it('answers the SMAs, RSI, MACD histogram, ATR % and 20-day realised volatility as TA-Lib, from the first bar it can', async () => {
    const ts = await loadTradingSignals();
    const checked: string[] = [];
    for (const { symbol, bars: all } of stocks) {
      // From just before each indicator's first bar (ATR 14, MACD 33) to a young listing and the whole series.
      for (const length of [14, 15, 33, 34, 60, all.length]) {
        const bars = all.slice(0, length);
        const { trend, momentum, volatility } = technicalSummary(ts, bars);
        const returns = bars.slice(1).map((bar, i) => Math.log(bar.close / bars[i]!.close));
        const populationSd = last(taLib('STDDEV', bars.slice(1), { inReal: returns, optInTimePeriod: 20, optInNbDev: 1 }).outReal!);
        const figures: Array<[string, number | null, number | null, number]> = [
          ['sma50', trend.figures.sma50, last(taLib('SMA', bars, { optInTimePeriod: 50 }).outReal!), 2],
          ['sma200', trend.figures.sma200, last(taLib('SMA', bars, { optInTimePeriod: 200 }).outReal!), 2],
          ['rsi14', momentum.figures.rsi14, last(taLib('RSI', bars, { optInTimePeriod: 14 }).outReal!), 2],
          ['macd_histogram', momentum.figures.macd_histogram, last(taLib('MACD', bars, { optInFastPeriod: 12, optInSlowPeriod: 26, optInSignalPeriod: 9 }).outMACDHist!), 4],
          ['atr14_pct', volatility.figures.atr14_pct, last(taLib('NATR', bars, { optInTimePeriod: 14 }).outReal!), 2],
          // Sample (n - 1) standard deviation: TA-Lib's population one times sqrt(20 / 19).
          ['realised_20d_pct', volatility.figures.realised_20d_pct, populationSd === null ? null : populationSd * Math.sqrt(20 / 19) * Math.sqrt(252) * 100, 2],
        ];
        for (const [name, figure, theirs, digits] of figures) {
          if (!roundsTo(figure, theirs, digits)) checked.push(`${symbol} ${length} bars ${name}: ${figure} against ${theirs}`);
        }
      }
    }
    expect(checked).toEqual([]);
  });
});
