import { act, render } from '@testing-library/react';
import { createChart } from 'lightweight-charts';
import LineChartCanvas from './line-chart-canvas';
import type { FakeChart as MockChart } from '../../testing/fake-lightweight-charts';

vi.mock('lightweight-charts', async () => (await import('../../testing/fake-lightweight-charts')).fakeLightweightCharts());

const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));


const SCORE = {
  name: 'Score',
  points: [
    { date: '2024-03-28', value: 62 },
    { date: '2024-03-26', value: 58 },
    { date: '2024-03-27', value: Number.NaN },
  ],
};

describe('LineChartCanvas', () => {
  afterEach(() => {
    delete document.documentElement.dataset.theme;
  });

  it('draws each series in date order with its level lines, and disposes of the chart on unmount', () => {
    const view = render(<LineChartCanvas label="Score" series={[SCORE, { name: 'Volume', kind: 'histogram', points: [] }]} levels={[{ value: 25 }, { value: 75, label: 'Greed' }]} />);
    const chart = vi.mocked(createChart).mock.results[0].value as MockChart;

    expect(vi.mocked(createChart).mock.calls[0][1]).toMatchObject({ autoSize: true, layout: { attributionLogo: false }, localization: { locale: 'en-IN' } });
    // Time-axis ticks name the month or year; a tick inside a month says which month its day belongs to.
    const formatter = vi.mocked(createChart).mock.calls[0][1]?.timeScale?.tickMarkFormatter as (time: string, type: number) => string;
    expect([formatter('2024-01-01', 0), formatter('2023-06-01', 1), formatter('2023-11-06', 2)]).toEqual(['2024', 'Jun', '6 Nov']);
    expect(chart.addSeries.mock.calls.map((call) => call[0])).toEqual(['Line', 'Histogram']);
    const line = chart.addSeries.mock.results[0].value as { setData: ReturnType<typeof vi.fn>; createPriceLine: ReturnType<typeof vi.fn> };
    expect(line.setData).toHaveBeenCalledWith([
      { time: '2024-03-26', value: 58 },
      { time: '2024-03-28', value: 62 },
    ]);
    expect(line.createPriceLine.mock.calls.map((call) => [call[0].price, call[0].title])).toEqual([
      [25, ''],
      [75, 'Greed'],
    ]);

    view.unmount();
    expect(chart.remove).toHaveBeenCalledTimes(1);
    expect(chart.removeSeries).not.toHaveBeenCalled();
  });

  it('names each zone inside its band at the left, and keeps boundary lines without a label off the value axis', async () => {
    const zones = [
      { from: 0, to: 25, label: 'Extreme fear' },
      { from: 25, to: 45, label: 'Fear' },
    ];
    const view = render(<LineChartCanvas label="Score" series={[SCORE]} levels={[{ value: 25, axisLabel: false }]} zones={zones} valueRange={{ min: 0, max: 100 }} />);
    const chart = vi.mocked(createChart).mock.results.at(-1)?.value as MockChart;
    const line = chart.addSeries.mock.results[0].value as { createPriceLine: ReturnType<typeof vi.fn> };
    expect(line.createPriceLine).toHaveBeenCalledWith(expect.objectContaining({ price: 25, title: '', axisLabelVisible: false }));

    await nextFrame();
    const labels = view.getByTestId('chart-zones').querySelectorAll('li');
    expect([...labels].map((label) => [label.textContent, label.style.top])).toEqual([
      ['Extreme fear', '175px'],
      ['Fear', '130px'],
    ]);
    view.unmount();
  });

  it('replaces the series when the data changes and recolours when the theme changes', async () => {
    const view = render(<LineChartCanvas label="Score" series={[SCORE]} />);
    const chart = vi.mocked(createChart).mock.results.at(-1)?.value as MockChart;
    const themed = chart.applyOptions.mock.calls.length;

    view.rerender(<LineChartCanvas label="Score" series={[{ ...SCORE, points: SCORE.points.slice(0, 1) }]} />);
    expect(chart.removeSeries).toHaveBeenCalledTimes(1);
    expect(chart.addSeries).toHaveBeenCalledTimes(2);

    document.documentElement.style.setProperty('--surface', '#171d1a');
    await act(async () => {
      document.documentElement.dataset.theme = 'dark';
      await Promise.resolve();
    });
    expect(chart.applyOptions.mock.calls.length).toBeGreaterThan(themed);
    expect(chart.applyOptions.mock.calls.at(-1)?.[0]).toMatchObject({ layout: { background: { color: '#171d1a' } } });
    document.documentElement.style.removeProperty('--surface');
    view.unmount();
  });
});
