import { formatIndianNumber } from '../../lib/format';

/** Trading days a forecast reaches: proto's `PREDICTION_DEFAULT_HORIZON_DAYS` (texts.test.ts checks they agree). */
export const FORECAST_HORIZON_DAYS = 10;

/** Texts of the TrendVision form that the specification quotes (sections 5 and 8), verbatim. */
export const PREDICTION_TEXTS = {
  emptyTicker: 'Please enter a ticker symbol',
  predictionFailed: 'Prediction failed',
  requestFailed: 'An error occurred while fetching the prediction',
} as const;

/** The page's other words, in one place. */
export const TRENDVISION_TEXTS = {
  lead: `A statistical forecast of a stock's closing prices for the next ${FORECAST_HORIZON_DAYS} trading days, with 80 % and 95 % bands, and how accurate it was on past data.`,
  disclaimer:
    'A forecast here is a statistical estimate from past prices, shown with its uncertainty. It is not a price target and not a recommendation to buy or sell: under SEBI’s rules, those are the work of registered research analysts.',
  noModelBeatNaive:
    'No model beat simply assuming no change on past data, so TrendVision shows that forecast: the last close, with the range it usually moves in.',
  chosenLater: 'The model was chosen on an earlier period and measured on this later one, so these figures are not the ones it was picked on.',
  historyMissing: 'Past prices could not be loaded, so the chart shows the forecast only.',
  weekdays: 'Dates are the weekdays after the last close; an exchange holiday moves the later days back by one.',
  trackRecordLead:
    'Each symbol’s chosen model, measured on a test period it was not chosen on. MASE compares its average error with simply assuming no change: below 1.00 its errors were smaller, above 1.00 larger. A band “held” when the actual close fell inside it.',
  trackRecordEmpty: 'No back-test has finished yet.',
} as const;

const percent = (share: number) => `${formatIndianNumber(Math.round(share * 100), 0)} %`;

const daysAhead = (horizon: number) => (horizon === 1 ? '1 trading day ahead' : `${formatIndianNumber(horizon, 0)} trading days ahead`);

/**
 * MASE against the naive forecast in words: 0.97 at 10 days → "On past data, this forecast's errors 10 trading days
 * ahead were 3 % smaller than simply assuming no change".
 */
export const errorsComparedWithNaive = (horizon: number, mase: number): string => {
  const difference = Math.round(Math.abs(1 - mase) * 100);
  const comparison = difference === 0 ? 'about the same as' : `${formatIndianNumber(difference, 0)} % ${mase < 1 ? 'smaller' : 'larger'} than`;
  return `On past data, this forecast's errors ${daysAhead(horizon)} were ${comparison} simply assuming no change.`;
};

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
