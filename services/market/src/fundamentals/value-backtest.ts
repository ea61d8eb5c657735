import type { ValueBacktest } from '@nivesh/proto';
import { lastIndexOnOrBefore } from '@nivesh/proto/dates';
import { type Filing, fundamentalState, type Merger, type ShareAction, valuation } from './derive';
import type { Close } from './screen';

/**
 * A stock as the back-test sees it: its filings, share changes and mergers, raw closes (for the ratio) and adjusted
 * closes (for returns).
 */
export type BacktestStock = {
  symbol: string;
  filings: readonly Filing[];
  actions: readonly ShareAction[];
  mergers?: readonly Merger[];
  raw: readonly Close[];
  adjusted: readonly Close[];
};

/** Portfolios are formed on the first trading day of July: most annual results of the year to March are out by then. */
const FORMATION = { month: '07', day: '01', firstYear: 2019 };
const QUINTILES = 5;

/** The last close on or before `date`. */
const closeOn = (closes: readonly Close[], date: string): Close | undefined => closes[lastIndexOnOrBefore(closes, date)];

/** The first trading day on or after `date` in `calendar`. */
const firstOnOrAfter = (calendar: readonly Close[], date: string): string | undefined => calendar.find((close) => close.date >= date)?.date;

const pct = (from: Close | undefined, to: Close | undefined): number | null => (from && to && from.close > 0 ? (to.close / from.close - 1) * 100 : null);
const round2 = (value: number): number => Math.round(value * 100) / 100;
const mean = (values: readonly number[]): number | null => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : null);

/**
 * How cheapness has done: each July from 2019, the stocks are ranked by earnings yield (trailing EPS from the filings
 * published by that day, over that day's close), split into quintiles (1 = highest yield, the cheapest), and each
 * quintile's equal-weighted price return over the next twelve months (or to the end of the data) is set against
 * NIFTY 50's. Nothing after the formation day is used to form it.
 */
export const valueBacktest = (stocks: readonly BacktestStock[], nifty: readonly Close[]): Omit<ValueBacktest, 'caveats'> => {
  const last = nifty.at(-1)?.date;
  const years: ValueBacktest['years'] = [];
  for (let year = FORMATION.firstYear; last !== undefined; year++) {
    const formedOn = firstOnOrAfter(nifty, `${year}-${FORMATION.month}-${FORMATION.day}`);
    if (!formedOn) break;
    const fullEnd = firstOnOrAfter(nifty, `${year + 1}-${FORMATION.month}-${FORMATION.day}`);
    const endsOn = fullEnd ?? last;
    if (endsOn <= formedOn) break;
    const ranked = stocks
      .flatMap((stock) => {
        const raw = closeOn(stock.raw, formedOn);
        // A close more than a week old on the formation day means the stock was not trading then.
        if (!raw || Date.parse(formedOn) - Date.parse(raw.date) > 7 * 86_400_000) return [];
        // The same rule as the screener: after a merger, earnings from before it are not set against the price.
        const { earnings_yield } = valuation(fundamentalState(stock.filings, stock.actions, formedOn, stock.mergers), raw.close);
        const change = pct(closeOn(stock.adjusted, formedOn), closeOn(stock.adjusted, endsOn));
        return earnings_yield === null || change === null ? [] : [{ symbol: stock.symbol, earnings_yield, change }];
      })
      .sort((a, b) => b.earnings_yield - a.earnings_yield || a.symbol.localeCompare(b.symbol));
    const quintiles = Array.from({ length: QUINTILES }, (_, index) => {
      const members = ranked.filter((_, rank) => Math.floor((rank * QUINTILES) / ranked.length) === index);
      return { quintile: index + 1, symbols: members.map((member) => member.symbol), return_pct: round2(mean(members.map((member) => member.change)) ?? 0) };
    });
    const niftyReturn = pct(closeOn(nifty, formedOn), closeOn(nifty, endsOn));
    years.push({ formed_on: formedOn, ends_on: endsOn, partial: fullEnd === undefined, stocks: ranked.length, nifty_return_pct: niftyReturn === null ? null : round2(niftyReturn), quintiles });
    if (!fullEnd) break;
  }
  const full = years.filter((entry) => !entry.partial && entry.stocks >= QUINTILES);
  const summary = Array.from({ length: QUINTILES }, (_, index) => {
    const returns = full.map((entry) => entry.quintiles[index]!.return_pct);
    const excess = full.flatMap((entry) => (entry.nifty_return_pct === null ? [] : [entry.quintiles[index]!.return_pct - entry.nifty_return_pct]));
    const meanReturn = mean(returns);
    const meanExcess = mean(excess);
    return {
      quintile: index + 1,
      mean_return_pct: meanReturn === null ? null : round2(meanReturn),
      mean_excess_pct: meanExcess === null ? null : round2(meanExcess),
      beat_nifty: excess.filter((value) => value > 0).length,
      years: full.length,
    };
  });
  return { signal: 'Earnings yield: trailing twelve-month EPS from the filings published by the first trading day of July, over that day’s close.', years, summary };
};

/** What the back-test cannot tell, in words, with its own counts. */
export const backtestCaveats = (result: Omit<ValueBacktest, 'caveats'>, universe: number): string[] => {
  const full = result.years.filter((entry) => !entry.partial);
  const partial = result.years.find((entry) => entry.partial);
  return [
    `Survivorship bias: these are ${universe} of today's large companies, chosen with hindsight. Companies that fell out of the market's top ranks are missing, which flatters every quintile.`,
    `Few years: ${full.length} full year${full.length === 1 ? '' : 's'}${partial ? ` and a last period of less than twelve months (to ${partial.ends_on}, where the prices end)` : ''}. A handful of years says little about the next one.`,
    'No costs, taxes or dividends: returns are price changes adjusted for splits, bonus issues and demergers. Dividends would add most to the high-yield quintiles.',
    'Each quintile holds about a fifth of the stocks, so one stock moves its return a lot.',
    'Earnings yield compares companies across industries: banks, commodity producers and companies at a cyclical peak often look cheap for good reasons.',
    'This is a study of the past, not a forecast or a recommendation. Nivesh does not call any stock a buy.',
  ];
};
