import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { EducationalNotice, PageHeader } from '../../../components/page-header';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { ApiError } from '../../../lib/api-client';
import { useScreener } from '../api/get-screener';
import { symbolFromParams, useScreenerFilters } from '../filters';
import { UNDERVALUED_TEXTS } from '../texts';
import { CheapnessBacktest } from './cheapness-backtest';
import { ScreenerForm } from './screener-form';
import { ScreenerResults } from './screener-results';
import { StockValuationPanel } from './stock-valuation';
import '../../../components/market/market.css';
import './undervalued.css';

/** The server's sentence when it refuses the filters (400 {detail}, e.g. a lowest value above the highest), else null. */
const rejectionOf = (error: Error | null): string | null =>
  error instanceof ApiError && error.status === 400 ? error.message : null;

/**
 * /undervalued-analytics (logged-in only): a screener of P/E, P/B and the other measures from NSE filings, one stock's
 * valuation when the address names it (?symbol=), and how the cheapest stocks have done since 2019.
 */
export function UndervaluedAnalyticsPage() {
  usePageMeta({
    title: UNDERVALUED_TEXTS.title,
    description: UNDERVALUED_TEXTS.description,
    path: '/undervalued-analytics',
  });
  const [filters, applyFilters] = useScreenerFilters();
  const [params] = useSearchParams();
  const symbol = symbolFromParams(params);
  const screener = useScreener(filters);
  const rejection = rejectionOf(screener.error);

  // A stock picked in the table opens below it: its heading takes focus, which brings it into view.
  const valuationHeading = useRef<HTMLHeadingElement>(null);
  const shownSymbol = useRef(symbol);
  useEffect(() => {
    if (symbol && symbol !== shownSymbol.current) valuationHeading.current?.focus();
    shownSymbol.current = symbol;
  }, [symbol]);

  return (
    <div className="page-body undervalued-page">
      <PageHeader title={UNDERVALUED_TEXTS.title} lead={UNDERVALUED_TEXTS.lead} />
      <EducationalNotice />
      <ScreenerForm filters={filters} onApply={applyFilters} rejection={rejection} />
      <ScreenerResults query={screener} rejected={rejection !== null} />
      {symbol ? <StockValuationPanel key={symbol} symbol={symbol} headingRef={valuationHeading} /> : null}
      <CheapnessBacktest />
    </div>
  );
}
