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

const DAY_MS = 86_400_000;
const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** How long before `later` the day `earlier` is, in words: '1 day', '6 days', '3 weeks', '2 months', '1 year'. */
const timeBetween = (earlier: string, later: string): string => {
  const days = Math.max(0, Math.round((Date.parse(later) - Date.parse(earlier)) / DAY_MS));
  if (days < 14) return plural(days, 'day');
  if (days < 60) return plural(Math.round(days / 7), 'week');
  if (days < 365) return plural(Math.round(days / 30.44), 'month');
  return plural(Math.round(days / 365.25), 'year');
};

/** NIFTY 50's level, its change on the day, its 52-week range and its closes over the last year. */
function IndexPanel({ index, asOf }: { index: MarketOverview['index']; asOf: string }) {
  const series = useMemo(
    () => [{ name: 'NIFTY 50', kind: 'area' as const, points: index.history.map(({ date, close }) => ({ date, value: close })) }],
    [index.history],
  );
  return (
    <Panel id="overview-index" title="NIFTY 50" className="span-2 index-panel">
      {/* The index's data may end before the stocks': its own date, first thing on the card, next to the stock tables. */}
      {index.as_of !== asOf ? (
        <p className="index-as-of" data-testid="index-as-of">
          As of <time dateTime={index.as_of}>{formatMarketDate(index.as_of)}</time> — {timeBetween(index.as_of, asOf)} before the stock prices
        </p>
      ) : null}
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

type PageMeta = Parameters<typeof usePageMeta>[0];

const DASHBOARD_META: PageMeta = {
  title: 'Dashboard',
  description: 'Nivesh: analysis of NSE stocks from end-of-day prices, in rupees. Educational, not investment advice.',
  path: '/dashboard',
};

// /login and /register open the login screen over the dashboard; the tab and the history say which screen it is.
const SIGN_IN_META: PageMeta = {
  title: 'Sign in',
  description: 'Sign in to Nivesh with your username and password, then the verification code we email you.',
  path: '/login',
};
const REGISTER_META: PageMeta = {
  title: 'Create account',
  description: 'Create a free Nivesh account; we email you a verification code to confirm it.',
  path: '/register',
};

/** /login: the dashboard under the sign-in screen. */
export function SignInPage() {
  return <DashboardPage meta={SIGN_IN_META} />;
}

/** /register: the dashboard under the registration screen. */
export function RegisterPage() {
  return <DashboardPage meta={REGISTER_META} />;
}

/** / and /dashboard: the market overview. */
export function DashboardPage({ meta = DASHBOARD_META }: { meta?: PageMeta }) {
  usePageMeta(meta);
  const overview = useOverview();
  return (
    <div className="page-body">
      <PageHeader title="Dashboard" lead="Analysis of NSE stocks, in rupees — educational, not investment advice" />
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
    </div>
  );
}
