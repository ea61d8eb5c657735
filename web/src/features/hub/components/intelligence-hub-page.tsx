import { EducationalNotice, PageHeader } from '../../../components/page-header';
import { PendingPanel } from '../../../components/pending-panel';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { PENDING } from '../../../lib/pending';

/** /multi-agent: the Intelligence Hub, where several AI agents look at one stock from their own angle. */
export function IntelligenceHubPage() {
  usePageMeta({
    title: 'Intelligence Hub',
    description: 'Several AI agents study one NSE stock from the technical, sentiment and risk angles and explain where they agree.',
    path: '/multi-agent',
  });
  return (
    <div className="page-body">
      <PageHeader title="Intelligence Hub" lead="Several AI agents study the same stock, each from its own angle, and show their reasoning." />
      <EducationalNotice />
      <div className="panel-grid">
        <PendingPanel title="Technical agent" pending={PENDING.hub}>
          <p>Reads the chart and indicators.</p>
        </PendingPanel>
        <PendingPanel title="Sentiment agent" pending={PENDING.hub}>
          <p>Reads the market&apos;s mood and the news.</p>
        </PendingPanel>
        <PendingPanel title="Risk agent" pending={PENDING.hub}>
          <p>Looks for volatility, drawdowns and unusual trading.</p>
        </PendingPanel>
        <PendingPanel title="Combined view" pending={PENDING.hub}>
          <p>Where the agents agree and disagree, in plain language and with no call to buy or sell.</p>
        </PendingPanel>
      </div>
    </div>
  );
}
