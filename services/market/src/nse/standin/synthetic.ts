import type { MarketBar } from '@nivesh/proto';

/** A random-walk stock the stand-in adds to every trading day, so a bhavcopy can be as wide as NSE's (~2,000 EQ rows). */
export type SyntheticStock = { symbol: string; isin: string; company: string; id: number };

/** The n-th synthetic stock (1-based): SYN0001, ISIN INE0000S0001, and so on. */
export const syntheticStock = (n: number): SyntheticStock => {
  const digits = String(n).padStart(4, '0');
  return { symbol: `SYN${digits}`, isin: `INE0000S${digits}`, company: `Synthetic Stock ${digits} Ltd.`, id: 900_000 + n };
};

// Bound once: inside a vm context (Jest's sandbox) every lookup of the global Math is dozens of times slower, and the
// walk makes tens of millions of calls.
const { abs, cos, exp, imul, log, max, min, PI, round, sqrt } = Math;

const mix = (value: number): number => {
  let h = imul(value ^ (value >>> 16), 0x85ebca6b);
  h = imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
};

/**
 * A well-mixed 32-bit hash of three integers: counter-based, so any day of any symbol can be drawn without the others.
 * Fixed arity, no arrays: the walk draws tens of millions of these.
 */
export const hash = (a: number, b: number, c: number): number => mix(mix(mix(a ^ 0x9e3779b9) ^ b) ^ c);

/** A uniform draw in (0, 1). */
export const uniform = (a: number, b: number, c: number): number => (hash(a, b, c) + 0.5) / 4_294_967_296;

/** A standard normal draw (Box-Muller on two uniforms from one hash). */
const normal = (a: number, b: number, c: number): number => {
  const h = hash(a, b, c);
  return sqrt(-2 * log((h + 0.5) / 4_294_967_296)) * cos((2 * PI * (mix(h ^ 0x5bd1e995) + 0.5)) / 4_294_967_296);
};

/** Separate streams of draws per purpose, from one seed. */
const stream = (seed: number, purpose: number): number => imul(seed, 16) + purpose;

const round2 = (value: number): number => round(value * 100) / 100;

/**
 * Pull of the log price back towards its level per day. A pure random walk over 24 years wanders a hundredfold; with
 * this pull a series stays within about ×4 of its level, so prices stay well above a paisa.
 */
const PULL = 0.005;
/** Log prices are kept every CHECKPOINT days, so any day costs at most CHECKPOINT steps per symbol. */
const CHECKPOINT = 64;

/**
 * `count` deterministic random-walk series over the given trading days, drawn from `seed`: the same seed, count and
 * days give the same bars in any order of asking. Each bar has prices > 0, high ≥ max(open, close) and
 * low ≤ min(open, close), to 2 decimals.
 */
export class SyntheticMarket {
  private readonly level: Float64Array;
  private readonly sigma: Float64Array;
  /** Log closes of every symbol on day c × CHECKPOINT, at [c]; extended as far as asked. */
  private readonly checkpoints: Float64Array[];

  constructor(
    private readonly seed: number,
    readonly count: number,
    private readonly days: readonly string[],
  ) {
    this.level = new Float64Array(count);
    this.sigma = new Float64Array(count);
    for (let n = 0; n < count; n++) {
      this.level[n] = log(20) + uniform(stream(seed, 0), n, 0) * log(150);
      this.sigma[n] = 0.01 + 0.02 * uniform(stream(seed, 1), n, 0);
    }
    this.checkpoints = [this.level.slice()];
  }

  /** Every synthetic bar of the trading day at `dayIndex` (into the days given), with each one's previous close. */
  barsOn(dayIndex: number): Array<{ stock: SyntheticStock; bar: MarketBar; previousClose: number }> {
    const from = Math.floor(max(dayIndex - 1, 0) / CHECKPOINT);
    const today = this.checkpoint(from).slice();
    for (let day = from * CHECKPOINT + 1; day < dayIndex; day++) this.step(today, day);
    const previous = today.slice();
    if (dayIndex > 0) this.step(today, dayIndex);
    const date = this.days[dayIndex]!;
    const rows: Array<{ stock: SyntheticStock; bar: MarketBar; previousClose: number }> = [];
    for (let n = 0; n < this.count; n++) {
      const close = exp(today[n]!);
      const previousClose = exp(previous[n]!);
      const sigma = this.sigma[n]!;
      const open = previousClose * exp(0.3 * sigma * normal(stream(this.seed, 3), n, dayIndex));
      const high = max(open, close) * (1 + 0.5 * sigma * abs(normal(stream(this.seed, 4), n, dayIndex)));
      const low = min(open, close) * (1 - 0.5 * sigma * min(abs(normal(stream(this.seed, 5), n, dayIndex)), 6));
      const volume = round(exp(log(10_000) + uniform(stream(this.seed, 6), n, dayIndex) * log(1_000)));
      // Rounding keeps order, so the rounded high and low still bound the rounded open and close.
      rows.push({ stock: syntheticStock(n + 1), bar: { date, open: round2(open), high: round2(high), low: round2(low), close: round2(close), volume }, previousClose: round2(previousClose) });
    }
    return rows;
  }

  /** Moves every log price in `state` from day - 1 to `day`. */
  private step(state: Float64Array, day: number): void {
    const key = stream(this.seed, 7);
    for (let n = 0; n < this.count; n++) {
      const x = state[n]!;
      state[n] = x + this.sigma[n]! * normal(key, n, day) - PULL * (x - this.level[n]!);
    }
  }

  /** The log closes on day c × CHECKPOINT. */
  private checkpoint(c: number): Float64Array {
    while (this.checkpoints.length <= c) {
      const state = this.checkpoints.at(-1)!.slice();
      const start = (this.checkpoints.length - 1) * CHECKPOINT;
      for (let day = start + 1; day <= start + CHECKPOINT; day++) this.step(state, day);
      this.checkpoints.push(state);
    }
    return this.checkpoints[c]!;
  }
}
