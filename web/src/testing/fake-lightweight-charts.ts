import { vi } from 'vitest';

type Mock = ReturnType<typeof vi.fn>;

/** A series the fake chart made, as a test reads it. */
export type FakeSeries = { definition: string; options: Record<string, unknown>; setData: Mock };

/** A chart the fake made, as a test reads it. */
export type FakeChart = { addSeries: Mock; removeSeries: Mock; applyOptions: Mock; remove: Mock };

/**
 * lightweight-charts as the chart canvases' tests see it: the library draws on a canvas, which jsdom lacks, so a test
 * checks what a component asks of it. Each chart records its series (`definition`, `options`, `setData`); a value
 * axis 0–100 is drawn 200 px tall (value v sits at 200 − 2v). Use it as
 * `vi.mock('lightweight-charts', async () => (await import('../../testing/fake-lightweight-charts')).fakeLightweightCharts())`.
 */
export const fakeLightweightCharts = () => {
  const series = (definition: string, options: Record<string, unknown> = {}) => ({
    definition,
    options,
    setData: vi.fn(),
    createPriceLine: vi.fn(),
    priceToCoordinate: (price: number) => 200 - 2 * price,
  });
  const chart = () => {
    const timeScale = { fitContent: vi.fn(), subscribeSizeChange: vi.fn(), unsubscribeSizeChange: vi.fn() };
    return {
      addSeries: vi.fn(series),
      removeSeries: vi.fn(),
      applyOptions: vi.fn(),
      remove: vi.fn(),
      timeScale: () => timeScale,
    };
  };
  return {
    createChart: vi.fn(() => chart()),
    createSeriesMarkers: vi.fn((onSeries: unknown, markers: unknown[]) => ({ series: onSeries, markers, detach: vi.fn() })),
    isBusinessDay: (time: unknown) => typeof time === 'object',
    LineSeries: 'Line',
    AreaSeries: 'Area',
    HistogramSeries: 'Histogram',
    ColorType: { Solid: 'solid' },
    LineStyle: { Solid: 0, Dotted: 1, Dashed: 2 },
    LineType: { Simple: 0, WithSteps: 1 },
  };
};
