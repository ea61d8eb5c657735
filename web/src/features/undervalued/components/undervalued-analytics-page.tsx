import { PageHeader } from '../../../components/page-header';
import { PendingPanel } from '../../../components/pending-panel';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { PENDING } from '../../../lib/pending';

/** /undervalued-analytics (logged-in only): not built yet; the page says so and promises nothing. */
export function UndervaluedAnalyticsPage() {
  usePageMeta({ title: 'Undervalued Analytics', description: PENDING.undervalued, path: '/undervalued-analytics' });
  return (
    <div className="page-body">
      <PageHeader title="Undervalued Analytics" />
      <PendingPanel pending={PENDING.undervalued} />
    </div>
  );
}
