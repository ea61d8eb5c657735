import type { VisitorOverview } from '@nivesh/proto';
import { Link } from 'react-router';
import { QueryState } from '../../../components/market/query-state';
import { PageHeader } from '../../../components/page-header';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { useAnalyticsOverview } from '../api/get-analytics-overview';
import { capitalisedShown, formatCount, formatMs, formatRatio, formatSeconds, pageShown, referrerShown } from '../format';
import { useDaysChoice } from '../hooks/use-days-choice';
import { DASHBOARD_TEXTS, VISITOR_TEXTS } from '../texts';
import { StatTiles } from './dashboard-panel';
import { DaysChoice } from './days-choice';
import { LiveVisitorsPanel } from './live-panels';
import { RankingPanel } from './ranking-panel';
import { DailyVisitorsPanel, PageLoadPanel, SessionLengthPanel } from './visitor-panels';
import './analytics.css';

function VisitorTotals({ visitors }: { visitors: VisitorOverview }) {
  return (
    <StatTiles
      label={VISITOR_TEXTS.totalsHeading}
      stats={[
        { name: 'Visitors', value: formatCount(visitors.visitors), testId: 'total-visitors' },
        { name: 'Visits', value: formatCount(visitors.sessions) },
        { name: 'Page views', value: formatCount(visitors.page_views), testId: 'total-page-views' },
        { name: 'Bounce rate', value: formatRatio(visitors.bounce_rate) },
        { name: 'Median visit', value: formatSeconds(visitors.session_duration.median_seconds) },
        { name: 'Median page load', value: formatMs(visitors.page_load_ms.p50) },
      ]}
    />
  );
}

/** The rankings of the visitor view, in the order an administrator reads them. */
function VisitorRankings({ visitors, days }: { visitors: VisitorOverview; days: number }) {
  const empty = VISITOR_TEXTS.rankingEmpty(days);
  const visits = { total: visitors.sessions, countName: 'Visits', empty };
  return (
    <>
      <RankingPanel title={VISITOR_TEXTS.topPages} lead={VISITOR_TEXTS.topPagesLead} rows={visitors.top_pages} total={visitors.page_views} keyName="Page" countName="Page views" empty={empty} labelOf={pageShown} />
      <RankingPanel title={VISITOR_TEXTS.referrers} lead={VISITOR_TEXTS.referrersLead} rows={visitors.referrers} keyName="Referrer" labelOf={referrerShown} {...visits} />
      <RankingPanel title={VISITOR_TEXTS.entryPages} lead={VISITOR_TEXTS.entryPagesLead} rows={visitors.entry_pages} keyName="Page" labelOf={pageShown} {...visits} />
      <RankingPanel title={VISITOR_TEXTS.exitPages} lead={VISITOR_TEXTS.exitPagesLead} rows={visitors.exit_pages} keyName="Page" labelOf={pageShown} {...visits} />
      <RankingPanel title={VISITOR_TEXTS.devices} lead={VISITOR_TEXTS.devicesLead} rows={visitors.devices} keyName="Device" labelOf={capitalisedShown} {...visits} />
      <RankingPanel title={VISITOR_TEXTS.browsers} lead={VISITOR_TEXTS.browsersLead} rows={visitors.browsers} keyName="Browser" {...visits} />
      <RankingPanel title={VISITOR_TEXTS.screens} lead={VISITOR_TEXTS.screensLead} rows={visitors.screens} keyName="Screen size" {...visits} />
    </>
  );
}

/** /admin/visitor-analytics (admin only): anonymous visits over 7, 30 or 90 days, and who is on the site now. */
export function VisitorAnalyticsPage() {
  usePageMeta({ title: VISITOR_TEXTS.title, description: VISITOR_TEXTS.description, path: '/admin/visitor-analytics' });
  const [days, setDays] = useDaysChoice();
  const overview = useAnalyticsOverview(days);

  return (
    <div className="page-body analytics-page">
      <p className="breadcrumb">
        <Link to="/admin">Admin</Link> <span aria-hidden="true">/</span> {VISITOR_TEXTS.breadcrumb}
      </p>
      <PageHeader title={VISITOR_TEXTS.title} lead={VISITOR_TEXTS.lead} />
      <DaysChoice value={days} onChange={setDays} updating={overview.isPlaceholderData && overview.isFetching} />
      <LiveVisitorsPanel />
      <QueryState query={overview} what={DASHBOARD_TEXTS.overviewWhat}>
        {({ visitors, daily, days: shownDays }) => (
          <>
            <VisitorTotals visitors={visitors} />
            <div className="panel-grid">
              <DailyVisitorsPanel daily={daily} visitors={visitors} days={shownDays} />
              <VisitorRankings visitors={visitors} days={shownDays} />
              <SessionLengthPanel visitors={visitors} days={shownDays} />
              <PageLoadPanel visitors={visitors} days={shownDays} />
            </div>
          </>
        )}
      </QueryState>
      <p>
        <Link to="/analytics">{VISITOR_TEXTS.accountLink}</Link>
      </p>
    </div>
  );
}
