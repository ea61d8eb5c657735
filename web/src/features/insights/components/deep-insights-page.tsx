import { EducationalNotice, PageHeader } from '../../../components/page-header';
import { PendingPanel } from '../../../components/pending-panel';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { PENDING } from '../../../lib/pending';

/** /deep-insights: a longer view of one stock across horizons, seasons and peers. */
export function DeepInsightsPage() {
  usePageMeta({
    title: 'Deep Insights',
    description: 'Trend across horizons, drawdown history, monthly seasonality, correlation with NIFTY 50 and peers, and volume profile of NSE stocks.',
    path: '/deep-insights',
  });
  return (
    <div className="page-body">
      <PageHeader title="Deep Insights" lead="The longer story of one stock: how it behaved over years, seasons and against its peers." />
      <EducationalNotice />
      <div className="panel-grid">
        <PendingPanel title="Trend across horizons" pending={PENDING.marketData}>
          <p>Returns and momentum over one month, six months, one year and five years side by side.</p>
        </PendingPanel>
        <PendingPanel title="Drawdown history" pending={PENDING.marketData}>
          <p>Every major fall from a peak, how deep it went and how long recovery took.</p>
        </PendingPanel>
        <PendingPanel title="Seasonality by month" pending={PENDING.marketData}>
          <p>The stock&apos;s average return in each calendar month, and how consistent it was.</p>
        </PendingPanel>
        <PendingPanel title="Correlation" pending={PENDING.marketData}>
          <p>How closely the stock moves with NIFTY 50 and with the other companies of its sector.</p>
        </PendingPanel>
        <PendingPanel title="Volume profile" className="span-2" pending={PENDING.marketData}>
          <p>The price levels where most shares have changed hands.</p>
        </PendingPanel>
      </div>
    </div>
  );
}
