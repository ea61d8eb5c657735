import { EducationalNotice, PageHeader } from '../../../components/page-header';
import { PendingPanel } from '../../../components/pending-panel';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { PENDING } from '../../../lib/pending';

/** /undervalued-analytics (logged-in only): stocks that look cheap against their own history and sector. */
export function UndervaluedAnalyticsPage() {
  usePageMeta({
    title: 'Undervalued Analytics',
    description: 'NSE stocks whose valuation looks low against their own history and their sector, with the figures behind each.',
    path: '/undervalued-analytics',
  });
  return (
    <div className="page-body">
      <PageHeader title="Undervalued Analytics" lead="Stocks that look cheap on the numbers — and the reasons they might be cheap." />
      <EducationalNotice />
      <div className="panel-grid">
        <PendingPanel title="Valuation screen" className="span-2" pending={PENDING.undervalued}>
          <p>
            Price-to-earnings and price-to-book ratios against the stock&apos;s own five-year range and its sector. A low P/E can
            mean a bargain, or a business the market expects to shrink.
          </p>
        </PendingPanel>
        <PendingPanel title="Quality checks" pending={PENDING.undervalued}>
          <p>Debt, earnings stability and cash flow, so a low price is not mistaken for a good one.</p>
        </PendingPanel>
        <PendingPanel title="Your shortlist" pending={PENDING.undervalued}>
          <p>Stocks you mark to follow, kept with your account.</p>
        </PendingPanel>
      </div>
    </div>
  );
}
