import type { MarketRisk, RiskFlag, SentimentComponent } from '@nivesh/proto';
import { railSafeText } from './excerpt';
import {
  asOf,
  INDICATOR_DECIMALS,
  formatDate,
  formatIndicator,
  formatNumber,
  formatPercent,
  formatRupees,
  formatSignedPercent,
  formatSignedRupees,
} from './format';
import type { Grounding, GroundingPart } from './grounding';
import { closeOn, earlierPoint, lastMacdCross, lastPoint, rsiReading, sentimentHistory } from './readings';
import { type Topic, topicArticle } from './topics';

/**
 * One topic answered from the product's data: the text (every figure with its date), the grounding parts it read,
 * and whether the figures were there. `article` overrides the topic's knowledge-base article when the question was
 * about one aspect (beta, drawdown, value at risk).
 */
export type Section = { text: string; sources: GroundingPart[]; available: boolean; article?: string };

type Writer = (grounding: Grounding, question: string) => Section;

const subject = (grounding: Grounding): string => grounding.ticker ?? 'the stock';
const possessive = (name: string): string => `${name}’s`;
const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** A topic whose figures are missing (their RPC call failed): said plainly, and the explanation follows. */
const missing = (what: string, plural = false): Section => ({
  text: `${capitalise(what)} ${plural ? 'are' : 'is'} not available right now: Nivesh’s market data could not be reached for this answer. Here is what ${plural ? 'they measure' : 'it measures'}.`,
  sources: [],
  available: false,
});

/** An indicator reading rounded as answers show it. */
const shown = (value: number): number => Number(value.toFixed(INDICATOR_DECIMALS));

const signedIndicator = (value: number): string => `${value > 0 ? '+' : value < 0 ? '−' : ''}${formatIndicator(Math.abs(value))}`;

/** "1.45% above" / "0.32% below" the reference. */
const distance = (value: number, reference: number): string => {
  const pct = (value / reference - 1) * 100;
  return `${formatPercent(Math.abs(pct))} ${pct >= 0 ? 'above' : 'below'}`;
};

const rsi: Writer = (grounding) => {
  const reading = rsiReading(grounding);
  if (!reading) return missing(`${possessive(subject(grounding))} RSI`);
  const { date } = reading;
  // Bands are judged on the figure as shown, so "70.00" never reads as below 70.
  const value = shown(reading.value);
  const ticker = subject(grounding);
  const lines = [`${possessive(ticker)} 14-day RSI was **${formatIndicator(value)}** ${asOf(date)}.`];
  if (value >= 70) {
    lines.push(
      `That is ${value > 70 ? 'above' : 'at'} 70, the level traders often call **overbought**: the price has risen fast over the last 14 trading days. Overbought does not mean the price must fall; in a strong uptrend the RSI can stay above 70 for weeks.`,
    );
  } else if (value >= 55) {
    lines.push(
      'That is between 55 and 70, which Nivesh’s technical summary calls **strong** momentum: gains have outweighed losses over the last 14 trading days. It is below 70, the level often called overbought.',
    );
  } else if (value >= 45) {
    lines.push('That is between 45 and 55, a **neutral** reading: gains and losses have roughly balanced over the last 14 trading days. On its own it says little about direction.');
  } else if (value >= 30) {
    lines.push(
      'That is between 30 and 45, which Nivesh’s technical summary calls **weak** momentum: losses have outweighed gains over the last 14 trading days. It is above 30, the level often called oversold.',
    );
  } else {
    lines.push(
      'That is below 30, the level traders often call **oversold**: the price has fallen fast over the last 14 trading days. Oversold does not mean the price must rise; in a strong decline the RSI can stay below 30 for weeks.',
    );
  }
  const week = earlierPoint(grounding.indicators, (series) => series.rsi14, 5);
  if (week && lastPoint(grounding.indicators, (series) => series.rsi14)?.date === date) {
    lines.push(`Five trading days earlier, ${asOf(week.date)}, it was ${formatIndicator(week.value)}.`);
  }
  return { text: lines.join(' '), sources: grounding.indicators ? ['indicators'] : ['summary'], available: true };
};

const macd: Writer = (grounding) => {
  const line = lastPoint(grounding.indicators, (series) => series.macd.macd);
  const signal = lastPoint(grounding.indicators, (series) => series.macd.signal);
  const histogram = lastPoint(grounding.indicators, (series) => series.macd.histogram);
  const ticker = subject(grounding);
  if (!line || !signal || !histogram) {
    const figure = grounding.summary?.momentum.figures.macd_histogram;
    if (grounding.summary && typeof figure === 'number') {
      return {
        text: `${possessive(ticker)} MACD histogram (the MACD line minus its signal line) was **${signedIndicator(figure)}** ${asOf(grounding.summary.as_of)}, from Nivesh’s technical summary; the full MACD lines are not available right now. ${figure >= 0 ? 'A positive histogram means the MACD line is above its signal line, which traders read as momentum improving.' : 'A negative histogram means the MACD line is below its signal line, which traders read as momentum fading.'}`,
        sources: ['summary'],
        available: true,
      };
    }
    return missing(`${possessive(ticker)} MACD`);
  }
  const lines = [
    `${possessive(ticker)} MACD line was **${signedIndicator(line.value)}** and its signal line ${signedIndicator(signal.value)} ${asOf(line.date)}, so the histogram (MACD minus signal) was **${signedIndicator(histogram.value)}**.`,
    histogram.value >= 0
      ? 'The MACD line above its signal line is read as momentum improving lately.'
      : 'The MACD line below its signal line is read as momentum fading lately.',
    line.value >= 0
      ? 'A positive MACD line means the 12-day average of closes is above the 26-day one.'
      : 'A negative MACD line means the 12-day average of closes is below the 26-day one.',
  ];
  const cross = lastMacdCross(grounding.indicators);
  if (cross) lines.push(`The two lines crossed on ${formatDate(cross)}.`);
  lines.push('Crossovers come late and give many false signals when prices move sideways.');
  return { text: lines.join(' '), sources: ['indicators'], available: true };
};

const movingAverages: Writer = (grounding) => {
  const sma20 = lastPoint(grounding.indicators, (series) => series.sma20);
  const sma50 = lastPoint(grounding.indicators, (series) => series.sma50);
  const ema20 = lastPoint(grounding.indicators, (series) => series.ema20);
  const summary = grounding.summary;
  const sma200 = summary?.trend.figures.sma200;
  const ticker = subject(grounding);
  const date = sma50?.date ?? sma20?.date ?? summary?.as_of;
  if (!date || (!sma20 && !sma50 && !ema20 && typeof sma200 !== 'number')) return missing(`${possessive(ticker)} moving averages`, true);
  const close = closeOn(grounding, date);
  const item = (name: string, value: number) => `- **${name}:** ${formatRupees(value)}${close !== null ? ` (the close was ${distance(close, value)})` : ''}`;
  const items: string[] = [];
  if (sma20) items.push(item('20-day SMA', sma20.value));
  if (ema20) items.push(item('20-day EMA', ema20.value));
  if (sma50) items.push(item('50-day SMA', sma50.value));
  const sources: GroundingPart[] = sma20 || sma50 || ema20 ? ['indicators'] : [];
  if (summary && typeof sma200 === 'number' && summary.as_of === date) {
    items.push(item('200-day SMA', sma200));
    sources.push('summary');
  }
  const intro = `${possessive(ticker)} moving averages ${asOf(date)}${close !== null ? `, against its close of ${formatRupees(close)}` : ''}:`;
  const above = close !== null && [sma20, sma50].every((point) => !point || close > point.value);
  const below = close !== null && [sma20, sma50].every((point) => !point || close < point.value);
  const meaning = above
    ? 'A close above its averages is how an advance usually looks.'
    : below
      ? 'A close below its averages is how a decline usually looks.'
      : 'A close between its averages is common while prices move sideways or a trend changes.';
  return {
    text: `${intro}\n${items.join('\n')}\n\n${meaning} The EMA weighs recent days more, so it reacts faster than the SMA; all averages lag the price and describe the past.`,
    sources,
    available: true,
  };
};

const bollinger: Writer = (grounding) => {
  const upper = lastPoint(grounding.indicators, (series) => series.bollinger20.upper);
  const middle = lastPoint(grounding.indicators, (series) => series.bollinger20.middle);
  const lower = lastPoint(grounding.indicators, (series) => series.bollinger20.lower);
  const ticker = subject(grounding);
  if (!upper || !middle || !lower) return missing(`${possessive(ticker)} Bollinger Bands`, true);
  const close = closeOn(grounding, upper.date);
  const lines = [
    `${possessive(ticker)} Bollinger Bands ${asOf(upper.date)}: upper **${formatRupees(upper.value)}**, middle (the 20-day average) ${formatRupees(middle.value)}, lower **${formatRupees(lower.value)}**.`,
  ];
  if (close !== null && upper.value > lower.value) {
    const position = ((close - lower.value) / (upper.value - lower.value)) * 100;
    const where =
      close > upper.value
        ? 'above the upper band'
        : close < lower.value
          ? 'below the lower band'
          : `${formatNumber(position, 0)}% of the way from the lower band to the upper one`;
    lines.push(`The close of ${formatRupees(close)} on that day was ${where}.`);
  }
  lines.push(
    `The bands were ${formatPercent(((upper.value - lower.value) / middle.value) * 100)} of the middle band apart: they widen when prices swing more and narrow in quiet spells.`,
    'A close near or beyond a band is a large move against the last 20 days, not a signal on its own; in a strong trend prices often run along one band.',
  );
  return { text: lines.join(' '), sources: ['indicators'], available: true };
};

const stochastic: Writer = (grounding) => {
  const k = lastPoint(grounding.indicators, (series) => series.stochastic14.k);
  const d = lastPoint(grounding.indicators, (series) => series.stochastic14.d);
  const ticker = subject(grounding);
  if (!k) return missing(`${possessive(ticker)} stochastic oscillator`);
  const kValue = shown(k.value);
  const zone =
    kValue >= 80
      ? '80 or more, the zone often called overbought: the close was near the top of its 14-day high–low range.'
      : kValue <= 20
        ? '20 or less, the zone often called oversold: the close was near the bottom of its 14-day high–low range.'
        : 'between 20 and 80, in the middle of its 14-day high–low range.';
  return {
    text: `${possessive(ticker)} stochastic oscillator ${asOf(k.date)}: %K **${formatIndicator(k.value)}**${d ? `, %D (its 3-day average) ${formatIndicator(d.value)}` : ''}. %K was ${zone} Like the RSI, it can stay at an extreme for long during a strong trend.`,
    sources: ['indicators'],
    available: true,
  };
};

const adx: Writer = (grounding) => {
  const reading = lastPoint(grounding.indicators, (series) => series.adx14);
  const ticker = subject(grounding);
  if (!reading) return missing(`${possessive(ticker)} ADX`);
  const level = shown(reading.value);
  const strength =
    level >= 25
      ? '25 or more, which is usually read as a trending market: prices have moved mostly one way.'
      : level >= 20
        ? 'between 20 and 25, usually read as a trend that is forming or fading.'
        : 'below 20, usually read as a weak trend or none.';
  const trend = grounding.summary ? ` For direction, Nivesh’s technical summary reads the trend as **${grounding.summary.trend.label}** ${asOf(grounding.summary.as_of)}.` : '';
  return {
    text: `${possessive(ticker)} ADX(14) was **${formatIndicator(reading.value)}** ${asOf(reading.date)}. That is ${strength} ADX measures how strong a trend is, not which way it points.${trend}`,
    sources: grounding.summary ? ['indicators', 'summary'] : ['indicators'],
    available: true,
  };
};

const supportResistance: Writer = (grounding) => {
  const summary = grounding.summary;
  const ticker = subject(grounding);
  if (!summary) return missing(`${possessive(ticker)} support and resistance levels`, true);
  const level = ({ price, touches, last_date }: (typeof summary.support)[number]) => `${formatRupees(price)} (${touches} turns, latest on ${formatDate(last_date)})`;
  const support = summary.support.length ? summary.support.map(level).join('; ') : 'none: the stock has not turned twice at any price below its close in the past year';
  const resistance = summary.resistance.length ? summary.resistance.map(level).join('; ') : 'none: the close was above every price where the stock turned twice in the past year';
  return {
    text: [
      `Prices where ${ticker} turned at least twice in the past year, against its close of ${formatRupees(summary.close)} ${asOf(summary.as_of)}:`,
      `- **Support (below the close):** ${support}`,
      `- **Resistance (above the close):** ${resistance}`,
      '',
      'Support is a price where falls have often paused and resistance one where rises have often stalled, because many traders remember those prices. They are zones rather than exact lines, and they often break.',
    ].join('\n'),
    sources: ['summary'],
    available: true,
  };
};

const volume: Writer = (grounding) => {
  const quote = grounding.quote;
  const obv = lastPoint(grounding.indicators, (series) => series.obv);
  const obvBefore = earlierPoint(grounding.indicators, (series) => series.obv, 20);
  const vwap = lastPoint(grounding.indicators, (series) => series.vwap);
  const ticker = subject(grounding);
  if ((!quote || quote.volume === null) && !obv && !vwap) return missing(`${possessive(ticker)} volume`);
  const items: string[] = [];
  const sources: GroundingPart[] = [];
  if (quote && quote.volume !== null) {
    items.push(`- **Volume:** ${formatNumber(quote.volume, 0)} shares traded on the latest day, ${asOf(quote.as_of)}.`);
    sources.push('quote');
  }
  if (obv) {
    const trend = obvBefore ? `, ${obv.value >= obvBefore.value ? 'up' : 'down'} from ${formatNumber(obvBefore.value, 0)} 20 trading days earlier: more volume on ${obv.value >= obvBefore.value ? 'up' : 'down'} days than on ${obv.value >= obvBefore.value ? 'down' : 'up'} days lately` : '';
    items.push(`- **On-balance volume (OBV):** ${formatNumber(obv.value, 0)} ${asOf(obv.date)}${trend}.`);
  }
  if (vwap) {
    const close = closeOn(grounding, vwap.date);
    const from = grounding.indicators?.dates[0];
    items.push(
      `- **VWAP${from ? ` since ${formatDate(from)}` : ''}:** ${formatRupees(vwap.value)} ${asOf(vwap.date)}${close !== null ? `; the close was ${distance(close, vwap.value)} it` : ''}.`,
    );
  }
  if (obv || vwap) sources.push('indicators');
  return {
    text: `${items.join('\n')}\n\nVolume shows how much conviction sits behind a move: a rise on heavy volume carries more weight than one on thin volume. On its own it does not show direction.`,
    sources,
    available: true,
  };
};

const FLAG_NAMES: Record<RiskFlag['kind'], string> = {
  pump_and_dump: 'Pump-and-dump pattern',
  gap: 'Gap',
  limit_move: 'Move near the 10% price band',
};

const riskFlags: Writer = (grounding) => {
  const risk = grounding.risk;
  const ticker = subject(grounding);
  if (!risk) return missing(`${possessive(ticker)} unusual-trading flags`, true);
  const period = `between ${formatDate(risk.range.from)} and ${formatDate(risk.range.to)} (${asOf(risk.as_of)})`;
  if (!risk.flags.length) {
    return {
      text: `Nivesh found no unusual trading days for ${ticker} ${period}: no pump-and-dump pattern, no opening gap of 5% or more and no move near the 10% price band.\n\nA clean record describes the past only; unusual days can still come with news.`,
      sources: ['risk'],
      available: true,
    };
  }
  const items = risk.flags.slice(0, 3).map((flag) => `- **${FLAG_NAMES[flag.kind]}, ${formatDate(flag.date)}:** ${railSafeText(flag.description)}`);
  const count = risk.flags.length === 1 ? 'one unusual trading day' : `${risk.flags.length} unusual trading days`;
  return {
    text: `Nivesh flagged ${count} for ${ticker} ${period}${risk.flags.length > 3 ? '; the latest three' : ''}:\n${items.join('\n')}\n\nA flag is a reason to look closer (news, results, a corporate action), not proof of wrongdoing.`,
    sources: ['risk'],
    available: true,
    ...(risk.flags.some((flag) => flag.kind === 'pump_and_dump') ? { article: 'pump-and-dump' } : {}),
  };
};

const RISK_LEVEL_MEANING: Record<MarketRisk['level'], string> = {
  low: 'neither volatility above 25% nor a fall deeper than 30%',
  moderate: 'volatility above 25% or a fall deeper than 30% from a peak',
  high: 'volatility above 40% or a recent pump-and-dump pattern',
};

const volatility: Writer = (grounding, question) => {
  const risk = grounding.risk;
  const summary = grounding.summary;
  const ticker = subject(grounding);
  const focus = topicArticle('volatility', question);
  const recent = summary
    ? `Recent daily swings were **${summary.volatility.label}** against the past year ${asOf(summary.as_of)}${typeof summary.volatility.figures.atr14_pct === 'number' ? ` (the average true range was ${formatPercent(summary.volatility.figures.atr14_pct)} of the price)` : ''}.`
    : '';
  if (!risk) {
    if (!summary) return missing(`${possessive(ticker)} volatility and risk figures`, true);
    return { text: `${recent} The full risk figures (drawdown, beta, value at risk) are not available right now.`, sources: ['summary'], available: true };
  }
  const { metrics } = risk;
  const items: Array<[string, string]> = [
    ['volatility', `- **Volatility:** ${formatPercent(metrics.volatility_annual_pct)} a year (daily swings scaled to a year)`],
    [
      'max-drawdown',
      `- **Maximum drawdown:** ${formatSignedPercent(metrics.max_drawdown_pct)}${metrics.max_drawdown_peak && metrics.max_drawdown_trough ? `, from the high of ${formatDate(metrics.max_drawdown_peak)} to the low of ${formatDate(metrics.max_drawdown_trough)}` : ''}`,
    ],
    [
      'beta',
      metrics.beta === null
        ? '- **Beta:** not measurable, with too few trading days in common with NIFTY 50'
        : `- **Beta:** ${formatNumber(metrics.beta)} against NIFTY 50: when the index moved 1%, ${ticker} tended to move about ${formatNumber(Math.abs(metrics.beta))}% ${metrics.beta < 0 ? 'the other way' : 'the same way'}`,
    ],
    ['value-at-risk', `- **95% one-day value at risk:** ${formatPercent(metrics.var95_pct)}, or ${formatRupees(metrics.var95_per_lakh, true)} on ₹1,00,000 held: on 95 of 100 days the one-day fall was smaller`],
  ];
  items.sort(([a], [b]) => Number(b === focus) - Number(a === focus));
  return {
    text: [
      `${possessive(ticker)} risk figures for the year ${formatDate(risk.range.from)} to ${formatDate(risk.range.to)}, ${asOf(risk.as_of)}:`,
      ...items.map(([, text]) => text),
      '',
      `${recent ? `${recent} ` : ''}Nivesh describes these figures as **${risk.level}** risk (${RISK_LEVEL_MEANING[risk.level]}); that describes the past and is not a rating.`,
    ].join('\n'),
    sources: summary ? ['risk', 'summary'] : ['risk'],
    available: true,
  };
};

const HORIZON_NAMES: Record<string, string> = { '1m': '1 month', '3m': '3 months', '6m': '6 months', '1y': '1 year', '3y': '3 years', '5y': '5 years' };

const returns: Writer = (grounding) => {
  const insights = grounding.insights;
  const ticker = subject(grounding);
  if (!insights) return missing(`${possessive(ticker)} past returns`, true);
  const rows = insights.horizons.filter((row) => row.return_pct !== null);
  if (!rows.length) return { ...missing(`${possessive(ticker)} past returns`, true), text: `${ticker} does not have enough price history for Nivesh to measure its returns ${asOf(insights.as_of)}.`, sources: ['insights'] };
  const niftyNote = insights.nifty_as_of && insights.nifty_as_of !== insights.as_of ? ` (NIFTY 50’s data ends on ${formatDate(insights.nifty_as_of)}, so its returns run to that day)` : '';
  const items = rows.map((row) => {
    const annual = row.annualised_pct !== null && row.horizon !== '1y' ? `, ${formatSignedPercent(row.annualised_pct)} a year` : '';
    const nifty = row.nifty_return_pct !== null ? ` (NIFTY 50: ${formatSignedPercent(row.nifty_return_pct)})` : '';
    return `- **${HORIZON_NAMES[row.horizon]}:** ${formatSignedPercent(row.return_pct!)}${annual}${nifty}`;
  });
  return {
    text: `${possessive(ticker)} past price returns ${asOf(insights.as_of)}, with NIFTY 50’s over the same spans${niftyNote}:\n${items.join('\n')}\n\nThese are price changes on adjusted closes, without dividends. Past returns describe what happened and say nothing certain about what comes next.`,
    sources: ['insights'],
    available: true,
  };
};

const forecast: Writer = (grounding) => {
  const row = grounding.forecast;
  const ticker = subject(grounding);
  if (!row) return missing(`TrendVision’s back-tested accuracy for ${ticker}`);
  const coverage = (share: number) => formatPercent(share * 100, 1);
  const lines = [
    `TrendVision’s back-test for ${ticker}, ${asOf(row.as_of)}, chose **${row.model_name}** and checked ${formatNumber(row.tests, 0)} forecasts from ${formatNumber(row.origins, 0)} starting days between ${formatDate(row.test_window.from)} and ${formatDate(row.test_window.to)}:`,
    `- **Errors against the naive “no change” forecast (relative MAE):** ${formatNumber(row.relative_mae.h1)} at 1 day, ${formatNumber(row.relative_mae.h5)} at 5 days, ${formatNumber(row.relative_mae.h10)} at 10 days; below 1 means smaller errors than naive.`,
    `- **Errors against a typical day’s move (MASE):** ${formatNumber(row.mase.h1)} at 1 day, ${formatNumber(row.mase.h5)} at 5 days, ${formatNumber(row.mase.h10)} at 10 days; 3 means errors three times the price’s usual one-day move, and even “no change” scores about 3 at 10 days.`,
    `- **Bands:** the actual close fell inside the 80% band in ${coverage(row.coverage80)} of the checks and inside the 95% band in ${coverage(row.coverage95)}.`,
  ];
  if (!row.beats_naive) lines.push('- No model beat the naive forecast on the earlier validation window, so TrendVision shows the naive forecast.');
  lines.push('', 'Even a good back-test describes the past: the bands show how wide the uncertainty is, and they matter more than the middle line.');
  return { text: lines.join('\n'), sources: ['forecast'], available: true };
};

const quote: Writer = (grounding) => {
  const q = grounding.quote;
  const ticker = subject(grounding);
  if (!q) {
    const summary = grounding.summary;
    if (!summary) return missing(`${possessive(ticker)} latest price`);
    return {
      text: `${ticker} closed at **${formatRupees(summary.close)}** ${asOf(summary.as_of)}, from Nivesh’s technical summary; the day’s change and the 52-week range are not available right now. Nivesh’s prices are end-of-day closes, not live quotes.`,
      sources: ['summary'],
      available: true,
    };
  }
  const change = q.change !== null && q.change_pct !== null ? `, ${formatSignedRupees(q.change)} (${formatSignedPercent(q.change_pct)}) from the previous close` : '';
  const fromHigh = q.high_52w > 0 ? ` The close was ${distance(q.close, q.high_52w)} the 52-week high and ${distance(q.close, q.low_52w)} the 52-week low.` : '';
  return {
    text: [
      `${ticker} closed at **${formatRupees(q.close)}** ${asOf(q.as_of)}${change}.`,
      `Over the 52 weeks to that day its closes ranged from ${formatRupees(q.low_52w)} to ${formatRupees(q.high_52w)}.${fromHigh}`,
      q.volume !== null ? `${formatNumber(q.volume, 0)} shares traded that day.` : '',
      'Nivesh’s prices are end-of-day closes adjusted for splits and bonus issues, not live quotes.',
    ]
      .filter(Boolean)
      .join(' '),
    sources: ['quote'],
    available: true,
  };
};

const trend: Writer = (grounding) => {
  const summary = grounding.summary;
  const ticker = subject(grounding);
  if (!summary) return missing(`${possessive(ticker)} technical summary`);
  const { trend: t, momentum: m, volatility: v } = summary;
  const figure = (value: number | null | undefined, write: (value: number) => string, label: string) =>
    typeof value === 'number' ? label.replace('{}', write(value)) : null;
  const rsiValue = rsiReading(grounding);
  const trendFigures = [
    figure(t.figures.close, (value) => formatRupees(value), 'close {}'),
    figure(t.figures.sma50, (value) => formatRupees(value), '50-day average {}'),
    figure(t.figures.sma200, (value) => formatRupees(value), '200-day average {}'),
    figure(t.figures.sma50_slope_pct, formatSignedPercent, 'the 50-day average {} over 20 trading days'),
  ].filter(Boolean);
  const momentumFigures = [
    rsiValue && rsiValue.date === summary.as_of ? `RSI ${formatIndicator(rsiValue.value)}` : figure(m.figures.rsi14, formatIndicator, 'RSI {}'),
    figure(m.figures.macd_histogram, signedIndicator, 'MACD histogram {}'),
    figure(m.figures.return_1m_pct, formatSignedPercent, '1-month return {}'),
  ].filter(Boolean);
  const volatilityFigures = [
    figure(v.figures.atr14_pct, (value) => formatPercent(value), 'ATR {} of the price'),
    figure(v.figures.realised_20d_pct, (value) => formatPercent(value), '20-day volatility {} a year'),
  ].filter(Boolean);
  return {
    text: [
      `Nivesh’s technical summary of ${ticker} ${asOf(summary.as_of)}:`,
      `- **Trend: ${t.label}** (${trendFigures.join(', ')})`,
      `- **Momentum: ${m.label}** (${momentumFigures.join(', ')})`,
      `- **Volatility: ${v.label}** (${volatilityFigures.join(', ') || 'figures not available'})`,
      '',
      railSafeText(t.meaning),
    ].join('\n'),
    sources: rsiValue && grounding.indicators ? ['summary', 'indicators'] : ['summary'],
    available: true,
  };
};

const sentimentIndex: Writer = (grounding) => {
  const sentiment = grounding.sentiment;
  if (!sentiment) return missing('the market sentiment index');
  const { monthAgo, high, low } = sentimentHistory(sentiment);
  const lines = [
    `Nivesh’s market sentiment index was **${formatNumber(sentiment.score, 1)} (${sentiment.label})** ${asOf(sentiment.as_of)}, on a scale from 0 (extreme fear) to 100 (extreme greed).`,
  ];
  const past: string[] = [];
  if (monthAgo) past.push(`A month earlier, ${asOf(monthAgo.date)}, it read ${formatNumber(monthAgo.value, 1)}.`);
  if (high && low && high.date !== low.date) past.push(`Over the past year it ranged from ${formatNumber(low.value, 1)} (${formatDate(low.date)}) to ${formatNumber(high.value, 1)} (${formatDate(high.date)}).`);
  if (past.length) lines.push(past.join(' '));
  const parts = sentiment.components.map((component) => `- **${component.name}:** ${formatNumber(component.score, 1)}`);
  return {
    text: `${lines.join(' ')}\n\nIts four parts, each scored from 0 to 100 on the same day:\n${parts.join('\n')}\n\nThe index describes the mood of recent prices; it does not say when or where the market turns.`,
    sources: ['sentiment'],
    available: true,
  };
};

/** A component's raw figure in its unit: "63.83% above 50-day average", "9.25% annualised". */
export const componentValue = (component: SentimentComponent): string =>
  component.unit.startsWith('%') ? `${formatNumber(component.value)}${component.unit}` : `${formatNumber(component.value)} ${component.unit}`;

const component =
  (key: SentimentComponent['key'], name: string): Writer =>
  (grounding) => {
    const sentiment = grounding.sentiment;
    const part = sentiment?.components.find((candidate) => candidate.key === key);
    if (!sentiment || !part) return missing(name);
    return {
      text: [
        `**${part.name}** scored **${formatNumber(part.score, 1)}** out of 100 ${asOf(sentiment.as_of)} (${componentValue(part)}), where 0 is the most fearful reading and 100 the most greedy.`,
        `Nivesh’s reading ${asOf(sentiment.as_of)}: ${railSafeText(part.meaning)}`,
        `It is one of the four parts of the market sentiment index, which stood at ${formatNumber(sentiment.score, 1)} (${sentiment.label}) on the same day.`,
      ].join(' '),
      sources: ['sentiment'],
      available: true,
    };
  };

const WRITERS: Record<Topic, Writer> = {
  rsi,
  macd,
  moving_averages: movingAverages,
  bollinger,
  stochastic,
  adx,
  support_resistance: supportResistance,
  volume,
  risk_flags: riskFlags,
  volatility,
  returns,
  forecast,
  quote,
  trend,
  sentiment: sentimentIndex,
  breadth: component('breadth', 'market breadth'),
  market_momentum: component('momentum', 'market momentum'),
  market_volatility: component('volatility', 'market volatility'),
  highs_lows: component('highs_lows', 'the 52-week highs against lows score'),
};

/** The product's figures on a topic, with their dates and what they commonly mean. */
export const section = (topic: Topic, grounding: Grounding, question: string): Section => WRITERS[topic](grounding, question);
