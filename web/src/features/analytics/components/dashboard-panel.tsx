import { useId } from 'react';
import type { ReactNode } from 'react';
import type { AnalyticsDailyPoint } from '@nivesh/proto';
import { ScrollTable } from '../../../components/scroll-table';
import { formatCount, formatLongDay } from '../format';
import { DASHBOARD_TEXTS } from '../texts';

type DashboardPanelProps = { title: string; lead?: string; className?: string; children: ReactNode };

/** A dashboard's section: its heading, a line saying what it counts, and its body. */
export function DashboardPanel({ title, lead, className, children }: DashboardPanelProps) {
  const id = useId();
  return (
    <section className={className ? `panel ${className}` : 'panel'} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {lead ? <p className="muted dashboard-lead">{lead}</p> : null}
      {children}
    </section>
  );
}

type ChartFigureProps = {
  /** The chart's text alternative: one sentence with what matters in it. */
  summary: string;
  chart: ReactNode;
  /** The figures as a table: shown under the chart, or folded away behind a summary line when `foldTable`. */
  table: ReactNode;
  foldTable?: boolean;
};

/**
 * A chart with its text alternative: the drawing is hidden from screen readers, the sentence and the table carry the
 * same figures for everyone.
 */
export function ChartFigure({ summary, chart, table, foldTable = false }: ChartFigureProps) {
  return (
    <figure className="chart-figure">
      <div className="chart-box" aria-hidden="true">
        {chart}
      </div>
      <figcaption className="chart-summary">{summary}</figcaption>
      {foldTable ? (
        <details className="chart-table">
          <summary>{DASHBOARD_TEXTS.showTable}</summary>
          {table}
        </details>
      ) : (
        table
      )}
    </figure>
  );
}

/** What a chart says when it has nothing to draw yet. */
export function EmptyChart({ children }: { children: string }) {
  return <p className="chart-empty">{children}</p>;
}

/** A few headline figures, each with its name. */
export function StatTiles({ label, stats }: { label: string; stats: readonly { name: string; value: string; testId?: string }[] }) {
  return (
    <section className="stat-section" aria-label={label}>
      <dl className="stat-tiles">
        {stats.map(({ name, value, testId }) => (
          <div key={name} className="stat-tile" data-testid={testId}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A column of a per-day table: which count of the day, under what name. */
export type DailyColumn = { key: Exclude<keyof AnalyticsDailyPoint, 'date'>; name: string };

/** The figures of a per-day chart as a table: one row a day, one column per count. */
export function DailyTable({ label, caption, daily, columns }: { label: string; caption: string; daily: readonly AnalyticsDailyPoint[]; columns: readonly DailyColumn[] }) {
  return (
    <ScrollTable label={label}>
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {daily.map((day) => (
            <tr key={day.date}>
              <th scope="row">
                <time dateTime={day.date}>{formatLongDay(day.date)}</time>
              </th>
              {columns.map((column) => (
                <td key={column.key}>{formatCount(day[column.key])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
