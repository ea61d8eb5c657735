import { act, render, screen } from '@testing-library/react';
import type { IndicatorPointSeries } from '@nivesh/proto';
import { PriceChart } from './price-chart';

type FakeSeries = {
  type: string;
  options: Record<string, unknown>;
  pane: number;
  data: unknown[];
  markers: Array<Record<string, unknown>>;
  priceLines: Array<Record<string, unknown>>;
  /** Options given to the price scale of the series' pane. */
  scale: Record<string, unknown>;
  setData: (data: unknown[]) => void;
  applyOptions: (options: Record<string, unknown>) => void;
  createPriceLine: (options: Record<string, unknown>) => void;
  priceScale: () => { applyOptions: (options: Record<string, unknown>) => void };
};

// jsdom has no canvas: lightweight-charts is replaced by a recorder of what the component asks of it.
const fake = vi.hoisted(() => {
  const state = {
    charts: [] as Array<{
      options: Record<string, unknown>;
      applied: Array<Record<string, unknown>>;
      series: FakeSeries[];
      removed: boolean;
      crosshair: ((event: { time?: string }) => void) | null;
      fitted: number;
    }>,
  };
  const createChart = (_container: HTMLElement, options: Record<string, unknown>) => {
    const record = {
      options,
      applied: [] as Array<Record<string, unknown>>,
      series: [] as FakeSeries[],
      removed: false,
      crosshair: null as ((event: { time?: string }) => void) | null,
      fitted: 0,
    };
    state.charts.push(record);
    const paneCount = () => Math.max(0, ...record.series.map((series) => series.pane)) + 1;
    return {
      addSeries: (definition: { type: string }, seriesOptions: Record<string, unknown> = {}, pane = 0) => {
        if (record.removed) throw new Error('chart removed');
        const series: FakeSeries = {
          type: definition.type,
          options: { ...seriesOptions },
          pane: Math.min(pane, paneCount()),
          data: [],
          markers: [],
          priceLines: [],
          scale: {},
          setData: (data) => {
            series.data = data;
          },
          applyOptions: (more) => {
            Object.assign(series.options, more);
          },
          createPriceLine: (line) => {
            series.priceLines.push(line);
          },
          priceScale: () => ({
            applyOptions: (more: Record<string, unknown>) => {
              Object.assign(series.scale, more);
            },
          }),
        };
        record.series.push(series);
        return series;
      },
      removeSeries: (series: FakeSeries) => {
        if (record.removed) throw new Error('chart removed');
        record.series = record.series.filter((entry) => entry !== series);
        // Empty panes go away, as in lightweight-charts: later panes move up.
        const used = [...new Set(record.series.map((entry) => entry.pane))].sort((a, b) => a - b);
        for (const entry of record.series) entry.pane = used.indexOf(entry.pane);
      },
      panes: () => Array.from({ length: paneCount() }, () => ({ setStretchFactor: () => undefined })),
      priceScale: () => ({ applyOptions: () => undefined }),
      timeScale: () => ({
        fitContent: () => {
          record.fitted += 1;
        },
      }),
      applyOptions: (more: Record<string, unknown>) => record.applied.push(more),
      subscribeCrosshairMove: (handler: (event: { time?: string }) => void) => {
        record.crosshair = handler;
      },
      unsubscribeCrosshairMove: () => {
        record.crosshair = null;
      },
      remove: () => {
        record.removed = true;
      },
    };
  };
  // The markers plugin of a series records what it is given on that series.
  const createSeriesMarkers = (series: FakeSeries, markers: Array<Record<string, unknown>> = []) => {
    series.markers = markers;
    return {
      setMarkers: (next: Array<Record<string, unknown>>) => {
        series.markers = next;
      },
      detach: () => undefined,
    };
  };
  return { state, createChart, createSeriesMarkers };
});

vi.mock('lightweight-charts', () => ({
  createChart: fake.createChart,
  createSeriesMarkers: fake.createSeriesMarkers,
  CandlestickSeries: { type: 'Candlestick' },
  LineSeries: { type: 'Line' },
  HistogramSeries: { type: 'Histogram' },
  ColorType: { Solid: 'solid' },
  CrosshairMode: { Normal: 0 },
  LineStyle: { Solid: 0, Dotted: 1, Dashed: 2 },
}));

const points = (values: number[]) => values.map((value, index) => ({ date: `2024-03-2${6 + index}`, value }));

const BARS = [
  { date: '2024-03-26', open: 100, high: 110, low: 95, close: 105, volume: 1000 },
  { date: '2024-03-27', open: 105, high: 108, low: 99, close: 101.5, volume: null },
  { date: '2024-03-28', open: 101, high: 2990, low: 100, close: 2950.5, volume: 12345678 },
];

const SERIES: IndicatorPointSeries = {
  sma20: points([1, 2, 3]),
  sma50: points([1, 2, 3]),
  ema20: points([1, 2, 3]),
  rsi14: points([40, 50, 60]),
  macd: { macd: points([1, 2, 3]), signal: points([1, 1, 1]), histogram: points([0, 1, -2]) },
  bollinger20: { upper: points([4, 5, 6]), middle: points([3, 4, 5]), lower: points([2, 3, 4]) },
  atr14: points([1, 1, 1]),
  adx14: points([20, 21, 22]),
  stochastic14: { k: points([10, 20, 30]), d: points([15, 20, 25]) },
  obv: points([1000, 1000, 12346678]),
  vwap: points([100, 100, 2000]),
};

const chart = () => fake.state.charts[fake.state.charts.length - 1]!;
const titled = () => chart().series.map((series) => [series.options.title ?? series.type, series.pane]);

describe('PriceChart', () => {
  beforeEach(() => {
    fake.state.charts.length = 0;
    delete document.documentElement.dataset.theme;
  });

  it('draws candles and volume in rupees, fitted to its container, in en-IN', () => {
    render(<PriceChart bars={BARS} label="INFY daily candles" />);
    const { options, series } = chart();
    expect(options).toMatchObject({ autoSize: true, layout: { attributionLogo: false }, localization: { locale: 'en-IN' } });
    const [candles, volume] = series;
    expect(candles!.type).toBe('Candlestick');
    expect(candles!.data).toEqual(BARS.map(({ date, open, high, low, close }) => ({ time: date, open, high, low, close })));
    const format = candles!.options.priceFormat as { formatter: (value: number) => string };
    expect(format.formatter(123456.5)).toBe('₹1,23,456.50');
    expect(volume!.type).toBe('Histogram');
    expect(volume!.data).toEqual([
      { time: '2024-03-26', value: 1000, color: 'rgba(31, 111, 74, 0.35)' },
      { time: '2024-03-27' },
      { time: '2024-03-28', value: 12345678, color: 'rgba(31, 111, 74, 0.35)' },
    ]);
    expect(chart().fitted).toBe(1);
    expect(screen.getByRole('img', { name: 'INFY daily candles' })).toBeTruthy();
    expect(screen.getByTestId('chart-legend').textContent).toBe('28 Mar 2024O ₹101.00H ₹2,990.00L ₹100.00C ₹2,950.50Vol 1,23,45,678');
    expect(screen.getByRole('link', { name: 'tradingview.com' })).toBeTruthy();
  });

  it('adds the chosen overlays on the price and one pane per indicator, and takes them away again', () => {
    const { rerender } = render(<PriceChart bars={BARS} indicators={SERIES} overlays={['sma20', 'bollinger20']} panes={['macd', 'rsi14']} label="chart" />);
    expect(titled()).toEqual([
      ['Candlestick', 0],
      ['Histogram', 0],
      ['SMA 20', 0],
      ['BB upper', 0],
      ['BB middle', 0],
      ['BB lower', 0],
      ['RSI 14', 1],
      ['Histogram', 2],
      ['MACD', 2],
      ['Signal', 2],
    ]);
    const rsi = chart().series.find((series) => series.options.title === 'RSI 14')!;
    expect(rsi.priceLines.map((line) => line.price)).toEqual([30, 70]);
    expect(rsi.data).toEqual([
      { time: '2024-03-26', value: 40 },
      { time: '2024-03-27', value: 50 },
      { time: '2024-03-28', value: 60 },
    ]);
    const histogram = chart().series.find((series) => series.options.title === 'Histogram')!;
    expect((histogram.data as Array<{ color: string }>).map((bar) => bar.color)).toEqual([
      'rgba(31, 111, 74, 0.35)',
      'rgba(31, 111, 74, 0.35)',
      'rgba(163, 58, 43, 0.35)',
    ]);

    rerender(<PriceChart bars={BARS} indicators={SERIES} overlays={['vwap']} panes={['obv', 'stochastic14']} label="chart" />);
    expect(titled()).toEqual([
      ['Candlestick', 0],
      ['Histogram', 0],
      ['VWAP', 0],
      ['%K', 1],
      ['%D', 1],
      ['OBV', 2],
    ]);
    expect(screen.getByRole('img', { name: 'chart' }).dataset.panes).toBe('2');
    // The same bars keep the user's zoom.
    expect(chart().fitted).toBe(1);
    expect(fake.state.charts).toHaveLength(1);
  });

  it('keeps RSI, stochastic and ADX on their 0–100 scale, never stretched to 120', () => {
    render(<PriceChart bars={BARS} indicators={SERIES} panes={['rsi14', 'stochastic14', 'adx14']} label="chart" />);
    for (const title of ['RSI 14', '%K', 'ADX 14']) {
      const series = chart().series.find((entry) => entry.options.title === title)!;
      const provider = series.options.autoscaleInfoProvider as () => { priceRange: { minValue: number; maxValue: number } };
      expect(provider().priceRange).toEqual({ minValue: 0, maxValue: 100 });
      // The axis shows the range plus the pane's margins: they must not reach the next round tick (110 or −10).
      const { top, bottom } = series.scale.scaleMargins as { top: number; bottom: number };
      const span = 100 / (1 - top - bottom);
      expect(100 + top * span).toBeLessThan(110);
      expect(0 - bottom * span).toBeGreaterThan(-10);
    }
  });

  it('labels the time axis with month names, not a bare day number', () => {
    render(<PriceChart bars={BARS} label="chart" />);
    const formatter = (chart().options.timeScale as { tickMarkFormatter: (time: string, type: number) => string }).tickMarkFormatter;
    expect([formatter('2024-01-01', 0), formatter('2023-06-01', 1), formatter('2023-06-06', 2)]).toEqual(['2024', 'Jun', '6 Jun']);
  });

  it('cannot be dragged before its first day, so the first date label is drawn whole at the left edge', () => {
    // lightweight-charts moves an edge label inside the chart only when that edge is fixed; a free edge cut 'Apr' to
    // 'pr' on a 390 px phone.
    render(<PriceChart bars={BARS} label="chart" />);
    expect(chart().options.timeScale).toMatchObject({ fixLeftEdge: true });
  });

  it('follows the theme and shows the hovered day in the legend', async () => {
    render(<PriceChart bars={BARS} label="chart" />);
    const light = chart().applied.at(-1) as { layout: { background: { color: string } } };
    expect(light.layout.background.color).toBe('#ffffff');

    await act(async () => {
      document.documentElement.dataset.theme = 'dark';
      await Promise.resolve();
    });
    const dark = chart().applied.at(-1) as { layout: { background: { color: string } } };
    expect(dark.layout.background.color).toBe('#171d1a');
    expect(chart().series[0]!.options.upColor).toBe('#6cc59a');

    act(() => chart().crosshair?.({ time: '2024-03-27' }));
    expect(screen.getByTestId('chart-legend').textContent).toBe('27 Mar 2024O ₹105.00H ₹108.00L ₹99.00C ₹101.50');
    act(() => chart().crosshair?.({}));
    expect(screen.getByTestId('chart-legend').textContent).toContain('28 Mar 2024');
  });

  it('marks each corporate action of the range on its day, with short texts, and lists them in words under the chart', () => {
    const actions = [
      { date: '2024-03-28', kind: 'demerger' as const, ratio: null, factor: 0.908, label: 'Demerger of Jio Financial Services (price adjusted ×0.908)' },
      { date: '2024-03-26', kind: 'split' as const, ratio: 2, factor: 0.5, label: '2-for-1 split' },
      { date: '2024-03-27', kind: 'bonus' as const, ratio: 2, factor: 0.5, label: '1:1 bonus issue' },
      // Outside the bars shown: no marker.
      { date: '2024-01-05', kind: 'split' as const, ratio: 10, factor: 0.1, label: '10-for-1 split' },
    ];
    const { rerender } = render(<PriceChart bars={BARS} actions={actions} label="chart" />);
    const candles = chart().series[0]!;
    expect(candles.markers).toEqual([
      { time: '2024-03-26', position: 'aboveBar', shape: 'arrowDown', color: '#1f6f4a', text: 'Split 2:1' },
      { time: '2024-03-27', position: 'aboveBar', shape: 'arrowDown', color: '#1f6f4a', text: 'Bonus 1:1' },
      { time: '2024-03-28', position: 'aboveBar', shape: 'arrowDown', color: '#c2410c', text: 'Demerger' },
    ]);
    const list = screen.getByRole('list', { name: 'Corporate actions in this range' });
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      '26 Mar 2024: 2-for-1 split',
      '27 Mar 2024: 1:1 bonus issue',
      '28 Mar 2024: Demerger of Jio Financial Services (price adjusted ×0.908)',
    ]);

    rerender(<PriceChart bars={BARS} actions={[]} label="chart" />);
    expect(candles.markers).toEqual([]);
    expect(screen.queryByRole('list', { name: 'Corporate actions in this range' })).toBeNull();
  });

  it('disposes of the chart when it unmounts', () => {
    const { unmount } = render(<PriceChart bars={BARS} indicators={SERIES} overlays={['sma50']} panes={['adx14']} label="chart" />);
    const record = chart();
    expect(() => unmount()).not.toThrow();
    expect(record.removed).toBe(true);
    expect(record.crosshair).toBeNull();
  });
});
