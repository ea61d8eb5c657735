import { render } from '@testing-library/react';
import { createChart, createSeriesMarkers } from 'lightweight-charts';
import ValuationChartCanvas from './valuation-chart-canvas';
import type { ValuationChartProps } from './valuation-chart';
import type { FakeChart as MockChart, FakeSeries as MockSeries } from '../../../testing/fake-lightweight-charts';

vi.mock('lightweight-charts', async () => (await import('../../../testing/fake-lightweight-charts')).fakeLightweightCharts());

type MockMarkers = { series: MockSeries; markers: Array<Record<string, unknown>>; detach: ReturnType<typeof vi.fn> };

const HISTORY: ValuationChartProps['history'] = [
  { date: '2024-01-19', pe: 27.1, pb: 2.4 },
  { date: '2024-01-12', pe: null, pb: 2.38 },
  { date: '2024-01-26', pe: 27.6, pb: null },
  { date: '2024-01-05', pe: 26.9, pb: 2.35 },
];

const FILINGS: ValuationChartProps['filings'] = [
  // Friday 19 Jan 2024, 19:32 in Mumbai: the week ending that day.
  { label: 'Q3 FY2024', filed_at: '2024-01-19T14:02:00.000Z' },
  // 11 Jan 2024 at 23:30 in Mumbai (18:00 UTC): the week of 12 Jan, which has no P/E, so it sits on P/B.
  { label: 'Q3 FY2024', filed_at: '2024-01-11T18:00:00.000Z' },
  // Published before the first week drawn, and after the last: not marked.
  { label: 'H1 FY2024', filed_at: '2023-10-27T13:41:00.000Z' },
  { label: 'Q4 FY2024', filed_at: '2024-04-22T12:00:00.000Z' },
];

const lastChart = () => vi.mocked(createChart).mock.results.at(-1)!.value as MockChart;
const added = (chart: MockChart) => chart.addSeries.mock.results.map((result) => result.value as MockSeries);
const dataOf = (series: MockSeries) => series.setData.mock.calls[0]![0] as Array<{ time: string; value?: number }>;
const markerPlugins = () =>
  vi
    .mocked(createSeriesMarkers)
    .mock.results.slice(-2)
    .map((result) => result.value as MockMarkers);

describe('ValuationChartCanvas', () => {
  it('draws P/E on the right scale and P/B on the left, oldest first, with gaps where a figure is unknown', () => {
    render(<ValuationChartCanvas history={HISTORY} filings={FILINGS} />);
    expect(vi.mocked(createChart).mock.calls.at(-1)![1]).toMatchObject({
      autoSize: true,
      layout: { attributionLogo: false },
      leftPriceScale: { visible: true },
      rightPriceScale: { visible: true },
    });
    const [pe, pb] = added(lastChart()) as [MockSeries, MockSeries];
    expect([pe.options.priceScaleId, pe.options.title, pb.options.priceScaleId, pb.options.title]).toEqual([
      'right',
      'P/E',
      'left',
      'P/B',
    ]);
    expect(dataOf(pe)).toEqual([
      { time: '2024-01-05', value: 26.9 },
      { time: '2024-01-12' },
      { time: '2024-01-19', value: 27.1 },
      { time: '2024-01-26', value: 27.6 },
    ]);
    expect(dataOf(pb).map((point) => point.value)).toEqual([2.35, 2.38, 2.4, undefined]);
    const format = pb.options.priceFormat as { formatter: (value: number) => string };
    expect(format.formatter(2.345)).toBe('2.35');
  });

  it('marks each filing in the first week that closed on or after the Indian day it was published', () => {
    render(<ValuationChartCanvas history={HISTORY} filings={FILINGS} />);
    const [onPe, onPb] = markerPlugins() as [MockMarkers, MockMarkers];
    expect(onPe.series.options.title).toBe('P/E');
    expect(onPe.markers.map((marker) => marker.time)).toEqual(['2024-01-19']);
    expect(onPb.series.options.title).toBe('P/B');
    expect(onPb.markers.map((marker) => marker.time)).toEqual(['2024-01-12']);
    expect(onPe.markers[0]).toMatchObject({ position: 'belowBar', shape: 'arrowUp' });
  });

  it('disposes of the chart on unmount, and of the series and markers when the data changes', () => {
    const view = render(<ValuationChartCanvas history={HISTORY} filings={FILINGS} />);
    const chart = lastChart();
    const plugins = markerPlugins();
    view.rerender(<ValuationChartCanvas history={HISTORY.slice(0, 2)} filings={FILINGS} />);
    expect(chart.removeSeries).toHaveBeenCalledTimes(2);
    for (const plugin of plugins) expect(plugin.detach).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(chart.remove).toHaveBeenCalledTimes(1);
  });
});
