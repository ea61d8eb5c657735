/**
 * The indicators whose trading-signals versions differ from TA-Lib, written to TA-Lib's C code (ta_EMA.c, ta_MACD.c,
 * ta_ATR.c, ta_ADX.c, default compatibility, no unstable period): same warm-up, same first bar, same arithmetic.
 * trading-signals seeds its EMA (and so MACD) with the first price, starts ATR on the first bar's high − low (no
 * previous close), and counts an equal up- and down-move as directional movement both ways in ADX. Each `add()`
 * takes the next bar and answers null until TA-Lib would answer. The parity suite (quotes/indicators-parity.spec.ts)
 * holds them to TA-Lib on the whole dataset.
 */

type Candle = { high: number; low: number; close: number };

/** TA-Lib's TA_IS_ZERO: ADX skips a bar whose true range or directional sum is this close to zero. */
const isZero = (value: number) => value > -1e-8 && value < 1e-8;

const trueRange = (bar: Candle, previousClose: number) => Math.max(bar.high - bar.low, Math.abs(previousClose - bar.high), Math.abs(previousClose - bar.low));

/** Exponential moving average, k = 2 / (period + 1), seeded on its `period`-th value with the mean of the first `period`. */
export class Ema {
  private readonly k: number;
  private sum = 0;
  private count = 0;
  private value: number | null = null;

  constructor(readonly period: number) {
    this.k = 2 / (period + 1);
  }

  add(price: number): number | null {
    if (this.value !== null) return (this.value = (price - this.value) * this.k + this.value);
    this.sum += price;
    if (++this.count === this.period) this.value = this.sum / this.period;
    return this.value;
  }
}

export type MacdValue = { macd: number; signal: number; histogram: number };

/**
 * MACD as TA-Lib computes it: both EMAs start on the slow one's first bar (`slow` − 1), the fast EMA seeded with the
 * mean of the `fast` prices up to there; the signal EMA of the MACD line answers `signal` − 1 bars later, and so
 * does the whole MACD (first value on bar slow + signal − 2: 33 for 12/26/9).
 */
export class Macd {
  private readonly slowEma: Ema;
  private readonly signalEma: Ema;
  private readonly kFast: number;
  private readonly recent: number[] = [];
  private fastValue: number | null = null;

  constructor(
    private readonly fast: number,
    slow: number,
    signal: number,
  ) {
    this.slowEma = new Ema(slow);
    this.signalEma = new Ema(signal);
    this.kFast = 2 / (fast + 1);
  }

  add(price: number): MacdValue | null {
    const slow = this.slowEma.add(price);
    if (this.fastValue === null) {
      this.recent.push(price);
      if (this.recent.length > this.fast) this.recent.shift();
      if (slow === null) return null;
      this.fastValue = this.recent.reduce((sum, value) => sum + value, 0) / this.fast;
    } else this.fastValue = (price - this.fastValue) * this.kFast + this.fastValue;
    const macd = this.fastValue - slow!;
    const signal = this.signalEma.add(macd);
    return signal === null ? null : { macd, signal, histogram: macd - signal };
  }
}

/**
 * Average true range with Wilder's smoothing. The first bar has no previous close and so no true range; the first
 * ATR, on bar `period`, is the mean of the next `period` true ranges, then ATR = (ATR × (period − 1) + TR) / period.
 */
export class Atr {
  private previousClose: number | null = null;
  private sum = 0;
  private count = 0;
  private value: number | null = null;

  constructor(readonly period: number) {}

  add(bar: Candle): number | null {
    const previousClose = this.previousClose;
    this.previousClose = bar.close;
    if (previousClose === null) return null;
    const range = trueRange(bar, previousClose);
    if (this.value !== null) return (this.value = (this.value * (this.period - 1) + range) / this.period);
    this.sum += range;
    if (++this.count === this.period) this.value = this.sum / this.period;
    return this.value;
  }
}

/**
 * Wilder's average directional index. +DM is the up-move (high − previous high) when it is positive and larger than
 * the down-move (previous low − low), else 0; −DM likewise; equal moves count neither. +DM, −DM and TR are summed
 * over bars 1 to `period` − 1, then each bar smooths them (S = S − S / period + value) and takes
 * DX = 100 |+DI − −DI| / (+DI + −DI); the first ADX, on bar 2 × period − 1, is the mean of the first `period` DXs,
 * then ADX = (ADX × (period − 1) + DX) / period. A bar whose smoothed TR or DI sum is zero leaves the ADX as it was
 * (and adds 0 to the first mean), as in TA-Lib.
 */
export class Adx {
  private previous: Candle | null = null;
  private bars = 0;
  private plusDm = 0;
  private minusDm = 0;
  private range = 0;
  private dxSum = 0;
  private value: number | null = null;

  constructor(readonly period: number) {}

  add(bar: Candle): number | null {
    const previous = this.previous;
    this.previous = bar;
    if (previous === null) return null;
    const bars = ++this.bars;
    const up = bar.high - previous.high;
    const down = previous.low - bar.low;
    const period = this.period;
    if (bars >= period) {
      this.plusDm -= this.plusDm / period;
      this.minusDm -= this.minusDm / period;
    }
    if (down > 0 && up < down) this.minusDm += down;
    else if (up > 0 && up > down) this.plusDm += up;
    const range = trueRange(bar, previous.close);
    this.range = bars >= period ? this.range - this.range / period + range : this.range + range;
    if (bars < period) return null;

    const dx = this.dx();
    if (this.value !== null) {
      if (dx !== null) this.value = (this.value * (period - 1) + dx) / period;
      return this.value;
    }
    this.dxSum += dx ?? 0;
    if (bars === 2 * period - 1) this.value = this.dxSum / period;
    return this.value;
  }

  private dx(): number | null {
    if (isZero(this.range)) return null;
    const minusDi = 100 * (this.minusDm / this.range);
    const plusDi = 100 * (this.plusDm / this.range);
    const sum = minusDi + plusDi;
    return isZero(sum) ? null : 100 * (Math.abs(minusDi - plusDi) / sum);
  }
}
