import type { MarketBar } from '@nivesh/proto';
import { type CorporateAction, SHARE_KINDS } from './corporate-actions';

/** What adjustment needs of an action. */
export type AdjustingAction = Pick<CorporateAction, 'ex_date' | 'kind' | 'factor'>;

/**
 * Adjusted bars: every bar before an ex-date has its prices multiplied by the product of the factors of all later
 * ex-dates, so the series is continuous in today's terms. Volumes are restated in today's shares only by the actions
 * that change the share count (split, bonus, split with bonus, consolidation): divided by their factors. A demerger,
 * rights issue or special dividend moves the price, not the number of shares. Bars must be in ascending date order;
 * actions may come in any order. Pure.
 */
export const adjustBars = (bars: readonly MarketBar[], actions: readonly AdjustingAction[]): MarketBar[] => {
  const sorted = [...actions].sort((a, b) => (a.ex_date < b.ex_date ? 1 : a.ex_date > b.ex_date ? -1 : 0));
  const out = new Array<MarketBar>(bars.length);
  let price = 1;
  let shares = 1;
  let next = 0;
  for (let i = bars.length - 1; i >= 0; i--) {
    const bar = bars[i]!;
    // Actions whose ex-date is after this bar apply to it.
    while (next < sorted.length && sorted[next]!.ex_date > bar.date) {
      const action = sorted[next++]!;
      price *= action.factor;
      if (SHARE_KINDS.has(action.kind)) shares *= action.factor;
    }
    out[i] =
      price === 1 && shares === 1
        ? { ...bar }
        : {
            date: bar.date,
            open: round(bar.open * price),
            high: round(bar.high * price),
            low: round(bar.low * price),
            close: round(bar.close * price),
            volume: bar.volume === null ? null : Math.round(bar.volume / shares),
          };
  }
  return out;
};

/** Four decimals: enough for rupee prices times factors, without float noise in answers. */
const round = (value: number): number => Math.round(value * 10_000) / 10_000;
