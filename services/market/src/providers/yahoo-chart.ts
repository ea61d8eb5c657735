import type { MarketBar } from '@nivesh/proto';

/** A share-count change the provider reports: ratio = new shares per old share (below 1 for a consolidation). */
export type ProviderSplit = { ex_date: string; ratio: number };

/** Yahoo Finance tickers of the indices in `market.symbols`; stocks are `<SYMBOL>.NS` (NSE). */
export const YAHOO_INDEX_TICKERS: Readonly<Record<string, string>> = { 'NIFTY 50': '^NSEI' };

/** `RELIANCE` -> `RELIANCE.NS`, `M&M` -> `M&M.NS`, `NIFTY 50` -> `^NSEI`. */
export const toYahooTicker = (symbol: string): string => YAHOO_INDEX_TICKERS[symbol] ?? `${symbol}.NS`;

/** NSE's time zone (Asia/Kolkata, no daylight saving): +05:30. */
export const IST_OFFSET_SECONDS = 19_800;

/** The calendar date at `time` in a zone `offsetSeconds` east of UTC. */
export const localDate = (time: Date, offsetSeconds: number): string => new Date(time.getTime() + offsetSeconds * 1000).toISOString().slice(0, 10);

/** What the provider's client returns for a daily chart (the parts used here). */
export type YahooChart = {
  meta: { gmtoffset: number };
  quotes: ReadonlyArray<{ date: Date; open: number | null; high: number | null; low: number | null; close: number | null; volume: number | null }>;
  events?: { splits?: ReadonlyArray<{ date: Date; numerator: number; denominator: number }> };
};

/** A provider series as published: raw bars, and the splits/bonus issues the provider reported in the period. */
export type PublishedSeries = {
  bars: MarketBar[];
  /** ratio = new shares per old share (Yahoo's numerator/denominator); below 1 for a consolidation. */
  splits: ProviderSplit[];
  /** Bars dropped: incomplete (a null price) or inconsistent (high below low). */
  dropped: number;
};

/** Paise: NSE prices have at most two decimals, Yahoo's are float32 (2971.699951171875). */
const round2 = (value: number): number => Math.round(value * 100) / 100;

/**
 * Yahoo's chart prices are split-adjusted: every bar before a split is divided by its ratio (volumes multiplied).
 * This multiplies them back, using every split after each bar, so the series is as published. It is exact only
 * when `splits` holds every split after the first bar, i.e. the chart runs up to today. Pure.
 */
export const unadjustSplits = (bars: readonly MarketBar[], splits: readonly ProviderSplit[], { volume = true } = {}): MarketBar[] => {
  const sorted = [...splits].sort((a, b) => (a.ex_date < b.ex_date ? 1 : a.ex_date > b.ex_date ? -1 : 0));
  const out = new Array<MarketBar>(bars.length);
  let factor = 1;
  let next = 0;
  for (let i = bars.length - 1; i >= 0; i--) {
    const bar = bars[i]!;
    while (next < sorted.length && sorted[next]!.ex_date > bar.date) factor *= sorted[next++]!.ratio;
    out[i] = {
      date: bar.date,
      open: round2(bar.open * factor),
      high: round2(bar.high * factor),
      low: round2(bar.low * factor),
      close: round2(bar.close * factor),
      volume: !volume || bar.volume === null ? null : Math.round(bar.volume / factor),
    };
  }
  return out;
};

/**
 * A daily chart as published, for days `from` <= date < `before` in the exchange's time zone (the session of
 * `before`, usually today, may still be open). Yahoo stamps daily bars with the session's opening time.
 */
export const toPublishedSeries = (chart: YahooChart, { from, before, volume = true }: { from: string; before: string; volume?: boolean }): PublishedSeries => {
  const offset = chart.meta.gmtoffset;
  const splits = (chart.events?.splits ?? [])
    .map((split) => ({ ex_date: localDate(split.date, offset), ratio: split.numerator / split.denominator }))
    .filter((split) => Number.isFinite(split.ratio) && split.ratio > 0 && split.ratio !== 1);
  const byDate = new Map<string, MarketBar>();
  let dropped = 0;
  for (const quote of chart.quotes) {
    const { open, high, low, close } = quote;
    if (open === null || high === null || low === null || close === null || !(open > 0 && high > 0 && low > 0 && close > 0) || high < low) {
      dropped++;
      continue;
    }
    // A repeated day (Yahoo appends the live quote to the last session) keeps its last row.
    byDate.set(localDate(quote.date, offset), { date: localDate(quote.date, offset), open, high, low, close, volume: quote.volume ?? null });
  }
  const bars = unadjustSplits([...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1)), splits, { volume }).filter(
    (bar) => bar.date >= from && bar.date < before,
  );
  return { bars, splits: splits.filter((split) => split.ex_date >= from && split.ex_date < before), dropped };
};
