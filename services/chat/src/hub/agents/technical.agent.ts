import { type HubFinding, type HubLean, MARKET, type MarketIndicators, type MarketTechnicalSummary, type PriceLevel } from '@nivesh/proto';
import { formatDate, formatIndicator, formatPercent, formatRupees, formatSignedPercent } from '../../engine/format';
import { lastPoint } from '../../engine/readings';
import { type AgentAnswer, type AgentReader, type AgentRequest, figure, type HubAgent, listOf } from './agent';

const TREND_READING = { uptrend: 'Uptrend', downtrend: 'Downtrend', sideways: 'No clear trend' } as const;
const TREND_WORDS = { uptrend: 'up', downtrend: 'down', sideways: 'without a clear direction' } as const;

/** Up or down with a falling or rising momentum, the two readings disagree: the lean says so. */
export const technicalLean = (summary: MarketTechnicalSummary): HubLean => {
  const trend = summary.trend.label;
  const momentum = summary.momentum.label;
  if (trend === 'uptrend') return momentum === 'weak' || momentum === 'oversold' ? 'mixed' : 'positive';
  if (trend === 'downtrend') return momentum === 'strong' || momentum === 'overbought' ? 'mixed' : 'negative';
  return 'neutral';
};

const side = (close: number, average: number | null | undefined, name: string): string | null =>
  typeof average === 'number' ? `${close >= average ? 'above' : 'below'} its ${name} (${formatRupees(average)})` : null;

const trendFinding = (summary: MarketTechnicalSummary): HubFinding => {
  const { close, sma50, sma200, sma50_slope_pct: slope } = summary.trend.figures;
  const closeValue = close ?? summary.close;
  const sides = [side(closeValue, sma50, '50-day average'), side(closeValue, sma200, '200-day average')].filter((part): part is string => part !== null);
  const slopeText = typeof slope === 'number' ? `; the 50-day average moved ${formatSignedPercent(slope)} over the last 20 trading days` : '';
  return {
    title: 'Price trend',
    text: `${summary.symbol} closed at ${formatRupees(closeValue)} on ${formatDate(summary.as_of)}${sides.length ? `, ${listOf(sides)}` : ''}${slopeText}.`,
    means: summary.trend.meaning,
    does_not_mean: 'A trend reading describes the past months only: it does not say where the price goes next, and trends end without warning.',
    figures: [
      figure('Close', closeValue, 'inr', summary.as_of),
      figure('50-day average', sma50 ?? null, 'inr', summary.as_of),
      figure('200-day average', sma200 ?? null, 'inr', summary.as_of),
      figure('50-day average, change over 20 days', slope ?? null, 'pct', summary.as_of),
    ],
    as_of: summary.as_of,
  };
};

const momentumFinding = (summary: MarketTechnicalSummary, indicators: MarketIndicators | null): HubFinding => {
  const rsi = lastPoint(indicators ?? undefined, (series) => series.rsi14) ?? (typeof summary.momentum.figures.rsi14 === 'number' ? { value: summary.momentum.figures.rsi14, date: summary.as_of } : null);
  const histogram = lastPoint(indicators ?? undefined, (series) => series.macd.histogram);
  const month = summary.momentum.figures.return_1m_pct;
  const parts = [
    rsi ? `RSI(14) was ${formatIndicator(rsi.value)} on ${formatDate(rsi.date)} (${summary.momentum.label})` : `RSI(14) could not be computed (${summary.momentum.label})`,
    histogram
      ? `the MACD histogram was ${formatIndicator(histogram.value)} (the MACD line ${histogram.value >= 0 ? 'above' : 'below'} its signal line)`
      : null,
    typeof month === 'number' ? `the price moved ${formatSignedPercent(month)} over the last month` : null,
  ].filter((part): part is string => part !== null);
  return {
    title: 'Momentum',
    text: `${listOf(parts).replace(/^./, (letter) => letter.toUpperCase())}.`,
    means: summary.momentum.meaning,
    does_not_mean: 'An RSI or MACD reading is not a signal to act: overbought stocks can keep rising and oversold ones keep falling for a long time.',
    figures: [
      figure('RSI(14)', rsi?.value ?? null, 'number', rsi?.date ?? summary.as_of),
      figure('MACD histogram', histogram?.value ?? null, 'number', histogram?.date ?? summary.as_of),
      figure('1-month change', typeof month === 'number' ? month : null, 'pct', summary.as_of),
    ],
    as_of: rsi?.date ?? summary.as_of,
  };
};

const volatilityFinding = (summary: MarketTechnicalSummary): HubFinding => {
  const { atr14_pct: atr, percentile } = summary.volatility.figures;
  const atrText = typeof atr === 'number' ? `The average daily range (ATR 14) was ${formatPercent(atr)} of the price on ${formatDate(summary.as_of)}` : `The daily range could not be measured on ${formatDate(summary.as_of)}`;
  const rank = typeof percentile === 'number' ? `, higher than on ${formatPercent(percentile, 0)} of the previous year’s days (${summary.volatility.label})` : ` (${summary.volatility.label})`;
  return {
    title: 'Daily swings',
    text: `${atrText}${rank}.`,
    means: summary.volatility.meaning,
    does_not_mean: 'Calm or busy spells say nothing about the direction of the next move.',
    figures: [figure('ATR(14), % of price', atr ?? null, 'pct', summary.as_of), figure('Percentile within the past year', percentile ?? null, 'number', summary.as_of)],
    as_of: summary.as_of,
  };
};

const levelText = (level: PriceLevel) => `${formatRupees(level.price)} (${level.touches} turns, the latest on ${formatDate(level.last_date)})`;

const levelsFinding = (summary: MarketTechnicalSummary): HubFinding | null => {
  const below = summary.support[0];
  const above = summary.resistance[0];
  if (!below && !above) return null;
  const parts = [below ? `near ${levelText(below)} below the last close` : null, above ? `near ${levelText(above)} above it` : null].filter((part): part is string => part !== null);
  return {
    title: 'Where the price turned before',
    text: `Over the past year the price turned ${listOf(parts)}.`,
    means: 'These are prices where buyers or sellers stepped in before, often watched by chart readers.',
    does_not_mean: 'They are not floors or ceilings: prices often pass straight through such levels.',
    figures: [
      ...(below ? [figure('Nearest level below', below.price, 'inr', below.last_date)] : []),
      ...(above ? [figure('Nearest level above', above.price, 'inr', above.last_date)] : []),
    ],
    as_of: summary.as_of,
  };
};

/** The technical agent: what do the price trend, momentum and daily swings of the past year show? */
export const technicalAgent: HubAgent = {
  name: 'technical',
  title: 'Technical',
  question: 'What do the price trend, momentum and daily swings show?',
  async run({ symbol }: AgentRequest, reader: AgentReader): Promise<AgentAnswer> {
    const [summary, indicators] = await Promise.all([
      reader.read(MARKET.summary, { symbol }, { label: 'Technical summary', source: `/api/market/summary?symbol=${encodeURIComponent(symbol)}`, asOf: (answer) => answer.as_of }),
      // The exact RSI and MACD of the last bar; the summary's rounded ones stand in when this read fails.
      reader
        .read(MARKET.indicators, { symbol, range: '1y' }, { label: 'Indicators, 1 year', source: `/api/market/indicators?symbol=${encodeURIComponent(symbol)}&range=1y`, asOf: (answer) => answer.as_of })
        .catch(() => null),
    ]);
    const findings = [trendFinding(summary), momentumFinding(summary, indicators), volatilityFinding(summary), levelsFinding(summary)].filter(
      (finding): finding is HubFinding => finding !== null,
    );
    const trend = summary.trend.label;
    return {
      lean: technicalLean(summary),
      reading: `${TREND_READING[trend]}, ${summary.momentum.label} momentum`,
      headline: `${symbol}’s price trend was ${TREND_WORDS[trend]} as of ${formatDate(summary.as_of)}, with ${summary.momentum.label} momentum and ${summary.volatility.label} daily swings.`,
      findings,
    };
  },
};
