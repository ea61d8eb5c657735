import type { AnalyticsOverviewResponse } from '@nivesh/proto';
import { Link } from 'react-router';
import { QueryState } from '../../../components/market/query-state';
import { PageHeader } from '../../../components/page-header';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { useAnalyticsOverview } from '../api/get-analytics-overview';
import { formatCount, formatMs, formatSeconds, pageShown } from '../format';
import { useDaysChoice } from '../hooks/use-days-choice';
import { ACCOUNT_TEXTS, DASHBOARD_TEXTS } from '../texts';
import { ActionCategoriesPanel, BasicStatsPanel, DailyActivityPanel } from './account-panels';
import { StatTiles } from './dashboard-panel';
import { DaysChoice } from './days-choice';
import { ActiveUsersPanel } from './live-panels';
import { RankingPanel } from './ranking-panel';
import './analytics.css';

function AccountTotals({ totals }: { totals: AnalyticsOverviewResponse['totals'] }) {
  return (
    <StatTiles
      label={ACCOUNT_TEXTS.totalsHeading}
      stats={[
        { name: 'Sessions', value: formatCount(totals.sessions), testId: 'total-sessions' },
        { name: 'Users', value: formatCount(totals.unique_users) },
        { name: 'Without signing in', value: formatCount(totals.anonymous_sessions), testId: 'total-anonymous' },
        { name: 'Page visits', value: formatCount(totals.page_visits) },
        { name: 'Actions', value: formatCount(totals.actions) },
        { name: 'Failed actions', value: formatCount(totals.failed_actions), testId: 'total-failed' },
        { name: 'Average session', value: formatSeconds(totals.avg_session_duration_seconds) },
        { name: 'Average response', value: formatMs(totals.avg_response_time_ms) },
      ]}
    />
  );
}

/** The account view of one overview: totals, activity per day, pages, actions and their error rates. */
function AccountOverview({ overview }: { overview: AnalyticsOverviewResponse }) {
  const { days, totals } = overview;
  const empty = ACCOUNT_TEXTS.rankingEmpty(days);
  const pages = overview.top_pages.map((row) => ({ key: row.page_name, count: row.visits }));
  const actions = overview.top_actions.map((row) => ({ key: row.action_type, count: row.count }));
  return (
    <>
      <AccountTotals totals={totals} />
      <div className="panel-grid">
        <DailyActivityPanel overview={overview} />
        <RankingPanel title={ACCOUNT_TEXTS.topPages} lead={ACCOUNT_TEXTS.topPagesLead} rows={pages} total={totals.page_visits} keyName="Page" countName="Visits" empty={empty} labelOf={pageShown} />
        <RankingPanel title={ACCOUNT_TEXTS.topActions} lead={ACCOUNT_TEXTS.topActionsLead} rows={actions} total={totals.actions} keyName="Action" countName="Times" empty={empty} />
        <ActionCategoriesPanel rows={overview.actions_by_category} days={days} />
      </div>
    </>
  );
}

/** /analytics (admin only): usage of signed-in users who turned analytics on, over 7, 30 or 90 days. */
export function AnalyticsPage() {
  usePageMeta({ title: ACCOUNT_TEXTS.title, description: ACCOUNT_TEXTS.description, path: '/analytics' });
  const [days, setDays] = useDaysChoice();
  const overview = useAnalyticsOverview(days);

  return (
    <div className="page-body analytics-page">
      <PageHeader title={ACCOUNT_TEXTS.title} lead={ACCOUNT_TEXTS.lead} />
      <DaysChoice value={days} onChange={setDays} updating={overview.isPlaceholderData && overview.isFetching} />
      <div className="panel-grid">
        <ActiveUsersPanel />
        <BasicStatsPanel />
      </div>
      <QueryState query={overview} what={DASHBOARD_TEXTS.overviewWhat}>
        {(data) => <AccountOverview overview={data} />}
      </QueryState>
      <p>
        <Link to="/admin/visitor-analytics">{ACCOUNT_TEXTS.visitorLink}</Link>
      </p>
    </div>
  );
}
