import type { MarketBar, NewsEvent, NewsKind } from '@nivesh/proto';
import { actionLabel } from '../data/action-labels';
import { type CorporateAction, SHARE_KINDS } from '../data/corporate-actions';
import type { Filing } from '../fundamentals/derive';
import type { PeriodFigures } from '../fundamentals/filing';
import { type ResultsFigures, resultsTone, type Tone } from './tone';
import { changeWords, formatCount, formatCrore, formatDate, formatMonths, formatOneDecimal, formatRatio, formatRupees, istDay, istInstant, istTime } from './wording';

/**
 * An item Nivesh writes from its own data. `known_at` is when the market could first act on it (a filing's time at
 * NSE, the opening of an ex-date, the close of a day whose prices made the event): its price reaction is measured from
 * the last close at or before then.
 */
export type GeneratedEvent = {
  id: string;
  kind: Exclude<NewsKind, 'press'>;
  event: Exclude<NewsEvent, 'press'>;
  symbol: string;
  headline: string;
  summary: string;
  date: string;
  published_at: string | null;
  known_at: string;
  /** A results item's tone, by its figures (`resultsTone`); other items' are read off the words of their headline. */
  tone?: Tone;
  /** What a results item compares, year on year. */
  figures?: ResultsFigures;
};

/** The thresholds of market events. */
export const MARKET_EVENT_RULES = {
  /** Trading days in a year: a 52-week high is a close above every close of the 250 sessions before it. */
  yearDays: 250,
  /** A new high (or low) is listed when none came in the 63 sessions (three months) before it: one item per run. */
  runGapDays: 63,
  /** Unusual volume: more than this many times the average of the 50 sessions before. */
  volumeMultiple: 3,
  volumeAverageDays: 50,
  /** A day of unusual volume is listed when none was in the 10 sessions before it. */
  volumeGapDays: 10,
  /** A large gap: the open at least 5 % away from the previous close (the risk page's gap flag). */
  gapPct: 5,
} as const;

// ---- results announcements ----------------------------------------------------------------------

/** A quarter's own figures span about three months; anything longer is a year to date filed in the quarter's place. */
const MAX_QUARTER_DAYS = 100;
const DAY_MS = 86_400_000;
const QUARTER_NAMES = { Q1: 'Q1', H1: 'Q2', Q3: 'Q3' } as const;
const YEAR_TO_DATE_NAMES = { Q1: 'Q1', H1: 'H1', Q3: '9M', FY: '' } as const;

const spanDays = (figures: PeriodFigures): number => (Date.parse(figures.end) - Date.parse(figures.start)) / DAY_MS;

/** The figures a results item reports: the quarter's own (the year's for annual results) and what they are called. */
const reported = (filing: Filing): { figures: PeriodFigures; label: string; quarter: boolean } => {
  if (filing.period === 'FY') return { figures: filing.year_to_date, label: `FY${filing.fiscal_year}`, quarter: false };
  if (spanDays(filing.quarter) <= MAX_QUARTER_DAYS) return { figures: filing.quarter, label: `${QUARTER_NAMES[filing.period]} FY${filing.fiscal_year}`, quarter: true };
  return { figures: filing.year_to_date, label: `${YEAR_TO_DATE_NAMES[filing.period]} FY${filing.fiscal_year}`, quarter: false };
};

/** Growth in %, where both are known and the earlier is positive (a change from a loss has no percentage). */
const growthPct = (now: number | null, before: number | null): number | null => (now === null || before === null || before <= 0 ? null : (now / before - 1) * 100);

const round = (value: number, digits: number): number => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * One item per results announcement: the first filing NSE published for a company's period, consolidated where the
 * company files consolidated results for it (else standalone), with its headline figures against the same period a
 * year earlier (the latest filing of it published before this one, on the same basis). Figures are the company's own,
 * in crore; a filer's evident slip is repaired as the fundamentals do (`repairFilings`).
 */
export const resultsEvents = (symbol: string, name: string, filings: readonly Filing[]): GeneratedEvent[] => {
  const periods = new Map<string, Filing[]>();
  for (const filing of filings) {
    const key = `${filing.fiscal_year}|${filing.period}`;
    periods.set(key, [...(periods.get(key) ?? []), filing]);
  }
  const events: GeneratedEvent[] = [];
  for (const group of periods.values()) {
    const first = (basis: Filing['basis']) => group.filter((filing) => filing.basis === basis).sort((a, b) => (a.filed_at < b.filed_at ? -1 : 1))[0];
    const earlierOf = (filing: Filing) =>
      filings
        .filter((other) => other.basis === filing.basis && other.period === filing.period && other.fiscal_year === filing.fiscal_year - 1 && other.filed_at < filing.filed_at)
        .sort((a, b) => (a.filed_at < b.filed_at ? 1 : -1))[0];
    // Consolidated where the year before is consolidated too, so the change compares like with like.
    const candidates = (['consolidated', 'standalone'] as const).map(first).filter((filing): filing is Filing => filing !== undefined);
    const filing = candidates.find((candidate) => earlierOf(candidate)) ?? candidates[0];
    if (!filing) continue;
    events.push(resultsEvent(symbol, name, filing, earlierOf(filing)));
  }
  return events;
};

const resultsEvent = (symbol: string, name: string, filing: Filing, earlier: Filing | undefined): GeneratedEvent => {
  const now = reported(filing);
  const before = earlier ? reported(earlier) : undefined;
  // Compare like with like: a quarter with a quarter, a year to date with a year to date.
  const then = before && before.quarter === now.quarter ? before.figures : undefined;
  const bank = filing.format === 'banking';
  const topLine = bank ? 'interest earned' : 'revenue';
  const revenueGrowth = growthPct(now.figures.revenue, then?.revenue ?? null);
  const profitGrowth = growthPct(now.figures.net_profit, then?.net_profit ?? null);
  const eps = now.figures.eps_basic;

  const lead =
    now.figures.revenue !== null
      ? `${topLine} ${formatCrore(now.figures.revenue)}${revenueGrowth !== null ? `, ${changeWords(revenueGrowth)} year on year` : ''}`
      : now.figures.net_profit !== null
        ? `net profit ${formatCrore(now.figures.net_profit)}${profitGrowth !== null ? `, ${changeWords(profitGrowth)} year on year` : ''}`
        : 'figures filed';
  const headline = `${name} ${now.label} results: ${lead}${eps !== null ? `; EPS ${formatRupees(round(eps, 2))}` : ''}`;

  const day = istDay(filing.filed_at);
  const basis = filing.basis === 'consolidated' ? 'Consolidated' : 'Standalone';
  const sentences = [`${basis} results for ${formatMonths(now.figures.start, now.figures.end)}, published on NSE on ${formatDate(day)} at ${istTime(filing.filed_at)}.`];
  if (now.figures.net_profit !== null) {
    const compared = then?.net_profit != null ? `, against ${formatCrore(then.net_profit)} a year earlier${profitGrowth !== null ? ` (${changeWords(profitGrowth)})` : ''}` : '';
    sentences.push(`Net profit ${formatCrore(now.figures.net_profit)}${compared}.`);
  }
  if (now.figures.revenue !== null && then?.revenue != null) sentences.push(`${bank ? 'Interest earned' : 'Revenue'} a year earlier: ${formatCrore(then.revenue)}.`);
  if (eps !== null) sentences.push(`Basic EPS ${formatRupees(round(eps, 2))}${then?.eps_basic != null ? ` against ${formatRupees(round(then.eps_basic, 2))}` : ''}, in the shares of the time.`);
  if (!earlier) sentences.push('No filing of the same period a year earlier is in the data, so there is no year-on-year change.');
  const figures: ResultsFigures = {
    net_profit: now.figures.net_profit,
    net_profit_before: then?.net_profit ?? null,
    revenue: now.figures.revenue,
    revenue_before: then?.revenue ?? null,
    top_line: topLine,
  };

  return {
    id: `results:${symbol}:${filing.fiscal_year}:${filing.period}`,
    kind: 'results',
    event: 'results',
    symbol,
    headline,
    summary: sentences.join(' '),
    date: day,
    published_at: filing.filed_at,
    known_at: filing.filed_at,
    tone: resultsTone(figures),
    figures,
  };
};

// ---- corporate actions -------------------------------------------------------------------------------

/** The actions AI News reports: changes of the share count and demergers (rights issues and special dividends are not news of that kind). */
const REPORTED_ACTIONS = new Set<CorporateAction['kind']>(['split', 'bonus', 'split_bonus', 'reverse_split', 'demerger']);

/** One item per split, bonus issue, consolidation or demerger, on its ex-date. */
export const actionEvents = (symbol: string, name: string, actions: readonly CorporateAction[]): GeneratedEvent[] =>
  actions
    .filter((action) => REPORTED_ACTIONS.has(action.kind))
    .map((action) => {
      const shareChange = SHARE_KINDS.has(action.kind);
      const what = shareChange ? actionLabel(action) : (action.note?.trim() || 'Demerger');
      const ratio = action.ratio ?? 1 / action.factor;
      const summary = shareChange
        ? `From ${formatDate(action.ex_date)} each share counts as ${formatRatio(ratio)} shares${action.note ? ` (${action.note})` : ''}. Nivesh divides earlier prices by ${formatRatio(ratio)} so charts and returns compare like with like.`
        : `Shareholders received the demerged business from ${formatDate(action.ex_date)}; Nivesh multiplies earlier prices by ${action.factor.toFixed(3)} (the ex-date price against the previous close) so returns are not distorted.`;
      return {
        id: `action:${symbol}:${action.ex_date}`,
        kind: 'actions' as const,
        event: action.kind as GeneratedEvent['event'],
        symbol,
        headline: `${name}: ${what}, ex-date ${formatDate(action.ex_date)}`,
        summary,
        date: action.ex_date,
        published_at: null,
        // Known ahead; the market trades the new terms from the ex-date's open.
        known_at: istInstant(action.ex_date, '09:15'),
      };
    });

// ---- market events from the prices ----------------------------------------------------------------

const atClose = (date: string): string => istInstant(date, '15:30');

/**
 * New 52-week highs and lows (the first of each run: none in the three months before), days of unusual volume and
 * large opening gaps, on split- and bonus-adjusted bars, for days from `since` on. Earlier bars serve as history.
 */
export const marketEvents = (symbol: string, name: string, bars: readonly MarketBar[], since: string): GeneratedEvent[] => {
  const rules = MARKET_EVENT_RULES;
  const events: GeneratedEvent[] = [];
  const start = bars.findIndex((bar) => bar.date >= since);
  if (start < 0) return events;
  let lastHigh = -Infinity;
  let lastLow = -Infinity;
  let lastVolume = -Infinity;
  // Runs are followed from a little before `since`, so the first item is not one of a run already under way.
  for (let index = Math.max(1, start - rules.runGapDays - 1); index < bars.length; index++) {
    const bar = bars[index]!;
    const previous = bars[index - 1]!;
    const listed = index >= start;
    if (index >= rules.yearDays) {
      let max = -Infinity;
      let min = Infinity;
      for (let back = index - rules.yearDays; back < index; back++) {
        const close = bars[back]!.close;
        if (close > max) max = close;
        if (close < min) min = close;
      }
      if (bar.close > max) {
        if (listed && index - lastHigh > rules.runGapDays) events.push(extremeEvent(symbol, name, bar, 'high_52w', max, bars[index - rules.yearDays]!.date));
        lastHigh = index;
      }
      if (bar.close < min) {
        if (listed && index - lastLow > rules.runGapDays) events.push(extremeEvent(symbol, name, bar, 'low_52w', min, bars[index - rules.yearDays]!.date));
        lastLow = index;
      }
    }
    if (index >= rules.volumeAverageDays && bar.volume !== null && bar.volume > 0) {
      const window = bars.slice(index - rules.volumeAverageDays, index).map((entry) => entry.volume);
      if (window.every((volume): volume is number => volume !== null)) {
        const average = window.reduce((sum, volume) => sum + volume, 0) / window.length;
        if (average > 0 && bar.volume > rules.volumeMultiple * average) {
          if (listed && index - lastVolume > rules.volumeGapDays) events.push(volumeEvent(symbol, name, bar, previous, bar.volume / average, average));
          lastVolume = index;
        }
      }
    }
    const gap = (bar.open / previous.close - 1) * 100;
    if (listed && previous.close > 0 && Math.abs(gap) >= rules.gapPct) events.push(gapEvent(symbol, name, bar, previous, gap));
  }
  return events;
};

const dayChange = (bar: MarketBar, previous: MarketBar): string => {
  const change = (bar.close / previous.close - 1) * 100;
  return `It closed at ${formatRupees(bar.close)}, ${changeWords(change)} on the day.`;
};

const extremeEvent = (symbol: string, name: string, bar: MarketBar, event: 'high_52w' | 'low_52w', previousExtreme: number, since: string): GeneratedEvent => {
  const high = event === 'high_52w';
  return {
    id: `market:${symbol}:${bar.date}:${event}`,
    kind: 'market',
    event,
    symbol,
    headline: `${name} closes at a 52-week ${high ? 'high' : 'low'} of ${formatRupees(bar.close)}`,
    summary:
      `The close of ${formatDate(bar.date)} is ${high ? 'above' : 'below'} every close since ${formatDate(since)} (the previous ${high ? 'highest' : 'lowest'} was ${formatRupees(previousExtreme)}), ` +
      `the first new ${high ? 'high' : 'low'} in three months; later ones in the same run are not listed. Prices are adjusted for splits and bonus issues.`,
    date: bar.date,
    published_at: null,
    known_at: atClose(bar.date),
  };
};

const volumeEvent = (symbol: string, name: string, bar: MarketBar, previous: MarketBar, multiple: number, average: number): GeneratedEvent => ({
  id: `market:${symbol}:${bar.date}:volume`,
  kind: 'market',
  event: 'volume',
  symbol,
  headline: `${name} trades ${formatOneDecimal(multiple)} times its usual volume`,
  summary: `${formatCount(bar.volume ?? 0)} shares changed hands on ${formatDate(bar.date)}, against an average of ${formatCount(average)} over the 50 sessions before. ${dayChange(bar, previous)}`,
  date: bar.date,
  published_at: null,
  known_at: atClose(bar.date),
});

const gapEvent = (symbol: string, name: string, bar: MarketBar, previous: MarketBar, gap: number): GeneratedEvent => ({
  id: `market:${symbol}:${bar.date}:gap`,
  kind: 'market',
  event: gap > 0 ? 'gap_up' : 'gap_down',
  symbol,
  headline: `${name} opens ${formatOneDecimal(Math.abs(gap))}% ${gap > 0 ? 'above' : 'below'} the previous close`,
  summary: `It opened at ${formatRupees(bar.open)} on ${formatDate(bar.date)} after closing at ${formatRupees(previous.close)} on ${formatDate(previous.date)} (adjusted for splits and bonus issues). ${dayChange(bar, previous)}`,
  date: bar.date,
  published_at: null,
  known_at: atClose(bar.date),
});
