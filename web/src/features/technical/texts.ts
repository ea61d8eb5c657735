import type { HistoryRange } from '@nivesh/proto';

/** The page's fixed texts, in one place so tests and the specification agree. */
export const TECHNICAL_TEXTS = {
  title: 'Technical Analysis',
  lead: 'Price, volume and indicators of one NSE stock, and what each reading commonly means.',
  adjusted: 'Split/bonus adjusted',
  asTraded: 'As traded',
  adjustedExplained:
    'Adjusted prices scale every bar before a split or bonus issue to today’s share count, so those days show no false drop; as traded shows each day’s prices as they were printed.',
  overlaysNeedAdjusted: 'Overlays are computed on adjusted prices, so they are drawn on the adjusted chart only.',
  indicatorsUnavailable: 'Indicators could not be loaded, so the chart shows prices and volume only.',
  noBars: 'No prices in this range.',
  /** Completes the short-history sentence: "…; its moving averages and other indicators need 200, so they appear as more days arrive." */
  shortHistoryWhat: 'its moving averages and other indicators',
  indicatorsWaiting: 'The other indicators appear as more days of prices arrive.',
  noIndicatorsYet: 'No indicator has a value yet; they appear as more days of prices arrive.',
  readingUnknown: 'Not enough history yet',
  noLevels: 'No price where the stock turned twice or more in the last year.',
  levelsExplained:
    'Each level is a price where the stock turned at least twice in the last year: the average of its swing highs and lows (a day’s high above, or low below, the five trading days on either side) that lie within 1.5% of it. The Turns column counts them.',
} as const;

/** The chart's ranges, as the buttons show them and as screen readers read them. */
export const CHART_RANGES: ReadonlyArray<{ value: HistoryRange; label: string; name: string }> = [
  { value: '1m', label: '1M', name: '1 month' },
  { value: '6m', label: '6M', name: '6 months' },
  { value: '1y', label: '1Y', name: '1 year' },
  { value: '5y', label: '5Y', name: '5 years' },
  { value: 'max', label: 'Max', name: 'All history' },
];
