import { render } from '@testing-library/react';
import { createChart } from 'lightweight-charts';
import ValueChartCanvas from './value-chart-canvas';
import type { ValueChartProps } from './value-chart';
import type { FakeChart as MockChart, FakeSeries as MockSeries } from '../../../testing/fake-lightweight-charts';

vi.mock('lightweight-charts', async () => (await import('../../../testing/fake-lightweight-charts')).fakeLightweightCharts());


const SERIES: ValueChartProps['series'] = [
  { date: '2024-03-28', value: 99_607.25, nifty_value: null, invested: 85_313.6 },
  { date: '2023-06-16', value: 93_310.75, nifty_value: 90_120.4, invested: 85_313.6 },
  { date: '2023-01-13', value: 87_540.2, nifty_value: 85_917.6, invested: 86_682.9 },
];

const lastChart = () => vi.mocked(createChart).mock.results.at(-1)!.value as MockChart;
const added = (chart: MockChart) => chart.addSeries.mock.results.map((result) => result.value as MockSeries);
const dataOf = (series: MockSeries) => series.setData.mock.calls[0]![0] as Array<{ time: string; value?: number }>;

describe('ValueChartCanvas', () => {
  it('draws the invested money as dashed steps under the value and NIFTY 50 lines, oldest first, in rupees', () => {
    render(<ValueChartCanvas series={SERIES} />);
    expect(vi.mocked(createChart).mock.calls.at(-1)![1]).toMatchObject({
      autoSize: true,
      layout: { attributionLogo: false },
    });
    const [invested, nifty, value] = added(lastChart()) as [MockSeries, MockSeries, MockSeries];
    expect(invested.options).toMatchObject({ lineType: 1, lineStyle: 2, lineWidth: 1 });
    expect(nifty.options.lineType).toBeUndefined();
    expect(dataOf(value)).toEqual([
      { time: '2023-01-13', value: 87_540.2 },
      { time: '2023-06-16', value: 93_310.75 },
      { time: '2024-03-28', value: 99_607.25 },
    ]);
    // NIFTY 50 past its last stored close: a gap, not a drop to nothing.
    expect(dataOf(nifty)).toEqual([
      { time: '2023-01-13', value: 85_917.6 },
      { time: '2023-06-16', value: 90_120.4 },
      { time: '2024-03-28' },
    ]);
    expect(dataOf(invested).map((point) => point.value)).toEqual([86_682.9, 85_313.6, 85_313.6]);
    const format = value.options.priceFormat as { formatter: (amount: number) => string };
    expect(format.formatter(9_960_725.4)).toBe('₹99,60,725');
  });

  it('disposes of the chart on unmount, and of the lines when the data changes', () => {
    const view = render(<ValueChartCanvas series={SERIES} />);
    const chart = lastChart();
    view.rerender(<ValueChartCanvas series={SERIES.slice(0, 2)} />);
    expect(chart.removeSeries).toHaveBeenCalledTimes(3);
    view.unmount();
    expect(chart.remove).toHaveBeenCalledTimes(1);
  });
});
