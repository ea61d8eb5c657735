import type { MarketOverview } from '@nivesh/proto';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { BreadthBar } from '../../components/market/breadth-bar';
import { ChangeText } from '../../components/market/change-text';
import { LineChart } from '../../components/market/line-chart';
import { MoverTable } from '../../components/market/mover-table';
import { PricesAsOf } from '../../components/market/prices-as-of';
import { QueryState } from '../../components/market/query-state';
import { SectorTable } from '../../components/market/sector-table';
import { EducationalNotice, PageHeader } from '../../components/page-header';
import { AdSlot } from '../../features/ads/components/ad-slot';
import { SystemStatusPanel } from '../../features/status/components/system-status-panel';
import { usePageMeta } from '../../hooks/use-page-meta';
import { formatIndianNumber, formatMarketDate } from '../../lib/format';
import { useOverview } from '../../lib/market/get-overview';
import '../../components/market/market.css';

function Panel({ id, title, className, children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section className={className ? `panel ${className}` : 'panel'} aria-labelledby={id}>
      <h3 id={id} className="panel-title">
        {title}
      </h3>
      {children}
    </section>
  );
}

const points = (value: number) => formatIndianNumber(value, 2);

/** NIFTY 50's level, its change on the day, its 52-week range and its closes over the last year. */
function IndexPanel({ index, asOf }: { index: MarketOverview['index']; asOf: string }) {
  const series = useMemo(
    () => [{ name: 'NIFTY 50', kind: 'area' as const, points: index.history.map(({ date, close }) => ({ date, value: close })) }],
    [index.history],
  );
  return (
    <Panel id="overview-index" title="NIFTY 50" className="span-2 index-panel">
      <p className="quote-price">
        <span className="quote-close" data-testid="index-close">
          {points(index.close)}
        </span>
        <ChangeText change={index.change} changePct={index.change_pct} unit="points" testId="index-change" />
      </p>
      <dl className="stat-list">
        <div>
          <dt>52-week high</dt>
          <dd data-testid="index-high">{points(index.high_52w)}</dd>
        </div>
        <div>
          <dt>52-week low</dt>
          <dd data-testid="index-low">{points(index.low_52w)}</dd>
        </div>
      </dl>
      {index.as_of !== asOf ? (
        <p className="control-hint" data-testid="index-as-of">
          The index’s latest close is from <time dateTime={index.as_of}>{formatMarketDate(index.as_of)}</time>; its data ends before the stocks’.
        </p>
      ) : null}
      <LineChart label="NIFTY 50 daily close over the last year" series={series} formatValue={points} height={240} />
    </Panel>
  );
}

function OverviewPanels({ overview }: { overview: MarketOverview }) {
  return (
    <>
      <PricesAsOf date={overview.as_of} />
      <div className="panel-grid">
        <IndexPanel index={overview.index} asOf={overview.as_of} />
        <Panel id="overview-breadth" title="Market breadth">
          <BreadthBar breadth={overview.breadth} />
        </Panel>
        <Panel id="overview-active" title="Most active">
          <p className="muted">By traded value (close × volume), in rupee crores.</p>
          <MoverTable caption="Most active" movers={overview.most_active} kind="activity" testId="most-active" />
        </Panel>
        <Panel id="overview-gainers" title="Top gainers">
          <MoverTable caption="Top gainers" movers={overview.gainers} testId="gainers" />
        </Panel>
        <Panel id="overview-losers" title="Top losers">
          <MoverTable caption="Top losers" movers={overview.losers} testId="losers" />
        </Panel>
        <Panel id="overview-sectors" title="Sector performance" className="span-2">
          <p className="muted">Equal-weighted average change of each sector’s stocks.</p>
          <SectorTable sectors={overview.sectors} />
        </Panel>
      </div>
    </>
  );
}

/** / and /dashboard: the market overview, and the system status. */
export function DashboardPage() {
  usePageMeta({
    title: 'Dashboard',
    description: 'Nivesh: AI-assisted analysis of NSE stocks, in rupees. Educational, not investment advice.',
    path: '/dashboard',
  });
  const overview = useOverview();
  return (
    <div className="page-body">
      <PageHeader title="Dashboard" lead="AI-assisted analysis of NSE stocks, in rupees — educational, not investment advice" />
      <EducationalNotice />
      <section className="overview" aria-labelledby="overview-heading">
        <h2 id="overview-heading" className="section-title">
          Market overview
        </h2>
        <QueryState query={overview} what="market overview">
          {(data) => <OverviewPanels overview={data} />}
        </QueryState>
      </section>
      {/* Placed once the overview has settled, so its figures arriving never push the ad (or anything) down. */}
      {overview.isPending ? null : <AdSlot variant="content" />}
      <SystemStatusPanel />
    </div>
  );
}
