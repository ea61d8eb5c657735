import { render, screen, within } from '@testing-library/react';
import { ACCURACY } from '../testing/fixtures';
import { ERROR_MEASURE_TEXTS, TRENDVISION_TEXTS } from '../texts';
import { AccuracyCard } from './accuracy-card';

const show = (accuracy: Record<string, unknown> = {}) => {
  render(<AccuracyCard result={{ accuracy: { ...ACCURACY, ...accuracy }, model_name: 'Exponential smoothing (AutoETS)', computed_at: '2024-03-29T02:00:00.000Z' }} />);
  return screen.getByRole('region', { name: 'How accurate is this?' });
};

describe('How accurate is this?', () => {
  it('says by how much the errors were smaller than assuming no change, at 10, 1 and 5 trading days', () => {
    const card = show();
    expect(card.querySelector('.accuracy-lead')?.textContent).toBe(
      "On past data, this forecast's errors 10 trading days ahead were 3 % smaller than simply assuming no change.",
    );
    expect(card.textContent).toContain("On past data, this forecast's errors 1 trading day ahead were 1 % smaller than simply assuming no change.");
    expect(card.textContent).toContain("On past data, this forecast's errors 5 trading days ahead were 2 % smaller than simply assuming no change.");
  });

  it('leads with 30 trading days on a premium answer, then lists 1, 5 and 10', () => {
    const card = show({ relative_mae: { h1: 0.994, h5: 0.982, h10: 0.968, h30: 1.05 }, mase: { h1: 0.92, h5: 2.05, h10: 2.88, h30: 5.1 } });
    expect(card.querySelector('.accuracy-lead')?.textContent).toBe("On past data, this forecast's errors 30 trading days ahead were 5 % larger than simply assuming no change.");
    const listed = Array.from(card.querySelectorAll('.accuracy-list')[0]!.querySelectorAll('li'), (li) => li.textContent);
    expect(listed).toEqual([
      "On past data, this forecast's errors 1 trading day ahead were 1 % smaller than simply assuming no change.",
      "On past data, this forecast's errors 5 trading days ahead were 2 % smaller than simply assuming no change.",
      "On past data, this forecast's errors 10 trading days ahead were 3 % smaller than simply assuming no change.",
    ]);
    expect(card.textContent).toContain("On past data, this forecast's errors 30 trading days ahead averaged 5.1 times a typical day's move of the price.");
    const table = within(card).getByRole('table', { name: /Relative MAE and MASE/ });
    expect(within(table).getAllByRole('row').at(-1)!.textContent).toBe('30 days1.055.10');
  });

  it('says when they were larger, or about the same', () => {
    const card = show({ relative_mae: { h1: 1.004, h5: 1.0, h10: 1.04 } });
    expect(card.textContent).toContain("errors 10 trading days ahead were 4 % larger than simply assuming no change.");
    expect(card.textContent).toContain("errors 1 trading day ahead were about the same as simply assuming no change.");
    expect(card.textContent).toContain("errors 5 trading days ahead were about the same as simply assuming no change.");
  });

  it('says so when no model beat assuming no change, and shows no comparison of naive with itself', () => {
    const card = show({ relative_mae: { h1: 1, h5: 1, h10: 1 }, beats_naive: false });
    expect(card.querySelector('.accuracy-lead')?.textContent).toBe(TRENDVISION_TEXTS.noModelBeatNaive);
    expect(card.textContent).not.toContain('than simply assuming no change');
    expect(card.textContent).toContain('The 80 % band contained the actual price');
  });

  it('shows relative MAE and MASE under their own names at every horizon, and says in a sentence each what they say', () => {
    const card = show();
    const table = within(card).getByRole('table', { name: 'Relative MAE and MASE on the test period, by trading days ahead' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Trading days ahead', 'Relative MAE', 'MASE']);
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['1 day0.990.92', '5 days0.982.05', '10 days0.972.88']);
    expect(card.textContent).toContain("On past data, this forecast's errors 10 trading days ahead averaged 2.9 times a typical day's move of the price.");
    expect(card.textContent).toContain(ERROR_MEASURE_TEXTS.relativeMae);
    expect(card.textContent).toContain(ERROR_MEASURE_TEXTS.mase);
  });

  it("gives the no-change forecast's MASE too, which is not 1: its errors grow with the days ahead", () => {
    const card = show({ relative_mae: { h1: 1, h5: 1, h10: 1 }, mase: { h1: 1.01, h5: 2.24, h10: 3.16 }, beats_naive: false });
    const table = within(card).getByRole('table', { name: /Relative MAE and MASE/ });
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['1 day1.001.01', '5 days1.002.24', '10 days1.003.16']);
    expect(card.textContent).toContain("errors 10 trading days ahead averaged 3.2 times a typical day's move of the price.");
  });

  it('says how often each band held, over how many tests, with Indian grouping', () => {
    const card = show({ coverage80: 0.794, coverage95: 0.9449, tests: 240000 });
    expect(card.textContent).toContain('The 80 % band contained the actual price 79 % of the time over 2,40,000 tests.');
    expect(card.textContent).toContain('The 95 % band contained the actual price 94 % of the time over 2,40,000 tests.');
  });

  it('names the model, the baseline, the test period and when it was computed', () => {
    const card = show();
    expect(card.textContent).toContain('ModelExponential smoothing (AutoETS)');
    expect(card.textContent).toContain('Compared withSimply assuming no change (the naive forecast)');
    expect(card.textContent).toContain('Test period1 Apr 2022 to 28 Mar 2024, forecasts made on 240 days');
    expect(card.textContent).toContain('Back-test computed29 Mar 2024');
    expect(card.textContent).toContain(TRENDVISION_TEXTS.chosenLater);
  });
});
