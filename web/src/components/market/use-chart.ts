import { createChart } from 'lightweight-charts';
import type { ChartOptions, DeepPartial, IChartApi } from 'lightweight-charts';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { baseChartOptions } from './chart-base';
import { formatTickMark } from './chart-options';

/** A canvas's chart: the element it fills, the chart once created (null before and after), and whether it is gone. */
export type ChartHandle = {
  container: RefObject<HTMLDivElement | null>;
  chart: IChartApi | null;
  /**
   * True once the chart has been removed: effects clean up in order, so on unmount the chart is gone before a series
   * effect's cleanup runs, which must then leave the chart alone.
   */
  removed: RefObject<boolean>;
};

/**
 * The chart every Nivesh canvas draws on: created once in `container` with the base options (chart-base.ts), a time
 * axis pinned to the data's first and last day with dates in words, and the canvas's own `options` (its scales); removed
 * when the canvas unmounts. The canvas adds its series in an effect on `chart`, and themes it there.
 */
export function useChart(options: DeepPartial<ChartOptions>): ChartHandle {
  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<IChartApi | null>(null);
  const removed = useRef(false);
  // The options of the first render: a chart is created once, and a canvas's options are constants.
  const initial = useRef(options);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    removed.current = false;
    const { timeScale, ...rest } = initial.current;
    const created = createChart(element, {
      ...baseChartOptions(element),
      ...rest,
      timeScale: { fixLeftEdge: true, fixRightEdge: true, tickMarkFormatter: formatTickMark, ...timeScale },
    });
    setChart(created);
    return () => {
      removed.current = true;
      setChart(null);
      created.remove();
    };
  }, []);

  return { container, chart, removed };
}
