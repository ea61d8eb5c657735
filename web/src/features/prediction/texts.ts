import { PREMIUM_TOOLS } from '@nivesh/proto/premium-tools';
import { formatINR, formatIndianNumber, formatMarketDate } from '../../lib/format';
import { PREMIUM_PRICE_INR_PER_MONTH, SEBI_PRICE_DATA_CIRCULAR } from '@nivesh/proto/values';

/** Trading days a forecast reaches: proto's `PREDICTION_DEFAULT_HORIZON_DAYS` (texts.test.ts checks they agree). */
export const FORECAST_HORIZON_DAYS = 10;

/** The longest forecast free to everyone: proto's `PREDICTION_FREE_HORIZON_DAYS`. */
export const FREE_FORECAST_HORIZON_DAYS = 10;

/** The premium horizon: proto's `PREDICTION_PREMIUM_HORIZON_DAYS`, the tool `PREMIUM_TOOLS.trendvisionLongHorizon`. */
export const PREMIUM_FORECAST_HORIZON_DAYS = 30;

/** The horizons the page offers, free first. */
export const FORECAST_HORIZONS = [FORECAST_HORIZON_DAYS, PREMIUM_FORECAST_HORIZON_DAYS] as const;
export type ForecastHorizon = (typeof FORECAST_HORIZONS)[number];

/** The premium tool the longer horizon is. */
export const LONG_HORIZON_TOOL = PREMIUM_TOOLS.trendvisionLongHorizon;

/**
 * '₹200', as the premium copy writes it. Made here from the same proto value as the premium feature's
 * PREMIUM_MONTHLY_PRICE, since features do not import each other.
 */
const PREMIUM_PRICE = formatINR(PREMIUM_PRICE_INR_PER_MONTH, { fractionDigits: 0 });

/** Texts of the TrendVision form that the specification quotes (sections 5 and 8), verbatim. */
export const PREDICTION_TEXTS = {
  emptyTicker: 'Please enter a ticker symbol',
  predictionFailed: 'Prediction failed',
  requestFailed: 'An error occurred while fetching the prediction',
} as const;

/** What each of the two error figures says, one sentence each, wherever the page shows them. */
export const ERROR_MEASURE_TEXTS = {
  relativeMae:
    'Relative MAE says whether the model beat simply assuming no change: its average error divided by that of no change on the same days, so below 1.00 its errors were smaller and above 1.00 larger.',
  mase: 'MASE says how large the errors were against a typical day’s move: the average error divided by the average one-day move of the price over the two years the model was fitted on, so 3.00 means errors three times a usual day’s move.',
} as const;

const BAND_HELD = 'A band “held” when the actual close fell inside it.';

/** The page's other words, in one place. */
export const TRENDVISION_TEXTS = {
  /** The lead after its first sentence, which trendVisionLead writes from the track record. */
  leadMore: `It covers a stock's closing prices on the ${FORECAST_HORIZON_DAYS} trading days after the prices it is made from, with 80 % and 95 % bands and how accurate it was on past data. Forecasts ${PREMIUM_FORECAST_HORIZON_DAYS} trading days ahead, with every model side by side, are part of Premium.`,
  description: `TrendVision: statistical forecasts of NSE stock prices ${FORECAST_HORIZON_DAYS} trading days ahead, with 80 % and 95 % bands and their accuracy on past data; ${PREMIUM_FORECAST_HORIZON_DAYS}-day forecasts are part of Premium.`,
  disclaimer:
    'A forecast here is a statistical estimate from past prices, shown with its uncertainty. It is not a price target and not a recommendation to buy or sell: under SEBI’s rules, those are the work of registered research analysts.',
  noModelBeatNaive:
    'No model beat simply assuming no change on past data, so TrendVision shows that forecast: the last close, with the range it usually moves in.',
  chosenLater: 'The model was chosen on an earlier period and measured on this later one, so these figures are not the ones it was picked on.',
  historyMissing: 'Past prices could not be loaded, so the chart shows the forecast only.',
  sessions: 'Dates are the NSE trading days after the last close, on the exchange’s own calendar: weekends and its holidays are skipped.',
  trackRecordLead: `Each symbol’s chosen model, measured on a test period it was not chosen on. ${ERROR_MEASURE_TEXTS.relativeMae} ${ERROR_MEASURE_TEXTS.mase} ${BAND_HELD}`,
  trackRecordEmpty: 'No back-test has finished yet.',
} as const;

/** How many of the symbols tested are served a model that beat simply assuming no change on past data. */
export type ModelsServed = { served: number; tested: number };

const LAST_CLOSE = 'the last close, with the range the price usually moves in';

/**
 * The page's first sentence, saying plainly what TrendVision is today: a model is served for a stock only when it beat
 * "no change" on past data, so while none has, every forecast is no change. Before the track record is known, a
 * sentence that holds whatever it says.
 */
const leadSentence = (models: ModelsServed | null): string => {
  if (!models || models.tested === 0) return 'A statistical forecast, measured on past data against simply assuming no change.';
  const { served, tested } = models;
  if (served === 0) {
    const symbols = tested === 1 ? 'the one symbol tested' : `any of the ${formatIndianNumber(tested, 0)} symbols tested`;
    return `A statistical forecast; on past data, nothing beat “no change” for ${symbols}, so every forecast is ${LAST_CLOSE}.`;
  }
  if (served === tested) {
    const symbols = tested === 1 ? 'the one symbol tested' : tested === 2 ? 'both symbols tested' : `all ${formatIndianNumber(tested, 0)} symbols tested`;
    return `A statistical forecast; on past data, a model beat “no change” for ${symbols}.`;
  }
  return `A statistical forecast; on past data, a model beat “no change” for only ${formatIndianNumber(served, 0)} of the ${formatIndianNumber(tested, 0)} symbols tested, and for the rest the forecast is ${LAST_CLOSE}.`;
};

/** The page's lead: what it is today, then what it shows. */
export const trendVisionLead = (models: ModelsServed | null): string => `${leadSentence(models)} ${TRENDVISION_TEXTS.leadMore}`;

/** The choice of how far ahead to forecast. */
export const HORIZON_TEXTS = {
  legend: 'How far ahead to forecast',
  options: {
    [FORECAST_HORIZON_DAYS]: `${FORECAST_HORIZON_DAYS} trading days`,
    [PREMIUM_FORECAST_HORIZON_DAYS]: `${PREMIUM_FORECAST_HORIZON_DAYS} trading days (Premium)`,
  } satisfies Record<ForecastHorizon, string>,
} as const;

/** The note shown instead of a 30-day forecast to whoever cannot use premium on this device. */
export const PREMIUM_HORIZON_TEXTS = {
  title: LONG_HORIZON_TOOL.name,
  description: LONG_HORIZON_TOOL.description,
  partOfPremium: `They are part of Nivesh Premium, ${PREMIUM_PRICE} per month.`,
  visitor: 'To use them, log in with an account that has Premium.',
  conflict: 'Your Premium is active on another device. On the Premium page you can move it to this one.',
  checking: 'Checking your premium status…',
  logIn: 'Log in',
  seePremium: 'See Premium',
  showFree: `Show the ${FORECAST_HORIZON_DAYS}-day forecast`,
} as const;

/** The premium answer's comparison of every model's back-test. */
export const MODEL_COMPARISON_TEXTS = {
  title: 'Every model, side by side',
  lead: 'All these models were tested on the same days, chosen on an earlier period and measured on a later one, and a model is served only when it beat simply assuming no change on the earlier period.',
  legend: `${ERROR_MEASURE_TEXTS.relativeMae} ${ERROR_MEASURE_TEXTS.mase} ${BAND_HELD}`,
  caption: 'Each model’s errors against no change and against a typical day’s move, and how often its bands held, on the same test days',
  model: 'Model',
  relativeMae: 'Relative MAE: errors against no change',
  mase: 'MASE: errors against a typical day’s move',
  band80: '80 % band held',
  band95: '95 % band held',
  beatNaive: 'Beat no change on the earlier period',
  served: 'Shown above',
  yes: 'Yes',
  no: 'No',
  baseline: 'Baseline',
  notMeasured: 'Not measured',
} as const;

/** Under a forecast table that scrolls inside its box. */
export const longTableHint = (days: number): string => `The table scrolls: it lists all ${formatIndianNumber(days, 0)} trading days.`;

/** '1 day', '30 days': a column of errors at that many trading days. */
export const daysLabel = (horizon: number): string => (horizon === 1 ? '1 day' : `${formatIndianNumber(horizon, 0)} days`);

const percent = (share: number) => `${formatIndianNumber(Math.round(share * 100), 0)} %`;

const daysAhead = (horizon: number) => (horizon === 1 ? '1 trading day ahead' : `${formatIndianNumber(horizon, 0)} trading days ahead`);

/**
 * Relative MAE against the naive forecast in words: 0.97 at 10 days → "On past data, this forecast's errors 10 trading
 * days ahead were 3 % smaller than simply assuming no change".
 */
export const errorsComparedWithNaive = (horizon: number, relativeMae: number): string => {
  const difference = Math.round(Math.abs(1 - relativeMae) * 100);
  const comparison = difference === 0 ? 'about the same as' : `${formatIndianNumber(difference, 0)} % ${relativeMae < 1 ? 'smaller' : 'larger'} than`;
  return `On past data, this forecast's errors ${daysAhead(horizon)} were ${comparison} simply assuming no change.`;
};

/**
 * MASE in words: 3.16 at 10 days → "On past data, this forecast's errors 10 trading days ahead averaged 3.2 times a
 * typical day's move of the price."
 */
export const errorsComparedWithTypicalDay = (horizon: number, mase: number): string =>
  `On past data, this forecast's errors ${daysAhead(horizon)} averaged ${mase.toFixed(1)} times a typical day's move of the price.`;

/** The accuracy card's table of both figures. */
export const ERROR_TABLE_TEXTS = {
  caption: 'Relative MAE and MASE on the test period, by trading days ahead',
  days: 'Trading days ahead',
  relativeMae: 'Relative MAE',
  mase: 'MASE',
} as const;

/** An error figure as the page writes it: two decimals. */
export const formatErrorFigure = (value: number): string => value.toFixed(2);

/** A band's empirical coverage in words: "The 80 % band contained the actual price 79 % of the time over 2,400 tests." */
export const bandCoverage = (band: 80 | 95, coverage: number, tests: number): string => {
  if (tests === 0) return `The ${band} % band has not been tested on past data yet.`;
  const over = tests === 1 ? '1 test' : `${formatIndianNumber(tests, 0)} tests`;
  return `The ${band} % band contained the actual price ${percent(coverage)} of the time over ${over}.`;
};

/** A share as the track record writes it, e.g. 0.794 → '79 %'. */
export const formatShare = percent;

/** The track record's sentence about back-tests that have not finished. */
export const backtestsRunning = (pending: number): string =>
  pending === 1
    ? 'The back-test of 1 more symbol is still running; it appears here when it is done.'
    : `The back-tests of ${formatIndianNumber(pending, 0)} more symbols are still running; they appear here when they are done.`;

/** For how many of the symbols (stocks and NIFTY 50) the chosen model beat assuming no change on the test period. */
export const beatNaiveCount = (beat: number, total: number, horizon: number): string =>
  `On the test period, the chosen model's errors ${daysAhead(horizon)} were smaller than simply assuming no change for ${formatIndianNumber(beat, 0)} of these ${formatIndianNumber(total, 0)}.`;

/** The live record: forecasts served before their closes existed, scored as the closes arrived. */
export const LIVE_RECORD_TEXTS = {
  lead: 'TrendVision keeps every forecast it serves as it was made, before the close it forecasts exists, and scores it when that close arrives. Each forecast is one stock’s close on one trading day; unlike the back-test, none could have been tuned to the answer.',
  nothingRecorded: 'No forecast has been recorded yet. Each one TrendVision serves is kept and scored when the close it forecasts arrives.',
  /** Under the education profile: its forecasts are made 30 days back, so their closes exist already. */
  education:
    'This copy of Nivesh runs as an education platform: its forecasts are made from prices at least 30 days old, so their closes already exist and none joins the live record. It shows the forecasts served under a registered research analyst’s deployment, if any.',
  band80: '80 % band held',
  band95: '95 % band held',
  relativeMae: 'Relative MAE: errors against no change',
  noRelativeMae: 'Not measurable yet',
  scored: 'Scored',
} as const;

/** 'Live record since 28 Mar 2024': the first close a recorded forecast started from. */
export const liveRecordTitle = (since: string | null): string => (since ? `Live record since ${formatMarketDate(since)}` : 'Live record');

const forecastsCount = (count: number) => (count === 1 ? '1 forecast' : `${formatIndianNumber(count, 0)} forecasts`);
const tradingDaysCount = (count: number) => (count === 1 ? '1 trading day' : `${formatIndianNumber(count, 0)} trading days`);

/** How many of the recorded forecasts have been scored so far. */
export const liveRecordCounts = (scored: number, recorded: number): string =>
  scored === 0
    ? `${forecastsCount(recorded)} recorded; none has been scored yet, as the closes they forecast have not arrived.`
    : `${formatIndianNumber(scored, 0)} of the ${forecastsCount(recorded)} recorded ${scored === 1 ? 'has' : 'have'} been scored so far.`;

/** A horizon's heading in the live record, e.g. '5 trading days ahead'. */
export const liveRecordHorizon = (horizon: number): string => daysAhead(horizon);

/** How many forecasts a horizon's figures rest on, and the days they were for. */
export const liveRecordScored = (scored: number, days: number, first: string, last: string): string =>
  `${forecastsCount(scored)} over ${tradingDaysCount(days)}, ${first === last ? formatMarketDate(first) : `${formatMarketDate(first)} – ${formatMarketDate(last)}`}`;

/** In place of a horizon's shares while it has too few scored forecasts for them to mean anything. */
export const liveRecordTooFew = (horizon: number, scored: number, days: number, minimum: { forecasts: number; days: number }): string => {
  const enough = `the figures appear once there are ${formatIndianNumber(minimum.forecasts, 0)} over at least ${tradingDaysCount(minimum.days)}`;
  if (scored === 0) return `No forecast ${daysAhead(horizon)} has been scored yet; ${enough}.`;
  return `So far ${forecastsCount(scored)} ${daysAhead(horizon)} ${scored === 1 ? 'has' : 'have'} been scored, over ${tradingDaysCount(days)}: too few to say how often the bands hold, so ${enough}.`;
};

/**
 * The forecast panel's heading: the coming days under the `registered` profile; under `education`, where the answer
 * is an illustration, the day it was made, so it never reads as a forecast of days to come.
 */
export const forecastHeading = (result: { company: string; ticker: string; horizon_days: number; as_of: string }, illustration: boolean): string =>
  illustration
    ? `${result.company} (${result.ticker}): the forecast made on ${formatMarketDate(result.as_of)}, beside what happened`
    : `${result.company} (${result.ticker}): the next ${result.horizon_days} trading days`;

/**
 * Why an illustration is old, in one sentence: "Under SEBI's rules for education platforms (circular of 8 May 2026),
 * forecasts for a named stock use prices at least 30 days old, so this one was made on 27 Feb 2024 and is shown with
 * what happened since."
 */
export const illustrationReason = (lagDays: number, asOf: string): string =>
  `Under SEBI’s rules for education platforms (circular of ${formatMarketDate(SEBI_PRICE_DATA_CIRCULAR.date)}), forecasts for a named stock use prices at least ${formatIndianNumber(lagDays, 0)} days old, so this one was made on ${formatMarketDate(asOf)} and is shown with what happened since.`;

const closedInside = (hits: number) => (hits === 0 ? 'none' : formatIndianNumber(hits, 0));

/**
 * What became of an illustration, e.g. "Of the 10 forecast days since, 8 closed inside the 80 % band and 10 inside
 * the 95 % band.", with how many days are still to come when some are.
 */
export const outcomeSummary = ({ days, hits80, hits95 }: { days: number; hits80: number; hits95: number }, forecastDays: number): string => {
  const toCome = forecastDays - days;
  if (days === 0) return 'None of the forecast days has closed yet, so there is nothing to compare the forecast with.';
  const held =
    days === 1
      ? `The 1 forecast day since closed ${hits80 ? 'inside' : 'outside'} the 80 % band and ${hits95 ? 'inside' : 'outside'} the 95 % band.`
      : `Of the ${formatIndianNumber(days, 0)} forecast days since, ${closedInside(hits80)} closed inside the 80 % band and ${closedInside(hits95)} inside the 95 % band.`;
  if (toCome <= 0) return held;
  return `${held} ${toCome === 1 ? 'The last day has' : `The other ${formatIndianNumber(toCome, 0)} days have`} not closed yet.`;
};

/** Under the `registered` profile, whose research the forecast is. */
export const researchAnalystLine = ({ name, registration_number: registration }: { name: string; registration_number: string }): string =>
  `Research by ${name}, SEBI-registered research analyst, registration ${registration}.`;

/** After the analyst's line under `registered`: the link to the disclosures on /about. */
export const RESEARCH_DISCLOSURES_LINK = 'Read the disclosures.';

/** The forecast table and chart beside an illustration's outcome. */
export const OUTCOME_TEXTS = {
  caption: 'Forecast closing prices, with the actual closes since',
  actual: 'Actual close',
  /** Above the actual close under the forecast close, on a narrow screen. */
  actualShort: 'Actual',
  notYet: 'Not yet',
  legendActual: 'Actual closes since the forecast was made',
  legendHistory: 'Closing prices of the 3 months before the forecast, adjusted for corporate actions',
} as const;
