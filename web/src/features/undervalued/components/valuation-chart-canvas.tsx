import { LineSeries, createSeriesMarkers } from 'lightweight-charts';
import type {
  ISeriesApi,
  ISeriesMarkersPluginApi,
  PriceFormat,
  SeriesMarker,
  Time,
  WhitespaceData,
  LineData,
} from 'lightweight-charts';
import { useEffect } from 'react';
import { themedChartOptions } from '../../../components/market/chart-base';
import { useChartColors } from '../../../components/market/chart-theme';
import { useChart } from '../../../components/market/use-chart';
import { filingMarks, formatPb, formatPe, sortedWeeks } from './valuation-chart-data';
import type { FilingMark, ValuationWeek } from './valuation-chart-data';
import type { ValuationChartProps } from './valuation-chart-data';

/*
 * TradingView Lightweight Charts™
 * Copyright (c) 2025 TradingView, Inc. https://www.tradingview.com/
 * (the attribution notice of the library's licence; valuation-chart.tsx shows it with a link on the page)
 */

const PE_FORMAT: PriceFormat = { type: 'custom', formatter: formatPe, minMove: 0.1 };
const PB_FORMAT: PriceFormat = { type: 'custom', formatter: formatPb, minMove: 0.01 };

/** Every week, a gap where the measure is unknown (a loss, a missing book value), so the two lines share one time axis. */
const pointsOf = (weeks: readonly ValuationWeek[], key: 'pe' | 'pb'): Array<LineData<Time> | WhitespaceData<Time>> =>
  weeks.map((week) => {
    const value = week[key];
    return value === null ? { time: week.date as Time } : { time: week.date as Time, value };
  });

const markersOn = (marks: readonly FilingMark[], on: FilingMark['on'], color: string): Array<SeriesMarker<Time>> =>
  marks
    .filter((mark) => mark.on === on)
    .map((mark) => ({ time: mark.date as Time, position: 'belowBar', shape: 'arrowUp', color, size: 0.75 }));

/** The chart itself; use ValuationChart from './valuation-chart', which loads this module lazily. */
export default function ValuationChartCanvas({ history, filings }: ValuationChartProps) {
  // P/E on the right scale and P/B on the left: their values differ tenfold, so one scale would flatten P/B.
  const { container, chart, removed } = useChart({
    leftPriceScale: { visible: true, scaleMargins: { top: 0.1, bottom: 0.12 } },
    rightPriceScale: { visible: true, scaleMargins: { top: 0.1, bottom: 0.12 } },
  });
  const colors = useChartColors();

  useEffect(() => {
    if (!chart) return;
    chart.applyOptions({ ...themedChartOptions(colors), leftPriceScale: { borderColor: colors.border } });
    const weeks = sortedWeeks(history);
    const common = { priceLineVisible: false, lineWidth: 2 } as const;
    const pe: ISeriesApi<'Line'> = chart.addSeries(LineSeries, {
      ...common,
      priceScaleId: 'right',
      priceFormat: PE_FORMAT,
      color: colors.line,
      title: 'P/E',
    });
    const pb: ISeriesApi<'Line'> = chart.addSeries(LineSeries, {
      ...common,
      priceScaleId: 'left',
      priceFormat: PB_FORMAT,
      color: colors.line2,
      title: 'P/B',
    });
    pe.setData(pointsOf(weeks, 'pe'));
    pb.setData(pointsOf(weeks, 'pb'));
    const marks = filingMarks(weeks, filings);
    const plugins: Array<ISeriesMarkersPluginApi<Time>> = [
      createSeriesMarkers(pe, markersOn(marks, 'pe', colors.muted)),
      createSeriesMarkers(pb, markersOn(marks, 'pb', colors.muted)),
    ];
    chart.timeScale().fitContent();
    return () => {
      if (removed.current) return;
      for (const plugin of plugins) plugin.detach();
      chart.removeSeries(pe);
      chart.removeSeries(pb);
    };
  }, [chart, history, filings, colors]);

  return <div ref={container} className="chart-figure-canvas" />;
}
