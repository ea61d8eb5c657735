import { PageHeader } from '../../../components/page-header';
import { PendingPanel } from '../../../components/pending-panel';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { PENDING } from '../../../lib/pending';

/** /analytics (admin only): usage analytics, not built yet. */
export function AnalyticsPage() {
  usePageMeta({ title: 'Analytics', description: PENDING.analytics, path: '/analytics' });
  return (
    <div className="page-body">
      <PageHeader title="Analytics" />
      <PendingPanel pending={PENDING.analytics} />
    </div>
  );
}
