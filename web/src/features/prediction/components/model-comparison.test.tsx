import { render, screen, within } from '@testing-library/react';
import type { ModelBacktest } from '@nivesh/proto';
import { MODEL_BACKTESTS } from '../testing/fixtures';
import { MODEL_COMPARISON_TEXTS } from '../texts';
import { ModelComparison } from './model-comparison';

const show = (models: readonly ModelBacktest[] = MODEL_BACKTESTS as ModelBacktest[]) => {
  render(<ModelComparison models={models} />);
  const section = screen.getByRole('region', { name: 'Every model, side by side' });
  const rows = within(within(section).getByRole('table', { name: MODEL_COMPARISON_TEXTS.caption })).getAllByRole('row');
  return { section, header: rows.slice(0, 2), body: rows.slice(2) };
};

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('Every model, side by side', () => {
  it('has a row per model, naive first, and marks the served one', () => {
    const { body } = show();
    expect(body).toHaveLength(5);
    expect(within(body[0]!).getByRole('rowheader').textContent).toBe('No change (naive)');
    const served = body.filter((row) => within(row).queryByText('Shown above'));
    expect(served).toHaveLength(1);
    expect(served[0]!.classList.contains('is-served')).toBe(true);
    expect(within(served[0]!).getByRole('rowheader').textContent).toBe('Exponential smoothing (AutoETS) Shown above');
  });

  it('gives relative MAE and MASE, each under its own name, to 2 decimals at 1, 5, 10 and 30 days, both bands as percentages, and whether it beat no change earlier', () => {
    const { header, body } = show();
    expect(within(header[0]!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Model',
      'Relative MAE: errors against no change',
      'MASE: errors against a typical day’s move',
      '80 % band held',
      '95 % band held',
      'Beat no change on the earlier period',
    ]);
    const days = ['1 day', '5 days', '10 days', '30 days'];
    expect(within(header[1]!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([...days, ...days]);
    expect(cells(body[0]!)).toEqual(['1.00', '1.00', '1.00', '1.00', '0.93', '2.08', '2.97', '5.11', '80 %', '95 %', 'Baseline']);
    expect(cells(body[1]!)).toEqual(['1.00', '1.01', '1.02', '1.06', '0.93', '2.11', '3.04', '5.41', '79 %', '94 %', 'No']);
    expect(cells(body[3]!)).toEqual(['1.00', '0.99', '0.98', '0.97', '0.92', '2.06', '2.92', '4.98', '77 %', '93 %', 'Yes']);
    expect(cells(body[0]!).at(-1)).toBe('Baseline');
  });

  it('says in words what relative MAE, MASE and a held band mean, and how the models were tested', () => {
    const { section } = show();
    expect(section.textContent).toContain(MODEL_COMPARISON_TEXTS.legend);
    expect(section.textContent).toContain(MODEL_COMPARISON_TEXTS.lead);
  });

  it('says a horizon was not measured rather than showing a number', () => {
    const [naive] = MODEL_BACKTESTS as ModelBacktest[];
    const { body } = show([{ ...naive!, relative_mae: { h1: 1, h5: 1, h10: 1 }, mase: { h1: 0.93, h5: 2.08, h10: 2.97 } }]);
    expect(cells(body[0]!)[3]).toBe('–Not measured');
    expect(cells(body[0]!)[7]).toBe('–Not measured');
  });
});
