import { NSE_CALENDAR } from '@nivesh/platform';
import type { DailyClose } from '../evaluation';

/** A seeded uniform generator on [0, 1) (mulberry32), so test series are the same on every run. */
export const uniform = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
};

/** Standard normal draws from a seeded generator (Box–Muller). */
export const normal = (seed: number): (() => number) => {
  const next = uniform(seed);
  return () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
};

/** NSE sessions from 2015-01-01, as ISO dates. */
export const sessions = (count: number): string[] => NSE_CALENDAR.sessionsAfter('2014-12-31', count);

/** Daily closes of a geometric random walk: log returns with mean `drift` and standard deviation `sigma`. */
export const randomWalk = (count: number, { seed = 1, start = 1000, drift = 0, sigma = 0.015 } = {}): DailyClose[] => {
  const draw = normal(seed);
  let log = Math.log(start);
  return sessions(count).map((date, i) => {
    if (i > 0) log += drift + sigma * draw();
    return { date, close: Math.round(Math.exp(log) * 100) / 100 };
  });
};
