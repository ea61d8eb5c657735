import { PageHeader } from '../../../components/page-header';
import { PendingPanel } from '../../../components/pending-panel';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { PENDING } from '../../../lib/pending';

/** /multi-agent: the Intelligence Hub, not built yet; the page says so and promises nothing. */
export function IntelligenceHubPage() {
  usePageMeta({ title: 'Intelligence Hub', description: PENDING.hub, path: '/multi-agent' });
  return (
    <div className="page-body">
      <PageHeader title="Intelligence Hub" />
      <PendingPanel pending={PENDING.hub} />
    </div>
  );
}
