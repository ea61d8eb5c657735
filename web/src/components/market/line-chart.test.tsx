import { render, screen } from '@testing-library/react';
import { LineChart, describeChart } from './line-chart';
import type { LineChartProps } from './line-chart';

// jsdom has no canvas: the lazily loaded implementation is replaced by what it was asked to draw.
vi.mock('./line-chart-canvas', () => ({
  default: ({ series, levels, formatValue }: LineChartProps) => (
    <div data-testid="chart-canvas" data-series={series.map((entry) => entry.name).join()} data-levels={levels?.map((level) => level.value).join()}>
      {formatValue?.(1234567.891)}
    </div>
  ),
}));

const NIFTY = {
  name: 'NIFTY 50',
  points: [
    { date: '2024-03-26', value: 22004.7 },
    { date: '2024-03-27', value: 22123.65 },
    { date: '2024-03-28', value: 21950.1 },
  ],
};

describe('LineChart', () => {
  it('loads the canvas lazily and names the chart with a summary in words', async () => {
    render(<LineChart label="NIFTY 50 close" series={[NIFTY]} levels={[{ value: 22000, label: 'Round number' }]} />);

    expect(screen.getByText('Loading chart...')).toBeTruthy();
    const canvas = await screen.findByTestId('chart-canvas');
    expect(canvas.getAttribute('data-series')).toBe('NIFTY 50');
    expect(canvas.getAttribute('data-levels')).toBe('22000');
    expect(canvas.textContent).toBe('12,34,567.89');
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'NIFTY 50 close. NIFTY 50: 22,004.7 on 26 Mar 2024, 21,950.1 on 28 Mar 2024; low 21,950.1, high 22,123.65.',
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['NIFTY 50', 'Round number (22,000)']);
    expect(screen.getByRole('link', { name: 'tradingview.com' }).getAttribute('href')).toBe('https://www.tradingview.com/');
  });

  it('says there is no data instead of drawing an empty chart', () => {
    render(<LineChart label="Empty" series={[{ name: 'Score', points: [] }]} />);
    expect(screen.getByText('No data for this period.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('describes every series with the given formatter', () => {
    expect(describeChart([NIFTY, { name: 'Empty', points: [] }], (value) => `₹${value}`)).toBe(
      'NIFTY 50: ₹22004.7 on 26 Mar 2024, ₹21950.1 on 28 Mar 2024; low ₹21950.1, high ₹22123.65. Empty: no data.',
    );
  });
});
