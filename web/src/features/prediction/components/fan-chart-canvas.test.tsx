import { render } from '@testing-library/react';
import { createChart } from 'lightweight-charts';
import { forecastOf } from '../testing/fixtures';
import FanChartCanvas, { mixColors } from './fan-chart-canvas';
import type { FanForecast } from './fan-chart';
import type { FakeChart as MockChart, FakeSeries as MockSeries } from '../../../testing/fake-lightweight-charts';

vi.mock('lightweight-charts', async () => (await import('../../../testing/fake-lightweight-charts')).fakeLightweightCharts());


const FORECAST = forecastOf('INFY') as unknown as FanForecast;
const HISTORY = [
  { date: '2024-03-26', value: 1480 },
  { date: '2024-03-27', value: 1485.85 },
  { date: '2024-03-28', value: 1498.15 },
];

const lastChart = () => vi.mocked(createChart).mock.results.at(-1)!.value as MockChart;
const added = (chart: MockChart) => chart.addSeries.mock.results.map((result) => result.value as MockSeries);
const dataOf = (series: MockSeries) => series.setData.mock.calls[0]![0] as Array<{ time: string; value: number }>;

describe('FanChartCanvas', () => {
  afterEach(() => {
    delete document.documentElement.dataset.theme;
  });

  it('opens the fan at the last close: four band areas, the dashed forecast, then the past closes on top', () => {
    render(<FanChartCanvas history={HISTORY} forecast={FORECAST} />);
    expect(vi.mocked(createChart).mock.calls.at(-1)![1]).toMatchObject({ autoSize: true, layout: { attributionLogo: false }, localization: { locale: 'en-IN' } });
    const series = added(lastChart());
    expect(series.map((entry) => entry.definition)).toEqual(['Area', 'Area', 'Area', 'Area', 'Line', 'Line']);

    const [upper95, upper80, lower80, lower95, median, closes] = series as [MockSeries, MockSeries, MockSeries, MockSeries, MockSeries, MockSeries];
    for (const [entry, values] of [
      [upper95, FORECAST.upper95],
      [upper80, FORECAST.upper80],
      [lower80, FORECAST.lower80],
      [lower95, FORECAST.lower95],
      [median, FORECAST.forecast],
    ] as const) {
      expect(dataOf(entry)).toEqual([{ time: '2024-03-28', value: 1498.15 }, ...FORECAST.dates.map((date, index) => ({ time: date, value: values[index] }))]);
    }
    expect(dataOf(closes)).toEqual(HISTORY.map((point) => ({ time: point.date, value: point.value })));
    expect(median.options).toMatchObject({ lineStyle: 2 });

    // Each band shade fills down to the bottom and the next covers it: the light shade, the dark one, the light one, the background.
    const fills = [upper95, upper80, lower80, lower95].map((entry) => [entry.options.topColor, entry.options.bottomColor]);
    const light = mixColors('#1f6f4a', '#ffffff', 0.16);
    const dark = mixColors('#1f6f4a', '#ffffff', 0.35);
    expect(fills).toEqual([[light, light], [dark, dark], [light, light], ['#ffffff', '#ffffff']]);
    const format = upper95.options.priceFormat as { formatter: (value: number) => string };
    expect(format.formatter(123456.789)).toBe('₹1,23,456.79');
  });

  it('draws no past line without past prices, and never one past the last close', () => {
    render(<FanChartCanvas history={[...HISTORY, { date: '2024-03-29', value: 1 }]} forecast={FORECAST} />);
    const closes = added(lastChart())[5]!;
    expect(dataOf(closes).map((point) => point.time)).toEqual(['2024-03-26', '2024-03-27', '2024-03-28']);

    render(<FanChartCanvas history={[]} forecast={FORECAST} />);
    expect(added(lastChart())).toHaveLength(5);
  });

  it('draws an illustration’s actual closes last, in their own colour with a point a day, and only after the forecast was made', () => {
    const made = { ...FORECAST, as_of: '2024-02-27', last_close: 1490.5, dates: ['2024-02-28', '2024-02-29', '2024-03-01'] };
    const actual = [
      { date: '2024-02-27', value: 1 },
      { date: '2024-02-28', value: 1502.4 },
      { date: '2024-02-29', value: 1499.9 },
    ];
    render(<FanChartCanvas history={[{ date: '2024-02-26', value: 1488 }, { date: '2024-02-27', value: 1490.5 }]} forecast={made} actual={actual} />);
    const series = added(lastChart());
    expect(series.map((entry) => entry.definition)).toEqual(['Area', 'Area', 'Area', 'Area', 'Line', 'Line', 'Line']);
    const outcome = series.at(-1)!;
    expect(dataOf(outcome)).toEqual([
      { time: '2024-02-28', value: 1502.4 },
      { time: '2024-02-29', value: 1499.9 },
    ]);
    // The chart's second line colour (market.css's --chart-line-2), not the past prices' text colour or the forecast's accent.
    expect(outcome.options).toMatchObject({ color: '#c2410c', pointMarkersVisible: true, lineWidth: 2 });

    render(<FanChartCanvas history={HISTORY} forecast={FORECAST} actual={[]} />);
    expect(added(lastChart())).toHaveLength(6);
  });

  it('disposes of the chart on unmount', () => {
    const view = render(<FanChartCanvas history={HISTORY} forecast={FORECAST} />);
    const chart = lastChart();
    view.unmount();
    expect(chart.remove).toHaveBeenCalledTimes(1);
  });

  it('mixes a band shade opaquely into the background', () => {
    expect(mixColors('#ff0000', '#0000ff', 0.25)).toBe('rgb(64, 0, 191)');
    expect(mixColors('rgb(1, 2, 3)', '#ffffff', 0.5)).toBe('rgb(1, 2, 3)');
  });
});
