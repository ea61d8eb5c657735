/**
 * The dashboards' charts (recharts, loaded only with these pages). Colours are the theme's CSS variables, so both
 * themes draw them; each chart sits in a ChartFigure, whose sentence and table say what it shows to everyone.
 */
import type { AnalyticsDailyPoint } from '@nivesh/proto';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { CSSProperties } from 'react';
import { formatCount, shortLabel } from '../format';

/** One line of a daily chart: the figure, its name in the legend and tooltip, its colour (a CSS variable). */
export type DailySeries = { key: Exclude<keyof AnalyticsDailyPoint, 'date'>; name: string; color: string; dashed?: boolean };

/** A labelled value of a bar chart. */
export type BarRow = { label: string; value: number };

const AXIS_TICK = { fill: 'var(--muted)', fontSize: 12 };
const GRID_STROKE = 'var(--border)';
const TOOLTIP_PROPS = {
  contentStyle: { background: 'var(--surface)', border: '1px solid var(--border)', borderRadius: '0.5rem', color: 'var(--text)' },
  labelStyle: { color: 'var(--text)', fontWeight: 600 },
  itemStyle: { color: 'var(--text)' },
  cursor: { fill: 'var(--surface-2)', stroke: 'var(--border)' },
};
const LEGEND_STYLE: CSSProperties = { color: 'var(--text)', fontSize: 13 };

const sizeStyle = (height: number): CSSProperties => ({ width: '100%', height });

type ValueFormat = (value: number) => string;

const tooltipFormatter = (format: ValueFormat) => (value: unknown) => (typeof value === 'number' ? format(value) : String(value));

type DailyChartProps = {
  data: readonly AnalyticsDailyPoint[];
  series: readonly DailySeries[];
  formatX: (isoDate: string) => string;
  height?: number;
};

/** Figures over days, one line per series (dashed lines tell series apart without colour). */
export function DailyChart({ data, series, formatX, height = 260 }: DailyChartProps) {
  return (
    <LineChart responsive accessibilityLayer={false} data={[...data]} style={sizeStyle(height)} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
      <CartesianGrid stroke={GRID_STROKE} vertical={false} />
      <XAxis dataKey="date" tick={AXIS_TICK} tickFormatter={(value: string) => formatX(value)} minTickGap={24} stroke={GRID_STROKE} />
      <YAxis tick={AXIS_TICK} allowDecimals={false} width={44} stroke={GRID_STROKE} tickFormatter={(value: number) => formatCount(value)} />
      <Tooltip {...TOOLTIP_PROPS} labelFormatter={(label) => formatX(String(label))} formatter={tooltipFormatter(formatCount)} />
      <Legend wrapperStyle={LEGEND_STYLE} />
      {series.map(({ key, name, color, dashed }) => (
        <Line
          key={key}
          type="monotone"
          dataKey={key}
          name={name}
          stroke={color}
          strokeWidth={2}
          strokeDasharray={dashed ? '6 4' : undefined}
          dot={data.length <= 31 ? { r: 2, fill: color } : false}
          isAnimationActive={false}
        />
      ))}
    </LineChart>
  );
}

type BarsProps = {
  rows: readonly BarRow[];
  name: string;
  color?: string;
  format?: ValueFormat;
};

/** A ranking as horizontal bars, largest first; long labels are cut here and shown whole in the table. */
export function RankingBars({ rows, name, color = 'var(--accent)', format = formatCount }: BarsProps) {
  const height = rows.length * 30 + 36;
  return (
    <BarChart responsive accessibilityLayer={false} layout="vertical" data={[...rows]} style={sizeStyle(height)} margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
      <CartesianGrid stroke={GRID_STROKE} horizontal={false} />
      <XAxis type="number" tick={AXIS_TICK} allowDecimals={false} stroke={GRID_STROKE} tickFormatter={(value: number) => format(value)} />
      <YAxis type="category" dataKey="label" tick={AXIS_TICK} width={124} stroke={GRID_STROKE} tickFormatter={(value: string) => shortLabel(value)} interval={0} />
      <Tooltip {...TOOLTIP_PROPS} formatter={tooltipFormatter(format)} />
      <Bar dataKey="value" name={name} fill={color} radius={[0, 4, 4, 0]} maxBarSize={20} isAnimationActive={false} />
    </BarChart>
  );
}

/** Values side by side in their own order (a distribution, percentiles), as columns. */
export function ColumnBars({ rows, name, color = 'var(--accent)', format = formatCount }: BarsProps) {
  return (
    <BarChart responsive accessibilityLayer={false} data={[...rows]} style={sizeStyle(220)} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
      <CartesianGrid stroke={GRID_STROKE} vertical={false} />
      <XAxis dataKey="label" tick={AXIS_TICK} stroke={GRID_STROKE} interval={0} />
      <YAxis tick={AXIS_TICK} width={52} stroke={GRID_STROKE} tickFormatter={(value: number) => format(value)} />
      <Tooltip {...TOOLTIP_PROPS} formatter={tooltipFormatter(format)} />
      <Bar dataKey="value" name={name} fill={color} radius={[4, 4, 0, 0]} maxBarSize={48} isAnimationActive={false} />
    </BarChart>
  );
}

/** A category's actions that worked and that failed. */
export type OutcomeRow = { label: string; succeeded: number; failed: number };

/** Actions per category as horizontal bars, the failed part stacked after the part that worked. */
export function OutcomeBars({ rows }: { rows: readonly OutcomeRow[] }) {
  const height = rows.length * 30 + 60;
  return (
    <BarChart responsive accessibilityLayer={false} layout="vertical" data={[...rows]} style={sizeStyle(height)} margin={{ top: 0, right: 16, bottom: 0, left: 0 }}>
      <CartesianGrid stroke={GRID_STROKE} horizontal={false} />
      <XAxis type="number" tick={AXIS_TICK} allowDecimals={false} stroke={GRID_STROKE} tickFormatter={(value: number) => formatCount(value)} />
      <YAxis type="category" dataKey="label" tick={AXIS_TICK} width={96} stroke={GRID_STROKE} tickFormatter={(value: string) => shortLabel(value, 14)} interval={0} />
      <Tooltip {...TOOLTIP_PROPS} formatter={tooltipFormatter(formatCount)} />
      <Legend wrapperStyle={LEGEND_STYLE} />
      <Bar dataKey="succeeded" name="Worked" stackId="outcome" fill="var(--accent)" maxBarSize={20} isAnimationActive={false} />
      <Bar dataKey="failed" name="Failed" stackId="outcome" fill="var(--bad)" radius={[0, 4, 4, 0]} maxBarSize={20} isAnimationActive={false} />
    </BarChart>
  );
}
