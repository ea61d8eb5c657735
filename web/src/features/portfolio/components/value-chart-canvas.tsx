import { LineSeries, LineStyle, LineType } from 'lightweight-charts';
import type { ISeriesApi, LineData, PriceFormat, Time, WhitespaceData } from 'lightweight-charts';
import { useEffect } from 'react';
import { themedChartOptions } from '../../../components/market/chart-base';
import { useChartColors } from '../../../components/market/chart-theme';
import { useChart } from '../../../components/market/use-chart';
import { formatRupees, sortedWeeks } from './value-chart-data';
import type { ValueLine, ValueWeek } from './value-chart-data';
import type { ValueChartProps } from './value-chart-data';

/*
 * TradingView Lightweight Charts™
 * Copyright (c) 2025 TradingView, Inc. https://www.tradingview.com/
 * (the attribution notice of the library's licence; value-chart.tsx shows it with a link on the page)
 */

const RUPEES: PriceFormat = { type: 'custom', formatter: formatRupees, minMove: 1 };

/** Every week, a gap where the line is unknown (NIFTY 50 past its last stored close), so the lines share one axis. */
const pointsOf = (weeks: readonly ValueWeek[], key: ValueLine): Array<LineData<Time> | WhitespaceData<Time>> =>
  weeks.map((week) => {
    const value = week[key];
    return value === null ? { time: week.date as Time } : { time: week.date as Time, value };
  });

/** The chart itself; use ValueChart from './value-chart', which loads this module lazily. */
export default function ValueChartCanvas({ series }: ValueChartProps) {
  const { container, chart, removed } = useChart({ rightPriceScale: { visible: true, scaleMargins: { top: 0.1, bottom: 0.08 } } });
  const colors = useChartColors();

  useEffect(() => {
    if (!chart) return;
    chart.applyOptions(themedChartOptions(colors));
    const weeks = sortedWeeks(series);
    // No titles on the axis: at 390 px they would cover it; the legend under the chart names the lines.
    const common = { priceLineVisible: false, priceFormat: RUPEES } as const;
    // Invested first, so the two values draw over its steps.
    const invested: ISeriesApi<'Line'> = chart.addSeries(LineSeries, {
      ...common,
      color: colors.muted,
      lineWidth: 1,
      lineType: LineType.WithSteps,
      lineStyle: LineStyle.Dashed,
    });
    const nifty: ISeriesApi<'Line'> = chart.addSeries(LineSeries, {
      ...common,
      color: colors.line2,
      lineWidth: 2,
    });
    const value: ISeriesApi<'Line'> = chart.addSeries(LineSeries, {
      ...common,
      color: colors.line,
      lineWidth: 2,
    });
    invested.setData(pointsOf(weeks, 'invested'));
    nifty.setData(pointsOf(weeks, 'nifty_value'));
    value.setData(pointsOf(weeks, 'value'));
    chart.timeScale().fitContent();
    return () => {
      if (removed.current) return;
      for (const line of [invested, nifty, value]) chart.removeSeries(line);
    };
  }, [chart, series, colors]);

  return <div ref={container} className="chart-figure-canvas" />;
}
