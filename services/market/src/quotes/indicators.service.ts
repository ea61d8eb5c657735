import { Injectable } from '@nestjs/common';
import { DomainError, indicatorColumns, type IndicatorPoint, type IndicatorPointSeries, type MarketBar, type MarketIndicators, type MarketIndicatorsQuery } from '@nivesh/proto';
import type * as TradingSignals from 'trading-signals' with { 'resolution-mode': 'import' };
import { Adx, Atr, Ema, Macd } from '../analysis/indicators';
import { loadTradingSignals, type TradingSignalsLib } from '../analysis/trading-signals';
import { BarStore } from '../bars/bar-store';

/** Bars loaded before the range so every windowed indicator is stable from the range's first bar. */
export const WARM_UP_BARS = 250;

const round = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * Indicator series over adjusted bars in ascending date order, as TA-Lib computes them over the same bars (see
 * analysis/indicators.ts; the parity suite checks every one). The first `warmUp` bars only feed the windowed
 * indicators; the series hold the remaining bars' dates where an indicator is stable. OBV and VWAP are cumulative
 * from the first bar after the warm-up: OBV adds that bar's volume signed by its change from the bar before (with
 * no bar before, as TA-Lib, it counts as a rise); bars without volume are skipped by both. Values are rounded to
 * 4 decimals unless `exact`. Pure.
 */
export const computeIndicators = (ts: TradingSignalsLib, bars: readonly MarketBar[], warmUp: number, { exact = false } = {}): IndicatorPointSeries => {
  const sma20 = new ts.SMA(20);
  const sma50 = new ts.SMA(50);
  const ema20 = new Ema(20);
  const rsi14 = new ts.RSI(14);
  const macd = new Macd(12, 26, 9);
  const bollinger = new ts.BollingerBands(20, 2);
  const atr14 = new Atr(14);
  const adx14 = new Adx(14);
  const stochastic = new ts.StochasticOscillator({ kPeriod: 14, kSlowingPeriod: 1, dPeriod: 3 });
  const vwap = new ts.VWAP();
  let obv = 0;

  const series: IndicatorPointSeries = {
    sma20: [],
    sma50: [],
    ema20: [],
    rsi14: [],
    macd: { macd: [], signal: [], histogram: [] },
    bollinger20: { upper: [], middle: [], lower: [] },
    atr14: [],
    adx14: [],
    stochastic14: { k: [], d: [] },
    obv: [],
    vwap: [],
  };
  const point = (date: string, value: number): IndicatorPoint => ({ date, value: exact ? value : round(value) });
  /** Feeds one trading-signals indicator and, inside the range, keeps its result once it is stable. */
  const feed = <R, I>(indicator: TradingSignals.TechnicalIndicator<R, I>, input: I, keep: boolean, take: (result: R) => void) => {
    const result = indicator.add(input);
    if (keep && result !== null && indicator.isStable) take(result);
  };
  /** Keeps a result of one of ours (null until stable) inside the range. */
  const keep = <R>(result: R | null, inRange: boolean, take: (result: R) => void) => {
    if (inRange && result !== null) take(result);
  };

  bars.forEach((bar, index) => {
    const inRange = index >= warmUp;
    const { date, close } = bar;
    const candle = { high: bar.high, low: bar.low, close };
    feed(sma20, close, inRange, (value) => series.sma20.push(point(date, value)));
    feed(sma50, close, inRange, (value) => series.sma50.push(point(date, value)));
    keep(ema20.add(close), inRange, (value) => series.ema20.push(point(date, value)));
    feed(rsi14, close, inRange, (value) => series.rsi14.push(point(date, value)));
    keep(macd.add(close), inRange, (value) => {
      series.macd.macd.push(point(date, value.macd));
      series.macd.signal.push(point(date, value.signal));
      series.macd.histogram.push(point(date, value.histogram));
    });
    feed(bollinger, close, inRange, (value) => {
      series.bollinger20.upper.push(point(date, value.upper));
      series.bollinger20.middle.push(point(date, value.middle));
      series.bollinger20.lower.push(point(date, value.lower));
    });
    keep(atr14.add(candle), inRange, (value) => series.atr14.push(point(date, value)));
    keep(adx14.add(candle), inRange, (value) => series.adx14.push(point(date, value)));
    feed(stochastic, candle, inRange, (value) => {
      series.stochastic14.k.push(point(date, value.stochK));
      series.stochastic14.d.push(point(date, value.stochD));
    });
    if (inRange && bar.volume !== null && bar.volume > 0) {
      const before = bars[index - 1];
      obv += !before || close > before.close ? bar.volume : close < before.close ? -bar.volume : 0;
      series.obv.push(point(date, obv));
      feed(vwap, { ...candle, volume: bar.volume }, true, (value) => series.vwap.push(point(date, value)));
    }
  });
  return series;
};

/** Technical indicators over the stored daily bars, adjusted for corporate actions. */
@Injectable()
export class IndicatorsService {
  constructor(private readonly store: BarStore) {}

  async indicators({ symbol, range }: MarketIndicatorsQuery): Promise<MarketIndicators> {
    await this.store.symbolInfo(symbol);
    // The range's bars (as history answers them) plus up to WARM_UP_BARS bars before it.
    const { bars, warmUp } = await this.store.barsWithWarmUp(symbol, range === 'max' ? {} : { back: range }, WARM_UP_BARS);
    if (!bars.length) throw new DomainError('not_found', 'No prices for this symbol');
    const dates = bars.slice(warmUp).map((bar) => bar.date);
    const series = computeIndicators(await loadTradingSignals(), bars, warmUp);
    return { symbol, as_of: bars[bars.length - 1]!.date, adjusted: true, dates, series: indicatorColumns(dates, series) };
  }
}
