import { PREDICTION_DEFAULT_HORIZON_DAYS, PREDICTION_FREE_HORIZON_DAYS, PREDICTION_PREMIUM_HORIZON_DAYS, ROUTES } from '@nivesh/proto';
import { PREMIUM_TOOLS } from '@nivesh/proto/premium-tools';
import {
  FORECAST_HORIZON_DAYS,
  FREE_FORECAST_HORIZON_DAYS,
  LONG_HORIZON_TOOL,
  PREDICTION_TEXTS,
  PREMIUM_FORECAST_HORIZON_DAYS,
  PREMIUM_HORIZON_TEXTS,
  backtestsRunning,
  bandCoverage,
  errorsComparedWithNaive,
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

  it('put MASE and coverage in words', () => {
    expect(errorsComparedWithNaive(10, 0.97)).toBe("On past data, this forecast's errors 10 trading days ahead were 3 % smaller than simply assuming no change.");
    expect(errorsComparedWithNaive(5, 1.04)).toBe("On past data, this forecast's errors 5 trading days ahead were 4 % larger than simply assuming no change.");
    expect(errorsComparedWithNaive(1, 0.996)).toBe("On past data, this forecast's errors 1 trading day ahead were about the same as simply assuming no change.");
    expect(bandCoverage(80, 0.79, 2400)).toBe('The 80 % band contained the actual price 79 % of the time over 2,400 tests.');
    expect(bandCoverage(95, 1, 1)).toBe('The 95 % band contained the actual price 100 % of the time over 1 test.');
    expect(bandCoverage(95, 0, 0)).toBe('The 95 % band has not been tested on past data yet.');
    expect(backtestsRunning(1)).toBe('The back-test of 1 more symbol is still running; it appears here when it is done.');
    expect(backtestsRunning(12)).toBe('The back-tests of 12 more symbols are still running; they appear here when they are done.');
  });
});
