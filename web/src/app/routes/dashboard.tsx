import { EducationalNotice, PageHeader } from '../../components/page-header';
import { PendingPanel } from '../../components/pending-panel';
import { AdSlot } from '../../features/ads/components/ad-slot';
import { SystemStatusPanel } from '../../features/status/components/system-status-panel';
import { usePageMeta } from '../../hooks/use-page-meta';
import { PENDING } from '../../lib/pending';

/** / and /dashboard: the market overview, and the system status. */
export function DashboardPage() {
  usePageMeta({
    title: 'Dashboard',
    description: 'Nivesh: AI-assisted analysis of NSE stocks, in rupees. Educational, not investment advice.',
    path: '/dashboard',
  });
  return (
    <div className="page-body">
      <PageHeader title="Dashboard" lead="AI-assisted analysis of NSE stocks, in rupees — educational, not investment advice" />
      <EducationalNotice />
      <section className="overview" aria-labelledby="overview-heading">
        <h2 id="overview-heading" className="section-title">
          Market overview
        </h2>
        <div className="panel-grid">
          <PendingPanel title="NIFTY 50" pending={PENDING.marketData}>
            <p>The index level, its change on the day, and the date of the prices.</p>
          </PendingPanel>
          <PendingPanel title="Market breadth" pending={PENDING.marketData}>
            <p>How many NSE stocks rose, fell or stayed flat.</p>
          </PendingPanel>
          <PendingPanel title="Top gainers and losers" pending={PENDING.marketData}>
            <p>The biggest moves of the day in both directions.</p>
          </PendingPanel>
          <PendingPanel title="Most active" pending={PENDING.marketData}>
            <p>The stocks that traded the most, by value in rupees.</p>
          </PendingPanel>
          <PendingPanel title="Sector performance" className="span-2" pending={PENDING.marketData}>
            <p>How each sector of the market moved, from banks to pharmaceuticals.</p>
          </PendingPanel>
        </div>
      </section>
      <AdSlot variant="content" />
      <SystemStatusPanel />
    </div>
  );
}
