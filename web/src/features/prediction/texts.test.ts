import { PREDICTION_DEFAULT_HORIZON_DAYS, PREDICTION_FREE_HORIZON_DAYS, PREDICTION_PREMIUM_HORIZON_DAYS, ROUTES } from '@nivesh/proto';
import { PREMIUM_TOOLS } from '@nivesh/proto/premium-tools';
import {
  FORECAST_HORIZON_DAYS,
  FREE_FORECAST_HORIZON_DAYS,
  LONG_HORIZON_TOOL,
  ERROR_MEASURE_TEXTS,
  MODEL_COMPARISON_TEXTS,
  PREDICTION_TEXTS,
  PREMIUM_FORECAST_HORIZON_DAYS,
  PREMIUM_HORIZON_TEXTS,
  backtestsRunning,
  bandCoverage,
  TRENDVISION_TEXTS,
  errorsComparedWithNaive,
  errorsComparedWithTypicalDay,
  forecastHeading,
  illustrationReason,
  outcomeSummary,
  researchAnalystLine,
} from './texts';

describe('TrendVision texts', () => {
  it('quote the specification verbatim', () => {
    expect(PREDICTION_TEXTS).toEqual({
      emptyTicker: 'Please enter a ticker symbol',
      predictionFailed: 'Prediction failed',
      requestFailed: 'An error occurred while fetching the prediction',
    });
  });

  it('use the horizons proto declares', () => {
    expect(FORECAST_HORIZON_DAYS).toBe(PREDICTION_DEFAULT_HORIZON_DAYS);
    expect(FREE_FORECAST_HORIZON_DAYS).toBe(PREDICTION_FREE_HORIZON_DAYS);
    expect(PREMIUM_FORECAST_HORIZON_DAYS).toBe(PREDICTION_PREMIUM_HORIZON_DAYS);
  });

  it('name the premium tool the gateway gates the longer horizon by', () => {
    const gate = ROUTES.predict.premiumTool;
    expect(gate && PREMIUM_TOOLS[gate.tool]).toBe(LONG_HORIZON_TOOL);
    expect(LONG_HORIZON_TOOL.path).toBe('/ai-predictions');
    expect(PREMIUM_HORIZON_TEXTS.partOfPremium).toBe('They are part of Nivesh Premium, ₹200 per month.');
  });

  it('explain relative MAE and MASE in one sentence each, by name, where the figures are shown', () => {
    expect(ERROR_MEASURE_TEXTS.relativeMae).toMatch(/^Relative MAE says whether the model beat simply assuming no change: /);
    expect(ERROR_MEASURE_TEXTS.mase).toMatch(/^MASE says how large the errors were against a typical day’s move: /);
    for (const sentence of Object.values(ERROR_MEASURE_TEXTS)) expect(sentence.split(/[.!?](?:\s|$)/).filter(Boolean)).toHaveLength(1);
    for (const where of [TRENDVISION_TEXTS.trackRecordLead, MODEL_COMPARISON_TEXTS.legend]) {
      expect(where).toContain(ERROR_MEASURE_TEXTS.relativeMae);
      expect(where).toContain(ERROR_MEASURE_TEXTS.mase);
    }
  });

  it("put MASE in words as a multiple of a typical day's move", () => {
    expect(errorsComparedWithTypicalDay(10, 3.16)).toBe("On past data, this forecast's errors 10 trading days ahead averaged 3.2 times a typical day's move of the price.");
    expect(errorsComparedWithTypicalDay(1, 0.96)).toBe("On past data, this forecast's errors 1 trading day ahead averaged 1.0 times a typical day's move of the price.");
  });

  it('put relative MAE and coverage in words', () => {
    expect(errorsComparedWithNaive(10, 0.97)).toBe("On past data, this forecast's errors 10 trading days ahead were 3 % smaller than simply assuming no change.");
    expect(errorsComparedWithNaive(5, 1.04)).toBe("On past data, this forecast's errors 5 trading days ahead were 4 % larger than simply assuming no change.");
    expect(errorsComparedWithNaive(1, 0.996)).toBe("On past data, this forecast's errors 1 trading day ahead were about the same as simply assuming no change.");
    expect(bandCoverage(80, 0.79, 2400)).toBe('The 80 % band contained the actual price 79 % of the time over 2,400 tests.');
    expect(bandCoverage(95, 1, 1)).toBe('The 95 % band contained the actual price 100 % of the time over 1 test.');
    expect(bandCoverage(95, 0, 0)).toBe('The 95 % band has not been tested on past data yet.');
    expect(backtestsRunning(1)).toBe('The back-test of 1 more symbol is still running; it appears here when it is done.');
    expect(backtestsRunning(12)).toBe('The back-tests of 12 more symbols are still running; they appear here when they are done.');
  });

  it('say in one sentence why an illustration is old, with the circular’s date, and never call it the next days', () => {
    const reason = illustrationReason(30, '2024-02-27');
    expect(reason).toBe(
      'Under SEBI’s rules for education platforms (circular of 8 May 2026), forecasts for a named stock use prices at least 30 days old, so this one was made on 27 Feb 2024 and is shown with what happened since.',
    );
    expect(reason.split(/[.!?](?:\s|$)/).filter(Boolean)).toHaveLength(1);
    const result = { company: 'Infosys Ltd.', ticker: 'INFY', horizon_days: 10, as_of: '2024-02-27' };
    expect(forecastHeading(result, true)).toBe('Infosys Ltd. (INFY): the forecast made on 27 Feb 2024, beside what happened');
    expect(forecastHeading(result, false)).toBe('Infosys Ltd. (INFY): the next 10 trading days');
  });

  it('sum up what became of an illustration, with the days still to come', () => {
    expect(outcomeSummary({ days: 10, hits80: 8, hits95: 10 }, 10)).toBe('Of the 10 forecast days since, 8 closed inside the 80 % band and 10 inside the 95 % band.');
    expect(outcomeSummary({ days: 21, hits80: 0, hits95: 19 }, 30)).toBe(
      'Of the 21 forecast days since, none closed inside the 80 % band and 19 inside the 95 % band. The other 9 days have not closed yet.',
    );
    expect(outcomeSummary({ days: 1, hits80: 0, hits95: 1 }, 2)).toBe('The 1 forecast day since closed outside the 80 % band and inside the 95 % band. The last day has not closed yet.');
    expect(outcomeSummary({ days: 0, hits80: 0, hits95: 0 }, 10)).toBe('None of the forecast days has closed yet, so there is nothing to compare the forecast with.');
  });

  it('name the research analyst under the registered profile', () => {
    expect(researchAnalystLine({ name: 'Meera Iyer', registration_number: 'INH000012345' })).toBe('Research by Meera Iyer, SEBI-registered research analyst, registration INH000012345.');
  });
});
