import type { ActionCategoryRow, AnalyticsBasicStatsResponse, AnalyticsOverviewResponse } from '@nivesh/proto';
import { QueryState } from '../../../components/market/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { useBasicStats } from '../api/get-basic-stats';
import { capitalisedShown, formatCount, formatRatio, formatShortDay } from '../format';
import { ACCOUNT_TEXTS, sessionsPhrase } from '../texts';
import { DailyChart, OutcomeBars } from './charts';
import { ChartFigure, DailyTable, type DailyColumn, DashboardPanel, EmptyChart } from './dashboard-panel';
import { ShownText } from './shown-text';

const ACTIVITY_SERIES = [
  { key: 'sessions', name: 'Sessions', color: 'var(--accent)' },
  { key: 'unique_users', name: 'Users', color: 'var(--gold)', dashed: true },
  { key: 'page_visits', name: 'Page visits', color: 'var(--muted)' },
  { key: 'actions', name: 'Actions', color: 'var(--text)', dashed: true },
] as const;

const ACTIVITY_COLUMNS = [
  { key: 'sessions', name: 'Sessions' },
  { key: 'unique_users', name: 'Users' },
  { key: 'anonymous_sessions', name: 'Without signing in' },
  { key: 'page_visits', name: 'Page visits' },
  { key: 'actions', name: 'Actions' },
] as const satisfies readonly DailyColumn[];

/** Sessions, users, page visits and actions per day over the period. */
export function DailyActivityPanel({ overview }: { overview: AnalyticsOverviewResponse }) {
  const { daily, totals, days } = overview;
  const empty = daily.every((day) => day.sessions === 0 && day.page_visits === 0 && day.actions === 0);
  return (
    <DashboardPanel title={ACCOUNT_TEXTS.dailyHeading} className="span-2">
      {empty ? (
        <EmptyChart>{ACCOUNT_TEXTS.dailyEmpty(days)}</EmptyChart>
      ) : (
        <ChartFigure
          summary={ACCOUNT_TEXTS.dailySummary(
            sessionsPhrase({ sessions: totals.sessions, users: totals.unique_users, anonymous: totals.anonymous_sessions }, formatCount),
            formatCount(totals.actions),
            days,
          )}
          chart={<DailyChart data={daily} series={ACTIVITY_SERIES} formatX={formatShortDay} />}
          foldTable
          table={
            <DailyTable label="Activity per day table" caption={ACCOUNT_TEXTS.dailyHeading} daily={daily} columns={ACTIVITY_COLUMNS} />
          }
        />
      )}
    </DashboardPanel>
  );
}

/** The category whose actions failed most often (by rate), or null when none failed. */
const worstCategory = (rows: readonly ActionCategoryRow[]): ActionCategoryRow | null =>
  rows.reduce<ActionCategoryRow | null>((worst, row) => (row.errors > 0 && row.error_rate > (worst?.error_rate ?? 0) ? row : worst), null);

/** Actions of each area of the app, how many failed, and the error rate. */
export function ActionCategoriesPanel({ rows, days }: { rows: readonly ActionCategoryRow[]; days: number }) {
  const worst = worstCategory(rows);
  const outcomes = rows.map((row) => ({ label: capitalisedShown(row.category).text, succeeded: Math.max(0, row.actions - row.errors), failed: row.errors }));
  return (
    <DashboardPanel title={ACCOUNT_TEXTS.categoriesHeading} lead={ACCOUNT_TEXTS.categoriesLead} className="span-2">
      {rows.length === 0 ? (
        <EmptyChart>{ACCOUNT_TEXTS.categoriesEmpty(days)}</EmptyChart>
      ) : (
        <ChartFigure
          summary={worst ? ACCOUNT_TEXTS.categoriesSummary(capitalisedShown(worst.category).text, formatRatio(worst.error_rate)) : ACCOUNT_TEXTS.categoriesNoErrors}
          chart={<OutcomeBars rows={outcomes} />}
          table={
            <ScrollTable label="Actions by category table">
              <table className="data-table">
                <caption className="visually-hidden">{ACCOUNT_TEXTS.categoriesHeading}</caption>
                <thead>
                  <tr>
                    <th scope="col">Category</th>
                    <th scope="col">Actions</th>
                    <th scope="col">Failed</th>
                    <th scope="col">Error rate</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.category} data-testid={`category-${row.category}`}>
                      <th scope="row">
                        <ShownText shown={capitalisedShown(row.category)} />
                      </th>
                      <td>{formatCount(row.actions)}</td>
                      <td>{formatCount(row.errors)}</td>
                      <td>{formatRatio(row.error_rate)}</td>
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

const BASIC_ROWS: readonly { key: keyof AnalyticsBasicStatsResponse['today']; name: string }[] = [
  { key: 'analytics_sessions', name: 'Analytics sessions' },
  { key: 'unique_users', name: 'Users' },
  { key: 'anonymous_sessions', name: 'Analytics sessions without signing in' },
  { key: 'page_visits', name: 'Page visits' },
  { key: 'actions', name: 'Actions' },
  { key: 'visitor_sessions', name: 'Visits (anonymous)' },
  { key: 'visitor_page_views', name: 'Page views (anonymous)' },
];

/** Counts of all time and of today, side by side. */
export function BasicStatsPanel() {
  const stats = useBasicStats();
  return (
    <DashboardPanel title={ACCOUNT_TEXTS.basicHeading} lead={ACCOUNT_TEXTS.basicLead}>
      <QueryState query={stats} what="counts">
        {({ all_time, today }) => (
          <ScrollTable label="All time and today table">
            <table className="data-table">
              <caption className="visually-hidden">{ACCOUNT_TEXTS.basicHeading}</caption>
              <thead>
                <tr>
                  <th scope="col">Count</th>
                  <th scope="col">Today</th>
                  <th scope="col">All time</th>
                </tr>
              </thead>
              <tbody>
                {BASIC_ROWS.map(({ key, name }) => (
                  <tr key={key}>
                    <th scope="row">{name}</th>
                    <td>{formatCount(today[key])}</td>
                    <td>{formatCount(all_time[key])}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        )}
      </QueryState>
    </DashboardPanel>
  );
}
