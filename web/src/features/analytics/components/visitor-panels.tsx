import type { AnalyticsOverviewResponse, VisitorOverview } from '@nivesh/proto';
import { ScrollTable } from '../../../components/scroll-table';
import { formatCount, formatLongDay, formatMs, formatRatio, formatSeconds, formatShortDay } from '../format';
import { VISITOR_TEXTS } from '../texts';
import { ColumnBars, DailyChart } from './charts';
import { ChartFigure, DailyTable, type DailyColumn, DashboardPanel, EmptyChart } from './dashboard-panel';

type Daily = AnalyticsOverviewResponse['daily'];

const VISITOR_SERIES = [
  { key: 'visitors', name: 'Visitors', color: 'var(--accent)' },
  { key: 'visitor_page_views', name: 'Page views', color: 'var(--gold)', dashed: true },
] as const;

const VISITOR_COLUMNS = [
  { key: 'visitors', name: 'Visitors' },
  { key: 'visitor_sessions', name: 'Visits' },
  { key: 'visitor_page_views', name: 'Page views' },
] as const satisfies readonly DailyColumn[];

/** The day with the most page views, or null when every day has none. */
const busiestDay = (daily: Daily): string | null => {
  const best = daily.reduce<Daily[number] | null>((top, day) => (day.visitor_page_views > (top?.visitor_page_views ?? 0) ? day : top), null);
  return best ? formatLongDay(best.date) : null;
};

/** Visitors and page views per day over the period. */
export function DailyVisitorsPanel({ daily, visitors, days }: { daily: Daily; visitors: VisitorOverview; days: number }) {
  const empty = daily.every((day) => day.visitors === 0 && day.visitor_page_views === 0);
  return (
    <DashboardPanel title={VISITOR_TEXTS.dailyHeading} className="span-2">
      {empty ? (
        <EmptyChart>{VISITOR_TEXTS.dailyEmpty(days)}</EmptyChart>
      ) : (
        <ChartFigure
          summary={VISITOR_TEXTS.dailySummary(formatCount(visitors.visitors), formatCount(visitors.page_views), busiestDay(daily), days)}
          chart={<DailyChart data={daily} series={VISITOR_SERIES} formatX={formatShortDay} />}
          foldTable
          table={
            <DailyTable label="Visitors per day table" caption={VISITOR_TEXTS.dailyHeading} daily={daily} columns={VISITOR_COLUMNS} />
          }
        />
      )}
    </DashboardPanel>
  );
}

/** How long visits lasted (a distribution), the median and the bounce rate. */
export function SessionLengthPanel({ visitors, days }: { visitors: VisitorOverview; days: number }) {
  const { buckets, median_seconds: median } = visitors.session_duration;
  const finished = buckets.reduce((sum, bucket) => sum + bucket.sessions, 0);
  const rows = buckets.map((bucket) => ({ label: bucket.label, value: bucket.sessions }));
  return (
    <DashboardPanel title={VISITOR_TEXTS.durationHeading}>
      {finished === 0 ? (
        <EmptyChart>{VISITOR_TEXTS.durationEmpty(days)}</EmptyChart>
      ) : (
        <ChartFigure
          summary={VISITOR_TEXTS.durationSummary(
            median === null ? null : formatSeconds(median),
            visitors.bounce_rate === null ? null : formatRatio(visitors.bounce_rate),
          )}
          chart={<ColumnBars rows={rows} name="Visits" />}
          table={
            <ScrollTable label="Session length table">
              <table className="data-table">
                <caption className="visually-hidden">{VISITOR_TEXTS.durationHeading}</caption>
                <thead>
                  <tr>
                    <th scope="col">Length</th>
                    <th scope="col">Visits</th>
                    <th scope="col">Share</th>
                  </tr>
                </thead>
                <tbody>
                  {buckets.map((bucket) => (
                    <tr key={bucket.label}>
                      <th scope="row">{bucket.label}</th>
                      <td>{formatCount(bucket.sessions)}</td>
                      <td>{formatRatio(bucket.sessions / finished)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollTable>
          }
        />
      )}
    </DashboardPanel>
  );
}

const PERCENTILES = [
  { key: 'p50', label: 'Median (p50)' },
  { key: 'p75', label: 'p75' },
  { key: 'p95', label: 'p95' },
  { key: 'p99', label: 'p99' },
] as const;

/** Page load time percentiles over the page views that reported one. */
export function PageLoadPanel({ visitors, days }: { visitors: VisitorOverview; days: number }) {
  const load = visitors.page_load_ms;
  const rows = PERCENTILES.flatMap(({ key, label }) => {
    const value = load[key];
    return value === null ? [] : [{ label, value }];
  });
  return (
    <DashboardPanel title={VISITOR_TEXTS.loadHeading}>
      {load.samples === 0 || rows.length === 0 ? (
        <EmptyChart>{VISITOR_TEXTS.loadEmpty(days)}</EmptyChart>
      ) : (
        <ChartFigure
          summary={VISITOR_TEXTS.loadSummary(formatCount(load.samples), formatMs(load.p50), formatMs(load.p95))}
          chart={<ColumnBars rows={rows} name="Load time" color="var(--gold)" format={formatMs} />}
          table={
            <ScrollTable label="Page load time table">
              <table className="data-table">
                <caption className="visually-hidden">{VISITOR_TEXTS.loadHeading}</caption>
                <thead>
                  <tr>
                    <th scope="col">Percentile</th>
                    <th scope="col">Load time</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.label}>
                      <th scope="row">{row.label}</th>
                      <td>{formatMs(row.value)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollTable>
          }
        />
      )}
    </DashboardPanel>
  );
}
