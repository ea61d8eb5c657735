import type { IndicatorColumns } from '@nivesh/proto';
import {
  asOf,
  formatDate,
  formatIndicator,
  formatNumber,
  formatPercent,
  formatRupees,
  formatSignedPercent,
  formatSignedRupees,
} from './format';
import type { Grounding } from './grounding';
import { lastPoint, rsiReading, sentimentHistory } from './readings';
import { componentValue } from './sections';

type Column = Array<number | null>;

const INDICATOR_LINES: ReadonlyArray<[string, (series: IndicatorColumns) => Column, 'rupees' | 'indicator' | 'count']> = [
  ['20-day SMA', (series) => series.sma20, 'rupees'],
  ['50-day SMA', (series) => series.sma50, 'rupees'],
  ['20-day EMA', (series) => series.ema20, 'rupees'],
  ['MACD line (12/26)', (series) => series.macd.macd, 'indicator'],
  ['MACD signal line (9)', (series) => series.macd.signal, 'indicator'],
  ['MACD histogram', (series) => series.macd.histogram, 'indicator'],
  ['Bollinger upper band (20, 2)', (series) => series.bollinger20.upper, 'rupees'],
  ['Bollinger middle band', (series) => series.bollinger20.middle, 'rupees'],
  ['Bollinger lower band', (series) => series.bollinger20.lower, 'rupees'],
  ['ATR(14)', (series) => series.atr14, 'rupees'],
  ['ADX(14)', (series) => series.adx14, 'indicator'],
  ['Stochastic %K(14)', (series) => series.stochastic14.k, 'indicator'],
  ['Stochastic %D(3)', (series) => series.stochastic14.d, 'indicator'],
  ['On-balance volume', (series) => series.obv, 'count'],
  ['VWAP since the 1-year range began', (series) => series.vwap, 'rupees'],
];

const write = (value: number, kind: 'rupees' | 'indicator' | 'count') =>
  kind === 'rupees' ? formatRupees(value) : kind === 'count' ? formatNumber(value, 0) : formatIndicator(value);

const technicalFacts = (grounding: Grounding, ticker: string, missing: string[]): string[] => {
  const lines: string[] = [];
  const { quote, summary, indicators, risk, insights, forecast } = grounding;

  if (quote) {
    const change = quote.change !== null && quote.change_pct !== null ? `, change ${formatSignedRupees(quote.change)} (${formatSignedPercent(quote.change_pct)}) from the previous close` : '';
    lines.push(`${ticker} closed at ${formatRupees(quote.close)} ${asOf(quote.as_of)}${change}.`);
    lines.push(`${ticker} 52-week range of closes ${asOf(quote.as_of)}: ${formatRupees(quote.low_52w)} to ${formatRupees(quote.high_52w)}.`);
    if (quote.volume !== null) lines.push(`${ticker} volume ${asOf(quote.as_of)}: ${formatNumber(quote.volume, 0)} shares.`);
  } else missing.push('latest quote');

  if (indicators) {
    const rsi = rsiReading(grounding);
    if (rsi) lines.push(`${ticker} RSI(14) ${asOf(rsi.date)}: ${formatIndicator(rsi.value)}.`);
    for (const [name, pick, kind] of INDICATOR_LINES) {
      const point = lastPoint(indicators, pick);
      if (point) lines.push(`${ticker} ${name} ${asOf(point.date)}: ${write(point.value, kind)}.`);
    }
  } else missing.push('technical indicators');

  if (summary) {
    const { trend, momentum, volatility } = summary;
    const sma200 = trend.figures.sma200;
    lines.push(`${ticker} trend ${asOf(summary.as_of)}: ${trend.label}${typeof sma200 === 'number' ? `; 200-day SMA ${formatRupees(sma200)}` : ''}. ${trend.meaning}`);
    lines.push(`${ticker} momentum ${asOf(summary.as_of)}: ${momentum.label}${typeof momentum.figures.return_1m_pct === 'number' ? `; 1-month return ${formatSignedPercent(momentum.figures.return_1m_pct)}` : ''}.`);
    lines.push(
      `${ticker} recent volatility ${asOf(summary.as_of)}: ${volatility.label} against the past year${typeof volatility.figures.atr14_pct === 'number' ? `; ATR ${formatPercent(volatility.figures.atr14_pct)} of the price` : ''}.`,
    );
    const level = (side: string, levels: typeof summary.support) =>
      levels.length
        ? `${ticker} ${side} levels ${asOf(summary.as_of)}: ${levels.map((item) => `${formatRupees(item.price)} (${item.touches} turns, latest on ${formatDate(item.last_date)})`).join('; ')}.`
        : `${ticker} ${side} levels ${asOf(summary.as_of)}: none.`;
    lines.push(level('support', summary.support), level('resistance', summary.resistance));
  } else missing.push('technical summary');

  if (risk) {
    const { metrics } = risk;
    const period = `${formatDate(risk.range.from)} to ${formatDate(risk.range.to)}`;
    lines.push(`${ticker} annualised volatility over ${period}: ${formatPercent(metrics.volatility_annual_pct)} (${asOf(risk.as_of)}).`);
    lines.push(
      `${ticker} maximum drawdown over ${period}: ${formatSignedPercent(metrics.max_drawdown_pct)}${metrics.max_drawdown_peak && metrics.max_drawdown_trough ? `, from ${formatDate(metrics.max_drawdown_peak)} to ${formatDate(metrics.max_drawdown_trough)}` : ''} (${asOf(risk.as_of)}).`,
    );
    if (metrics.beta !== null) lines.push(`${ticker} beta to NIFTY 50 over ${period}: ${formatNumber(metrics.beta)} (${asOf(risk.as_of)}).`);
    lines.push(`${ticker} 95% one-day value at risk over ${period}: ${formatPercent(metrics.var95_pct)}, ${formatRupees(metrics.var95_per_lakh, true)} per ₹1,00,000 (${asOf(risk.as_of)}).`);
    lines.push(`${ticker} risk level ${asOf(risk.as_of)}: ${risk.level} (a description of the figures, not a rating).`);
    lines.push(`${ticker} unusual-trading flags over ${period}: ${risk.flags.length}.`);
    for (const flag of risk.flags.slice(0, 3)) lines.push(`${ticker} flag on ${formatDate(flag.date)} (${flag.kind.replace(/_/g, ' ')}): ${flag.description}`);
  } else missing.push('risk figures');

  if (insights) {
    for (const row of insights.horizons) {
      if (row.return_pct === null) continue;
      const nifty = row.nifty_return_pct !== null ? `; NIFTY 50 ${formatSignedPercent(row.nifty_return_pct)}${insights.nifty_as_of ? ` to ${formatDate(insights.nifty_as_of)}` : ''}` : '';
      lines.push(`${ticker} price return over ${row.horizon} to ${formatDate(insights.as_of)}: ${formatSignedPercent(row.return_pct)}${nifty}.`);
    }
  } else missing.push('past returns');

  if (forecast) {
    lines.push(
      `TrendVision back-test for ${ticker} ${asOf(forecast.as_of)}: model ${forecast.model_name}; relative MAE ${formatNumber(forecast.relative_mae.h1)} at 1 day, ${formatNumber(forecast.relative_mae.h5)} at 5 days, ${formatNumber(forecast.relative_mae.h10)} at 10 days (its errors over the naive forecast's: below 1 beats it); MASE ${formatNumber(forecast.mase.h1)} at 1 day, ${formatNumber(forecast.mase.h5)} at 5 days, ${formatNumber(forecast.mase.h10)} at 10 days (its errors over a typical day's move); 80% band held the actual close in ${formatPercent(forecast.coverage80 * 100, 1)} of ${forecast.tests} checks, 95% band in ${formatPercent(forecast.coverage95 * 100, 1)}; test window ${formatDate(forecast.test_window.from)} to ${formatDate(forecast.test_window.to)}.`,
    );
  } else missing.push('TrendVision accuracy');
  return lines;
};

const sentimentFacts = (grounding: Grounding, missing: string[]): string[] => {
  const sentiment = grounding.sentiment;
  if (!sentiment) {
    missing.push('market sentiment index');
    return [];
  }
  const lines = [`Market sentiment index ${asOf(sentiment.as_of)}: ${formatNumber(sentiment.score, 1)} out of 100 (${sentiment.label}); 0 is extreme fear, 100 extreme greed.`];
  for (const part of sentiment.components) {
    lines.push(`${part.name} ${asOf(sentiment.as_of)}: score ${formatNumber(part.score, 1)} (${componentValue(part)}). ${part.meaning}`);
  }
  const { monthAgo, high, low } = sentimentHistory(sentiment);
  if (monthAgo) lines.push(`Market sentiment index a month earlier, ${asOf(monthAgo.date)}: ${formatNumber(monthAgo.value, 1)}.`);
  if (high && low) lines.push(`Market sentiment index over the past year: lowest ${formatNumber(low.value, 1)} on ${formatDate(low.date)}, highest ${formatNumber(high.value, 1)} on ${formatDate(high.date)}.`);
  return lines;
};

/**
 * A compact plain-text facts block for a language model: one fact a line, each with its date, with the same numbers
 * and formats as the built-in answers. Lists what could not be fetched, so the model says so rather than guess.
 */
export const groundingFacts = (grounding: Grounding): string => {
  const missing: string[] = [];
  const technical = grounding.chatType === 'technical' && grounding.ticker;
  const header = technical
    ? `Chat: technical analysis of ${grounding.ticker}${grounding.company ? ` (${grounding.company})` : ''}, an NSE stock. Prices are end-of-day closes in rupees, adjusted for splits and bonus issues, not live.`
    : 'Chat: the mood of the Indian stock market as a whole (NSE), from Nivesh’s market sentiment index.';
  const lines = technical ? technicalFacts(grounding, grounding.ticker!, missing) : sentimentFacts(grounding, missing);
  if (missing.length) lines.push(`Not available right now (the data could not be fetched): ${missing.join(', ')}.`);
  return [header, ...lines].join('\n');
};
