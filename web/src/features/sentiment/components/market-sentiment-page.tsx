import { EducationalNotice, PageHeader } from '../../../components/page-header';
import { PendingPanel } from '../../../components/pending-panel';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { PENDING } from '../../../lib/pending';

/** /market-sentiment: the market's mood index, what drives it, and its history. */
export function MarketSentimentPage() {
  usePageMeta({
    title: 'Market Sentiment',
    description: 'A 0–100 mood index of the NSE market built from breadth, momentum, volatility and new highs versus new lows.',
    path: '/market-sentiment',
  });
  return (
    <div className="page-body">
      <PageHeader title="Market Sentiment" lead="How the market as a whole is feeling, measured rather than guessed." />
      <EducationalNotice />
      <div className="panel-grid">
        <PendingPanel title="Mood index" pending={PENDING.marketData}>
          <p>One number from 0 (fearful) to 100 (greedy), with the date of the prices it is based on.</p>
        </PendingPanel>
        <PendingPanel title="What moves the index" pending={PENDING.marketData}>
          <ul className="plain-list">
            <li>Breadth — how many stocks rose against how many fell.</li>
            <li>Momentum — where prices stand against their recent averages.</li>
            <li>Volatility — how widely prices have been swinging.</li>
            <li>Highs and lows — stocks near their 52-week highs versus their lows.</li>
          </ul>
        </PendingPanel>
        <PendingPanel title="Mood history" className="span-2" pending={PENDING.marketData}>
          <p>The index over time, so today&apos;s reading can be compared with past calm and stressed markets.</p>
        </PendingPanel>
      </div>
    </div>
  );
}
