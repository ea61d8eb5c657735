import type { IndicatorPoint, MarketAction, MarketBar } from '@nivesh/proto';
import { CandlestickSeries, CrosshairMode, HistogramSeries, LineSeries, LineStyle, createChart, createSeriesMarkers } from 'lightweight-charts';
import type { DeepPartial, IChartApi, ISeriesApi, ISeriesMarkersPluginApi, LineSeriesOptions, MouseEventParams, PriceFormat, Time } from 'lightweight-charts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatINR, formatIndianNumber, formatMarketDate } from '../../lib/format';
import { actionMarkerText, priceOnly } from './action-markers';
import { ChartCredit } from './chart-credit';
import { baseChartOptions, themedChartOptions } from './chart-base';
import type { ChartOverlay, ChartPane, IndicatorSeries } from './chart-options';
import { BOUNDED_SCALE_MARGINS, CHART_PANES, formatTickMark } from './chart-options';
import type { ChartColors } from './chart-theme';
import { useChartColors } from './chart-theme';
import './market.css';

/*
 * TradingView Lightweight Charts™
 * Copyright (c) 2025 TradingView, Inc. https://www.tradingview.com/
 * (the attribution notice of the library's licence; the chart shows it with a link under the canvas)
 */

export type PriceChartProps = {
  /** Daily bars, oldest first. */
  bars: readonly MarketBar[];
  /** Indicator series of the same range; needed for any overlay or pane. */
  indicators?: IndicatorSeries;
  overlays?: readonly ChartOverlay[];
  panes?: readonly ChartPane[];
  /** Corporate actions of the range: a marker on each one's day, and their sentences under the chart. */
  actions?: readonly MarketAction[];
  /** What the chart shows, for screen readers, e.g. 'RELIANCE daily candles, 1 year'. */
  label: string;
};

const RUPEES: PriceFormat = { type: 'custom', formatter: (price: number) => formatINR(price), minMove: 0.01 };
const PLAIN: PriceFormat = { type: 'price', precision: 2, minMove: 0.01 };
const WHOLE: PriceFormat = { type: 'custom', formatter: (value: number) => formatIndianNumber(value, 0), minMove: 1 };
/** The volume histogram's own, hidden scale on the price pane, kept to its bottom fifth. */
const VOLUME_SCALE = 'volume';
/** Oscillators bounded by 0 and 100 keep that scale, so 30/70 and 20/80 sit where readers expect them. */
const zeroToHundred = () => ({ priceRange: { minValue: 0, maxValue: 100 } });
/** Holds a bounded oscillator's pane to its range: without this the default margins stretch the axis to 120. */
const keepBounded = (series: ISeriesApi<'Line'>) => series.priceScale().applyOptions({ scaleMargins: BOUNDED_SCALE_MARGINS });
/** One empty list, so a chart without actions keeps its markers' inputs from render to render. */
const NO_ACTIONS: readonly MarketAction[] = [];
/** The price pane is this many times as tall as each indicator pane. */
const PRICE_PANE_STRETCH = 3;

const line = (points: readonly IndicatorPoint[]) => points.map((point) => ({ time: point.date as Time, value: point.value }));

const chartOptions = (colors: ChartColors) => {
  const themed = themedChartOptions(colors);
  return { ...themed, layout: { ...themed.layout, panes: { separatorColor: colors.border } } };
};

type Added = Array<ISeriesApi<'Line' | 'Histogram'>>;

/** Adds the chosen overlays to the price pane and the chosen indicators in panes below it; returns what it added. */
const addIndicators = (
  chart: IChartApi,
  series: IndicatorSeries,
  overlays: readonly ChartOverlay[],
  panes: readonly ChartPane[],
  colors: ChartColors,
): Added => {
  const added: Added = [];
  const addLine = (points: readonly IndicatorPoint[], options: DeepPartial<LineSeriesOptions>, pane = 0) => {
    const lineSeries = chart.addSeries(
      LineSeries,
      { lineWidth: 2, priceLineVisible: false, crosshairMarkerVisible: false, ...options },
      pane,
    );
    lineSeries.setData(line(points));
    added.push(lineSeries);
    return lineSeries;
  };

  const thin = { lineWidth: 1 } as const;
  if (overlays.includes('sma20')) addLine(series.sma20, { color: colors.sma20, title: 'SMA 20', priceFormat: RUPEES });
  if (overlays.includes('sma50')) addLine(series.sma50, { color: colors.sma50, title: 'SMA 50', priceFormat: RUPEES });
  if (overlays.includes('ema20')) addLine(series.ema20, { color: colors.ema20, title: 'EMA 20', priceFormat: RUPEES });
  if (overlays.includes('bollinger20')) {
    const band = { ...thin, color: colors.bollinger, priceFormat: RUPEES, lastValueVisible: false };
    addLine(series.bollinger20.upper, { ...band, title: 'BB upper' });
    addLine(series.bollinger20.middle, { ...band, lineStyle: LineStyle.Dashed, title: 'BB middle' });
    addLine(series.bollinger20.lower, { ...band, title: 'BB lower' });
  }
  if (overlays.includes('vwap')) addLine(series.vwap, { color: colors.vwap, lineStyle: LineStyle.Dotted, title: 'VWAP', priceFormat: RUPEES });

  const chosen = CHART_PANES.filter((pane) => panes.includes(pane.key));
  chosen.forEach(({ key }, index) => {
    const pane = index + 1;
    switch (key) {
      case 'rsi14': {
        const rsi = addLine(series.rsi14, { color: colors.line, title: 'RSI 14', priceFormat: PLAIN, autoscaleInfoProvider: zeroToHundred }, pane);
        keepBounded(rsi);
        for (const level of [30, 70]) {
          rsi.createPriceLine({ price: level, color: colors.muted, lineWidth: 1, lineStyle: LineStyle.Dashed, axisLabelVisible: true, title: '' });
        }
        break;
      }
      case 'macd': {
        const precise: PriceFormat = { type: 'price', precision: 4, minMove: 0.0001 };
        const histogram = chart.addSeries(
          HistogramSeries,
          { priceFormat: precise, priceLineVisible: false, lastValueVisible: false, title: 'Histogram' },
          pane,
        );
        histogram.setData(
          series.macd.histogram.map((point) => ({
            time: point.date as Time,
            value: point.value,
            color: point.value >= 0 ? colors.volumeUp : colors.volumeDown,
          })),
        );
        added.push(histogram);
        addLine(series.macd.macd, { ...thin, color: colors.line, title: 'MACD', priceFormat: precise }, pane);
        addLine(series.macd.signal, { ...thin, color: colors.line2, title: 'Signal', priceFormat: precise }, pane);
        break;
      }
      case 'stochastic14': {
        const k = addLine(series.stochastic14.k, { ...thin, color: colors.line, title: '%K', priceFormat: PLAIN, autoscaleInfoProvider: zeroToHundred }, pane);
        keepBounded(k);
        addLine(series.stochastic14.d, { ...thin, color: colors.line2, title: '%D', priceFormat: PLAIN }, pane);
        for (const level of [20, 80]) {
          k.createPriceLine({ price: level, color: colors.muted, lineWidth: 1, lineStyle: LineStyle.Dashed, axisLabelVisible: false, title: '' });
        }
        break;
      }
      case 'adx14':
        keepBounded(addLine(series.adx14, { color: colors.line, title: 'ADX 14', priceFormat: PLAIN, autoscaleInfoProvider: zeroToHundred }, pane));
        break;
      case 'atr14':
        addLine(series.atr14, { color: colors.line, title: 'ATR 14', priceFormat: RUPEES }, pane);
        break;
      case 'obv':
        addLine(series.obv, { color: colors.line, title: 'OBV', priceFormat: WHOLE }, pane);
        break;
    }
  });
  const allPanes = chart.panes();
  allPanes[0]?.setStretchFactor(PRICE_PANE_STRETCH);
  for (const pane of allPanes.slice(1)) pane.setStretchFactor(1);
  return added;
};

/**
 * Daily candles with volume in rupees, optional overlays on the price and indicator panes below it
 * (lightweight-charts). It fills its container's width and follows the theme; load it lazily (LazyPriceChart).
 */
export function PriceChart({ bars, indicators, overlays = [], panes = [], actions = NO_ACTIONS, label }: PriceChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const candlesRef = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const volumeRef = useRef<ISeriesApi<'Histogram'> | null>(null);
  const markersRef = useRef<ISeriesMarkersPluginApi<Time> | null>(null);
  const fittedRef = useRef<readonly MarketBar[] | null>(null);
  const colors = useChartColors();
  const [hovered, setHovered] = useState<string | null>(null);

  const byDate = useMemo(() => new Map(bars.map((bar) => [bar.date, bar])), [bars]);
  // Markers only on the days the chart has, oldest first as the library wants them.
  const shownActions = useMemo(() => actions.filter((action) => byDate.has(action.date)).sort((a, b) => a.date.localeCompare(b.date)), [actions, byDate]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    // Colours follow in the next effect, and again whenever the theme changes.
    const chart = createChart(container, {
      ...baseChartOptions(container),
      crosshair: { mode: CrosshairMode.Normal },
      // A fixed left edge also keeps the first date label whole (the library moves it inside only then).
      timeScale: { rightOffset: 2, fixLeftEdge: true, tickMarkFormatter: formatTickMark },
    });
    candlesRef.current = chart.addSeries(CandlestickSeries, { priceFormat: RUPEES });
    markersRef.current = createSeriesMarkers(candlesRef.current, []);
    volumeRef.current = chart.addSeries(HistogramSeries, {
      priceScaleId: VOLUME_SCALE,
      priceFormat: WHOLE,
      lastValueVisible: false,
      priceLineVisible: false,
    });
    chart.priceScale(VOLUME_SCALE).applyOptions({ scaleMargins: { top: 0.8, bottom: 0 }, visible: false });
    const onMove = (event: MouseEventParams) => setHovered(typeof event.time === 'string' ? event.time : null);
    chart.subscribeCrosshairMove(onMove);
    chartRef.current = chart;
    return () => {
      chart.unsubscribeCrosshairMove(onMove);
      chartRef.current = null;
      candlesRef.current = null;
      volumeRef.current = null;
      markersRef.current = null;
      fittedRef.current = null;
      chart.remove();
    };
  }, []);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    chart.applyOptions(chartOptions(colors));
    candlesRef.current?.applyOptions({
      upColor: colors.up,
      downColor: colors.down,
      borderUpColor: colors.up,
      borderDownColor: colors.down,
      wickUpColor: colors.up,
      wickDownColor: colors.down,
    });
  }, [colors]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    candlesRef.current?.setData(bars.map(({ date, open, high, low, close }) => ({ time: date as Time, open, high, low, close })));
    volumeRef.current?.setData(
      bars.map((bar) =>
        bar.volume === null
          ? { time: bar.date as Time }
          : { time: bar.date as Time, value: bar.volume, color: bar.close >= bar.open ? colors.volumeUp : colors.volumeDown },
      ),
    );
    // A new range or stock shows all of it; a theme change keeps the user's zoom.
    if (fittedRef.current !== bars) {
      chart.timeScale().fitContent();
      fittedRef.current = bars;
    }
  }, [bars, colors]);

  useEffect(() => {
    markersRef.current?.setMarkers(
      shownActions.map((action) => ({
        time: action.date as Time,
        position: 'aboveBar',
        shape: 'arrowDown',
        color: priceOnly(action) ? colors.line2 : colors.accent,
        text: actionMarkerText(action),
      })),
    );
  }, [shownActions, colors]);

  useEffect(() => {
    const chart = chartRef.current;
    if (!chart || !indicators) return;
    const added = addIndicators(chart, indicators, overlays, panes, colors);
    return () => {
      if (chartRef.current !== chart) return;
      for (const series of added) chart.removeSeries(series);
    };
  }, [indicators, overlays, panes, colors]);

  const shown = (hovered ? byDate.get(hovered) : undefined) ?? bars[bars.length - 1];
  const paneCount = indicators ? CHART_PANES.filter((pane) => panes.includes(pane.key)).length : 0;
  return (
    <figure className="price-chart" data-testid="price-chart">
      {shown ? (
        <p className="price-chart-legend" data-testid="chart-legend">
          <span>{formatMarketDate(shown.date)}</span>
          <span>O {formatINR(shown.open)}</span>
          <span>H {formatINR(shown.high)}</span>
          <span>L {formatINR(shown.low)}</span>
          <span>C {formatINR(shown.close)}</span>
          {shown.volume !== null ? <span>Vol {formatIndianNumber(shown.volume, 0)}</span> : null}
        </p>
      ) : null}
      <div ref={containerRef} className="price-chart-canvas" data-panes={paneCount} role="img" aria-label={label} />
      {shownActions.length ? (
        <ul className="price-chart-actions" aria-label="Corporate actions in this range" data-testid="chart-actions">
          {shownActions.map((action) => (
            <li key={action.date}>
              <time dateTime={action.date}>{formatMarketDate(action.date)}</time>: {action.label}
            </li>
          ))}
        </ul>
      ) : null}
      <ChartCredit className="price-chart-credit" />
    </figure>
  );
}
