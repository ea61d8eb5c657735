import type { CorporateAction } from './corporate-actions';

export type Bar = { date: string; open: number; high: number; low: number; close: number; volume: number | null };

/**
 * Split/bonus-adjusted bars: every bar before an ex-date has its prices divided by the product of the
 * ratios of all later ex-dates and its volume multiplied by it, so the series is in today's shares.
 * Bars must be in ascending date order; actions may come in any order. Pure.
 */
export const adjustBars = (bars: readonly Bar[], actions: readonly CorporateAction[]): Bar[] => {
  const sorted = [...actions].sort((a, b) => (a.ex_date < b.ex_date ? 1 : a.ex_date > b.ex_date ? -1 : 0));
  const out = new Array<Bar>(bars.length);
  let factor = 1;
  let next = 0;
  for (let i = bars.length - 1; i >= 0; i--) {
    const bar = bars[i]!;
    // Actions whose ex-date is after this bar apply to it.
    while (next < sorted.length && sorted[next]!.ex_date > bar.date) factor *= sorted[next++]!.ratio;
    out[i] =
      factor === 1
        ? { ...bar }
        : {
            date: bar.date,
            open: round(bar.open / factor),
            high: round(bar.high / factor),
            low: round(bar.low / factor),
            close: round(bar.close / factor),
            volume: bar.volume === null ? null : Math.round(bar.volume * factor),
          };
  }
  return out;
};

/** Four decimals: enough for rupee prices divided by ratios, without float noise in answers. */
const round = (value: number): number => Math.round(value * 10_000) / 10_000;
