import { fireEvent, screen, within } from '@testing-library/react';
import { json, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { reload } from '../../../lib/session';
import { TRENDVISION_TEXTS } from '../texts';
import { TRACK_RECORD, predictionServer, trackRow } from '../testing/fixtures';

const openTrackRecord = async (record: unknown = TRACK_RECORD) => {
  stubFetch(predictionServer({ accuracy: () => json(record) }));
  renderRoutes('/ai-predictions');
  return screen.findByRole('region', { name: 'Track record' }, { timeout: 5000 });
};

const symbols = (table: HTMLElement) => within(table).getAllByRole('rowheader').map((cell) => cell.textContent);
const header = (table: HTMLElement, name: string) => within(table).getByRole('button', { name: new RegExp(`^${name}`) }).closest('th')!;

describe('TrendVision track record', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('lists every stock with its model, relative MAE and MASE at 1, 5 and 10 days, band coverage and test period', async () => {
    const section = await openTrackRecord();
    const table = await within(section).findByRole('table', { name: /TrendVision track record/ });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent?.replace(/[▲▼↕]/g, ''))).toEqual([
      'Symbol',
      'Company',
      'Model',
      'Relative MAE 1 day',
      'Relative MAE 5 days',
      'Relative MAE 10 days',
      'MASE 1 day',
      'MASE 5 days',
      'MASE 10 days',
      '80 % band held',
      '95 % band held',
      'Test period',
    ]);
    const infy = within(table).getByRole('rowheader', { name: 'INFY' }).closest('tr')!;
    expect(within(infy).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Infosys Ltd.',
      'Exponential smoothing (AutoETS)',
      '0.99',
      '0.98',
      '0.97',
      '0.92',
      '2.05',
      '2.88',
      '79 %',
      '95 %',
      '1 Apr 2022 – 28 Mar 2024',
    ]);
    expect(section.textContent).toContain(
      'On the test period, the chosen model\'s errors 10 trading days ahead were smaller than simply assuming no change for 2 of these 3.',
    );
    expect(section.textContent).toContain(TRENDVISION_TEXTS.trackRecordLead);
    expect(section.textContent).not.toContain('still running');
  });

  it('sorts by the column whose header is clicked, ascending then descending, and marks it with aria-sort', async () => {
    const section = await openTrackRecord();
    const table = await within(section).findByRole('table', { name: /TrendVision track record/ });
    expect(symbols(table)).toEqual(['INFY', 'RELIANCE', 'TCS']);
    expect(header(table, 'Symbol').getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(within(table).getByRole('button', { name: /^Relative MAE 10 days/ }));
    expect(symbols(table)).toEqual(['RELIANCE', 'INFY', 'TCS']);
    expect(header(table, 'Relative MAE 10 days').getAttribute('aria-sort')).toBe('ascending');
    expect(header(table, 'Symbol').hasAttribute('aria-sort')).toBe(false);

    fireEvent.click(within(table).getByRole('button', { name: /^Relative MAE 10 days/ }));
    expect(symbols(table)).toEqual(['TCS', 'INFY', 'RELIANCE']);
    expect(header(table, 'Relative MAE 10 days').getAttribute('aria-sort')).toBe('descending');

    fireEvent.click(within(table).getByRole('button', { name: /^MASE 1 day/ }));
    expect(symbols(table)).toEqual(['INFY', 'TCS', 'RELIANCE']);
    expect(header(table, 'MASE 1 day').getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(within(table).getByRole('button', { name: /^80 % band held/ }));
    expect(symbols(table)).toEqual(['RELIANCE', 'INFY', 'TCS']);
    fireEvent.click(within(table).getByRole('button', { name: /^Model/ }));
    expect(symbols(table)).toEqual(['INFY', 'RELIANCE', 'TCS']);
    fireEvent.click(within(table).getByRole('button', { name: /^Company/ }));
    fireEvent.click(within(table).getByRole('button', { name: /^Company/ }));
    expect(symbols(table)).toEqual(['TCS', 'RELIANCE', 'INFY']);
  });

  it('sorts from the keyboard: every header is a button', async () => {
    const section = await openTrackRecord();
    const table = await within(section).findByRole('table', { name: /TrendVision track record/ });
    for (const cell of within(table).getAllByRole('columnheader')) {
      const button = within(cell).getByRole('button');
      expect(button.tagName).toBe('BUTTON');
      expect(button.getAttribute('type')).toBe('button');
    }
  });

  it('says when back-tests are still running', async () => {
    const section = await openTrackRecord({ ...TRACK_RECORD, rows: [trackRow('INFY')], pending: 47 });
    expect(await within(section).findByText('The back-tests of 47 more symbols are still running; they appear here when they are done.')).toBeTruthy();
    expect(within(section).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['INFY']);
  });

  it('says when none has finished yet', async () => {
    const section = await openTrackRecord({ rows: [], pending: 0, horizon_days: 10 });
    expect(await within(section).findByText(TRENDVISION_TEXTS.trackRecordEmpty)).toBeTruthy();
    expect(within(section).queryByRole('table')).toBeNull();
  });
});
