import { type HubFinding, PREDICTION, type PredictResponse } from '@nivesh/proto';
import { formatDate, formatNumber, formatPercent, formatRupees, formatSignedPercent } from '../../engine/format';
import { type AgentAnswer, type AgentReader, type AgentRequest, figure, type HubAgent } from './agent';

/** Percent from the last close, rounded as shown. */
const fromClose = (value: number, close: number) => (value / close - 1) * 100;

/** 'relative MAE 0.97 at 1 day, 0.98 at 5 days and 0.99 at 10 days'. */
const atHorizons = (name: string, values: PredictResponse['accuracy']['mase']) =>
  `${name} ${formatNumber(values.h1)} at 1 day, ${formatNumber(values.h5)} at 5 days and ${formatNumber(values.h10)} at 10 days`;

const accuracyFinding = (forecast: PredictResponse): HubFinding => {
  const { accuracy } = forecast;
  const window = `${formatDate(accuracy.test_window.from)} to ${formatDate(accuracy.test_window.to)}`;
  const relative = atHorizons('relative MAE', accuracy.relative_mae);
  const mase = `${atHorizons('MASE', accuracy.mase)} (its errors against a typical day’s move, which grow with the days ahead even for “no change”)`;
  return {
    title: 'How TrendVision did on past data',
    text: accuracy.beats_naive
      ? `In TrendVision’s back-test on ${forecast.ticker} (${window}, ${accuracy.origins} starting days), ${forecast.model_name} beat the naive forecast (“no change”) on the earlier window and scored ${relative} on the later one (below 1 is better than “no change”); ${mase}.`
      : `In TrendVision’s back-test on ${forecast.ticker} (${window}, ${accuracy.origins} starting days), no model beat the naive forecast (“no change”), so the naive forecast is served: ${relative}; ${mase}.`,
    means: 'How the forecast method fared on days it had not seen, measured against the simplest guess there is and against how much the price usually moves in a day.',
    does_not_mean: accuracy.beats_naive
      ? 'Beating “no change” in the past does not mean the model keeps doing so; the margin is usually small.'
      : 'It does not mean the price stays where it is: it means no model found a pattern in past prices that held up.',
    figures: [
      figure('Relative MAE at 1 day', accuracy.relative_mae.h1, 'number', accuracy.test_window.to),
      figure('Relative MAE at 5 days', accuracy.relative_mae.h5, 'number', accuracy.test_window.to),
      figure('Relative MAE at 10 days', accuracy.relative_mae.h10, 'number', accuracy.test_window.to),
      figure('MASE at 1 day', accuracy.mase.h1, 'number', accuracy.test_window.to),
      figure('MASE at 5 days', accuracy.mase.h5, 'number', accuracy.test_window.to),
      figure('MASE at 10 days', accuracy.mase.h10, 'number', accuracy.test_window.to),
    ],
    as_of: accuracy.test_window.to,
  };
};

/** The band's spread as percentages of the last close: never a price level, which would read as a target. */
const rangeFinding = (forecast: PredictResponse): HubFinding => {
  const last = forecast.horizon_days - 1;
  const low = fromClose(forecast.lower80[last]!, forecast.last_close);
  const high = fromClose(forecast.upper80[last]!, forecast.last_close);
  return {
    title: 'How wide the range of outcomes is',
    text:
      `From the close of ${formatRupees(forecast.last_close)} on ${formatDate(forecast.as_of)}, TrendVision’s 80% band for ${forecast.horizon_days} trading days ${forecast.illustration ? 'after it' : 'ahead'} spans ` +
      `${formatSignedPercent(low, 1)} to ${formatSignedPercent(high, 1)}. In the back-test such bands held the actual close in ${formatPercent(forecast.accuracy.coverage80 * 100, 1)} of ${formatNumber(forecast.accuracy.tests, 0)} checks.`,
    means: 'The spread of outcomes past price moves of this stock suggest over two weeks: the wider it is, the less anyone can say.',
    does_not_mean: 'The band is not a range the price must stay in: one outcome in five fell outside it in the back-test.',
    figures: [
      figure('80% band, low end', low, 'pct', forecast.as_of),
      figure('80% band, high end', high, 'pct', forecast.as_of),
      figure('Share of past closes inside the 80% bands', forecast.accuracy.coverage80 * 100, 'pct', forecast.accuracy.test_window.to),
    ],
    as_of: forecast.as_of,
  };
};

/**
 * Under the `education` compliance profile the forecast is an illustration made 30 or more days back: what became of
 * it since, in the band's own terms (days inside), never a price.
 */
const outcomeFinding = (forecast: PredictResponse): HubFinding | null => {
  const { illustration } = forecast;
  if (!illustration) return null;
  const { outcome } = illustration;
  const made = formatDate(forecast.as_of);
  const text =
    outcome.days === 0
      ? `Under SEBI’s rules for education platforms, TrendVision’s forecast uses prices at least ${illustration.lag_days} days old: this one was made on ${made}, and none of its days has a close yet.`
      : `Under SEBI’s rules for education platforms, TrendVision’s forecast uses prices at least ${illustration.lag_days} days old: this one was made on ${made}. Of the ${formatNumber(outcome.days, 0)} trading days since that have a close, ${formatNumber(outcome.hits80, 0)} closed inside its 80% band and ${formatNumber(outcome.hits95, 0)} inside its 95% band.`;
  return {
    title: 'What happened after the forecast',
    text,
    means: 'How an old forecast fared against the closes that followed it: an illustration of the method, not a view of the days ahead.',
    does_not_mean: 'It says nothing about where the price goes next.',
    figures: [
      figure('Days since the forecast with a close', outcome.days, 'number', outcome.through),
      figure('Closes inside the 80% band', outcome.hits80, 'number', outcome.through),
      figure('Closes inside the 95% band', outcome.hits95, 'number', outcome.through),
    ],
    as_of: outcome.through,
  };
};

/** The forecast agent: what can TrendVision say, and how well has it done on this stock? */
export const forecastAgent: HubAgent = {
  name: 'forecast',
  title: 'Forecast',
  question: 'How well has TrendVision forecast this stock, and how wide is its range of outcomes?',
  async run({ symbol, caller }: AgentRequest, reader: AgentReader): Promise<AgentAnswer> {
    const forecast = await reader.read(PREDICTION.predict, { ticker: symbol, caller }, { label: 'TrendVision forecast and back-test', source: `POST /predict {"ticker":"${symbol}"}`, asOf: (answer) => answer.as_of });
    const last = forecast.horizon_days - 1;
    const spread = (fromClose(forecast.upper80[last]!, forecast.last_close) - fromClose(forecast.lower80[last]!, forecast.last_close)) / 2;
    const ahead = forecast.illustration ? `after ${formatDate(forecast.as_of)}` : 'ahead';
    const outcome = outcomeFinding(forecast);
    return {
      // A forecast's median is not a direction anyone should lean on; the agent reports uncertainty, not a view.
      lean: 'neutral',
      reading: forecast.accuracy.beats_naive ? `${forecast.model_name} beat “no change”` : 'No model beat “no change”',
      headline: forecast.accuracy.beats_naive
        ? `TrendVision’s ${forecast.model_name} did better than “no change” on ${symbol}’s past prices, and its 80% band for ${forecast.horizon_days} trading days ${ahead} spans about ±${formatNumber(spread, 1)}%.`
        : `TrendVision found no model better than “no change” on ${symbol}’s past prices; its 80% band for ${forecast.horizon_days} trading days ${ahead} spans about ±${formatNumber(spread, 1)}%.`,
      findings: [accuracyFinding(forecast), rangeFinding(forecast), ...(outcome ? [outcome] : [])],
    };
  },
};
