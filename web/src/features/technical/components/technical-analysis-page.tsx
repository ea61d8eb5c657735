import { EducationalNotice, PageHeader } from '../../../components/page-header';
import { PendingPanel } from '../../../components/pending-panel';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { PENDING } from '../../../lib/pending';

/** /technical-analysis: charts, indicators and a plain-language summary of one NSE stock. */
export function TechnicalAnalysisPage() {
  usePageMeta({
    title: 'Technical Analysis',
    description: 'Price charts, RSI, MACD, moving averages and support and resistance for NSE stocks, explained in plain language.',
    path: '/technical-analysis',
  });
  return (
    <div className="page-body">
      <PageHeader title="Technical Analysis" lead="Price, volume and indicators of one NSE stock, and what each reading commonly means." />
      <EducationalNotice />
      <div className="panel-grid">
        <PendingPanel title="Choose a stock" className="span-2" pending={PENDING.marketData}>
          <p>Search by symbol or company name, for example RELIANCE or Infosys.</p>
        </PendingPanel>
        <PendingPanel title="Price chart" className="span-2" pending={PENDING.marketData}>
          <p>Daily candlesticks with volume, in rupees, with moving-average and Bollinger Band overlays you can switch on and off.</p>
        </PendingPanel>
        <PendingPanel title="Indicators" pending={PENDING.marketData}>
          <ul className="plain-list">
            <li>RSI — how stretched recent gains or losses are, on a 0–100 scale.</li>
            <li>MACD — whether short-term momentum is gaining on or fading against the longer trend.</li>
            <li>ATR and ADX — how much the price usually moves, and how strong the trend is.</li>
          </ul>
        </PendingPanel>
        <PendingPanel title="Support and resistance" pending={PENDING.marketData}>
          <p>Price levels where the stock has repeatedly stopped falling or rising.</p>
        </PendingPanel>
        <PendingPanel title="Technical summary" pending={PENDING.marketData}>
          <p>Trend, momentum and volatility described in words, with no call to act.</p>
        </PendingPanel>
      </div>
    </div>
  );
}
