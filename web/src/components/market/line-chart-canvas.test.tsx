import { act, render } from '@testing-library/react';
import { createChart } from 'lightweight-charts';
import LineChartCanvas from './line-chart-canvas';

// The library draws on a canvas, which jsdom lacks: this checks what the component asks of it.
vi.mock('lightweight-charts', () => {
  const series = () => ({ setData: vi.fn(), createPriceLine: vi.fn() });
  const chart = () => ({
    addSeries: vi.fn((definition: string) => ({ ...series(), definition })),
    removeSeries: vi.fn(),
    applyOptions: vi.fn(),
    remove: vi.fn(),
    timeScale: () => ({ fitContent: vi.fn() }),
  });
  return {
    createChart: vi.fn(() => chart()),
    isBusinessDay: (time: unknown) => typeof time === 'object',
    LineSeries: 'Line',
    AreaSeries: 'Area',
    HistogramSeries: 'Histogram',
    ColorType: { Solid: 'solid' },
    LineStyle: { Dashed: 2 },
  };
});

type MockChart = {
  addSeries: ReturnType<typeof vi.fn>;
  removeSeries: ReturnType<typeof vi.fn>;
  applyOptions: ReturnType<typeof vi.fn>;
  remove: ReturnType<typeof vi.fn>;
};

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
