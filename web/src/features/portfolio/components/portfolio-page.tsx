import type { PortfolioSummary } from '@nivesh/proto';
import { useId } from 'react';
import { EducationalNotice, PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/market/query-state';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { usePortfolio } from '../api/get-portfolio';
import { useTransactions } from '../api/get-transactions';
import { PORTFOLIO_TEXTS } from '../texts';
import { AddTransactionForm } from './add-transaction-form';
import { AlertsPanel } from './alerts-panel';
import { ImportPanel } from './import-panel';
import { PortfolioSummaryView } from './portfolio-summary-view';
import { TransactionsPanel } from './transactions-panel';
import { WatchlistsPanel } from './watchlists-panel';
import { WhatIfPanel } from './what-if-panel';
import '../../../components/market/market.css';
import './portfolio.css';

/** A summary with nothing in it: no holdings, no sales, no dividends, no weeks. */
const isEmptySummary = (summary: PortfolioSummary): boolean =>
  summary.holdings.length === 0 &&
  summary.realised.length === 0 &&
  summary.series.length === 0 &&
  summary.totals.dividends === 0;

/** No transactions yet: what the page will show, and the two ways to begin, just below. */
function EmptyPortfolio() {
  const headingId = useId();
  return (
    <section className="panel portfolio-empty" aria-labelledby={headingId} data-testid="portfolio-empty">
      <h2 id={headingId}>{PORTFOLIO_TEXTS.emptyTitle}</h2>
      <p>{PORTFOLIO_TEXTS.emptyText}</p>
      <p className="portfolio-empty-links">
        <a href="#import">{PORTFOLIO_TEXTS.importTitle}</a>
        <span aria-hidden="true"> · </span>
        <a href="#add">{PORTFOLIO_TEXTS.addTitle}</a>
      </p>
    </section>
  );
}

/**
 * /portfolio (logged-in only): the user's holdings, XIRR and the time-weighted return against NIFTY 50, realised
 * gains, value over time, allocation and risk, worked out from the transactions imported from a broker's trade book
 * or entered by hand below, with the premium what-if; then the user's alerts and watchlists.
 */
export function PortfolioPage() {
  usePageMeta({ title: PORTFOLIO_TEXTS.title, description: PORTFOLIO_TEXTS.description, path: '/portfolio' });
  const summary = usePortfolio();
  const transactions = useTransactions();
  // The list decides; while it loads, an empty summary says as much (rather than "everything has been sold").
  const empty = transactions.data
    ? transactions.data.length === 0
    : summary.data !== undefined && isEmptySummary(summary.data);
  return (
    <div className="page-body portfolio-page">
      <PageHeader title={PORTFOLIO_TEXTS.title} lead={PORTFOLIO_TEXTS.lead} />
      <EducationalNotice />
      {empty ? (
        <EmptyPortfolio />
      ) : (
        <>
          <QueryState query={summary} what="portfolio">
            {(data) => <PortfolioSummaryView summary={data} subject="Your money" />}
          </QueryState>
          <WhatIfPanel />
        </>
      )}
      <AlertsPanel />
      <WatchlistsPanel />
      <ImportPanel />
      <AddTransactionForm />
      <TransactionsPanel query={transactions} />
    </div>
  );
}
